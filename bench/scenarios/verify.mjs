// Scenario 3: the log written by the append scenarios is gap-free and every
// stream's revisions are contiguous and in position order.
import { pg } from '../lib/util.mjs';

export async function verifyLog(url, acknowledged) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql) => (await client.query(sql)).rows[0];
    const totals = await one(`SELECT count(*)::bigint AS n, coalesce(min(position), 0)::bigint AS lo,
                                      coalesce(max(position), 0)::bigint AS hi, count(DISTINCT stream_id)::int AS streams
                                 FROM eventstore.events`);
    const revisionGaps = await one(`SELECT count(*)::int AS n FROM (
        SELECT revision, row_number() OVER (PARTITION BY stream_id ORDER BY position) - 1 AS expected
          FROM eventstore.events) t WHERE revision <> expected`);
    const headMismatch = await one(`SELECT count(*)::int AS n FROM eventstore.streams s
        FULL JOIN (SELECT stream_id, max(revision) AS m FROM eventstore.events GROUP BY stream_id) e USING (stream_id)
        WHERE s.revision IS DISTINCT FROM e.m`);
    const n = BigInt(totals.n);
    const checks = [
      [
        'positions are 1..N (count = max, min = 1)',
        n === BigInt(totals.hi) && (n === 0n || BigInt(totals.lo) === 1n),
        `N=${totals.n}, min=${totals.lo}, max=${totals.hi}`,
      ],
      [
        'rows in the log = events acknowledged to writers',
        n === BigInt(acknowledged.events),
        `${totals.n} vs ${acknowledged.events}`,
      ],
      [
        'acknowledged append positions are distinct',
        acknowledged.positions.size === acknowledged.appends,
        `${acknowledged.positions.size} / ${acknowledged.appends}`,
      ],
      [
        'per stream: revisions 0..k contiguous in position order',
        revisionGaps.n === 0,
        `${revisionGaps.n} out of place, ${totals.streams} streams`,
      ],
      ['streams table head = last revision of each stream', headMismatch.n === 0, `${headMismatch.n} mismatches`],
      [
        'nextExpectedRevision answered = expected + 2',
        acknowledged.revisionMismatches === 0,
        `${acknowledged.revisionMismatches} mismatches`,
      ],
      ['no append failed', acknowledged.errors.length === 0, acknowledged.errors.join('; ') || 'none'],
    ];
    return checks.map(([check, ok, detail]) => ({ check, ok, detail }));
  } finally {
    await client.end();
  }
}
