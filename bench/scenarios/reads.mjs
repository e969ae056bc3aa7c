// Scenario 4: reading the whole log, by subscription and by readAll loops.
import { cpuMeter, eventStore, pg } from '../lib/util.mjs';

const { PostgresEventStore } = eventStore;

/**
 * Tops the log up to at least `atLeast` events quickly, server-side, in
 * chunks (one transaction each, under the append lock, positions continuing
 * after the head, 20 events per stream with contiguous revisions), with the
 * same columns and payload shape as the events the append runs write.
 */
export async function prefill(url, atLeast, chunk = 100_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const meter = cpuMeter();
  try {
    const existing = (await client.query('SELECT count(*)::int AS n FROM eventstore.events')).rows[0].n;
    const count = Math.max(0, atLeast - existing);
    for (let done = 0, c = 0; done < count; done += chunk, c++) {
      const n = Math.min(chunk, count - done);
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(7364201911)');
      await client.query(
        `INSERT INTO eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
         SELECT h.head + g, gen_random_uuid(), 'prefill-' || $2::int || '-' || ((g - 1) % 5000), (g - 1) / 5000,
                CASE WHEN g % 2 = 0 THEN 'StockCounted' ELSE 'StockReceived' END,
                jsonb_build_object('sku', 'SKU-' || (g % 5000), 'quantity', g % 7 + 1, 'lot', 'L' || (g % 97), 'note', 'benchmark event payload'),
                jsonb_build_object('userId', '00000000-0000-4000-8000-000000000001', 'pharmacyId', '00000000-0000-4000-8000-000000000002',
                                   'correlationId', gen_random_uuid(), 'causationId', null, 'occurredAt', now()),
                now()
           FROM generate_series(1, $1::int) g, (SELECT coalesce(max(position), 0) AS head FROM eventstore.events) h`,
        [n, c],
      );
      await client.query(
        `INSERT INTO eventstore.streams (stream_id, revision)
         SELECT 'prefill-' || $2::int || '-' || s, ($1::int - 1 - s) / 5000 FROM generate_series(0, least(4999, $1::int - 1)) s`,
        [n, c],
      );
      await client.query('COMMIT');
    }
    // A long-lived log has hint bits set and a visibility map; do that now rather than during the first timed read.
    await client.query('VACUUM (ANALYZE) eventstore.events');
    const { rows } = await client.query(
      'SELECT count(*)::int AS n, max(position)::text AS head FROM eventstore.events',
    );
    return { total: rows[0].n, existing, prefilled: count, head: BigInt(rows[0].head), seconds: meter().wallMs / 1000 };
  } finally {
    await client.end();
  }
}

const KEYSET = `SELECT position, event_id, stream_id, revision, type, data, metadata, recorded_at
  FROM eventstore.events WHERE position > $1 ORDER BY position LIMIT $2`;

/** The bare keyset query through node-postgres (rows parsed, not mapped to RecordedEvent). */
export async function rawKeyset(url, batchSize, head) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const meter = cpuMeter();
  let after = '0';
  let count = 0;
  for (;;) {
    const { rows } = await client.query(KEYSET, [after, batchSize]);
    if (rows.length === 0) break;
    count += rows.length;
    after = rows[rows.length - 1].position;
    if (BigInt(after) >= head) break;
  }
  const usage = meter();
  await client.end();
  return {
    label: `raw keyset SELECT (pg only), batch ${batchSize}`,
    count,
    ...usage,
    eventsPerSec: count / (usage.wallMs / 1000),
  };
}

export async function readAllLoop(url, batchSize, head) {
  const store = new PostgresEventStore({ connectionString: url });
  const meter = cpuMeter();
  let after = null;
  let count = 0;
  for (;;) {
    const events = await store.readAll({ after, maxCount: batchSize });
    if (events.length === 0) break;
    count += events.length;
    after = events[events.length - 1].position;
    if (after.commit >= head) break;
  }
  const usage = meter();
  await store.close();
  return { label: `readAll loop, maxCount ${batchSize}`, count, ...usage, eventsPerSec: count / (usage.wallMs / 1000) };
}

export async function subscribeAll(url, batchSize, head) {
  const store = new PostgresEventStore({ connectionString: url });
  let count = 0;
  let last = 0n;
  let ordered = true;
  let finish;
  const finished = new Promise((r) => (finish = r));
  const meter = cpuMeter();
  const subscription = store.subscribe({ batchSize }, async (batch) => {
    for (const e of batch) {
      if (e.position.commit !== last + 1n) ordered = false;
      last = e.position.commit;
    }
    count += batch.length;
    if (last >= head) finish();
  });
  await Promise.race([finished, subscription.done]);
  const usage = meter();
  await subscription.stop();
  await store.close();
  return {
    label: `subscribe from start, batchSize ${batchSize}`,
    count,
    ordered,
    ...usage,
    eventsPerSec: count / (usage.wallMs / 1000),
  };
}
