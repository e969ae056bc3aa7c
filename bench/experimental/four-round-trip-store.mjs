// EXPERIMENT (benchmarks only, not used by the application).
//
// The adapter's commitBatch with the same logic in TypeScript/JS, but its
// nine statements merged into four round trips, without a database function:
//   1. 'BEGIN; SELECT pg_advisory_xact_lock(k)'   (simple protocol, two statements)
//   2. one SELECT returning stream revisions, already-written ids and the head
//   3. one statement: INSERT events + upsert streams (data-modifying CTEs) + pg_notify
//   4. COMMIT
// The lock is held for round trips 2–4 (and the WAL flush) instead of 2–9.
import { eventStore } from '../lib/util.mjs';

const { PostgresEventStore, EventStoreUnavailableError, IdempotencyConflictError, WrongExpectedRevisionError } =
  eventStore;

const APPEND_LOCK_KEY = 7_364_201_911;

const READ_STATE = `SELECT
  (SELECT coalesce(json_agg(json_build_array(stream_id, revision::text)), '[]')
     FROM eventstore.streams WHERE stream_id = ANY ($1::text[])) AS streams,
  (SELECT coalesce(json_agg(json_build_array(event_id, stream_id, revision::text, position::text)), '[]')
     FROM eventstore.events WHERE event_id = ANY ($2::uuid[])) AS existing,
  (SELECT coalesce(max(position), 0)::text FROM eventstore.events) AS head`;

const WRITE = `WITH inserted AS (
    INSERT INTO eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
    SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[], $7::jsonb[], $8::timestamptz[])
  ), heads AS (
    INSERT INTO eventstore.streams (stream_id, revision)
    SELECT * FROM unnest($9::text[], $10::bigint[])
    ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision
  )
  SELECT pg_notify('eventstore_appended', $11)`;

function isConnectionError(error) {
  const code = error?.code ?? '';
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08003',
    '08006',
  ].includes(code);
}

function revisionMatches(expected, current) {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
}

const position = (value) => ({ commit: value, prepare: value });

export class FourRoundTripEventStore extends PostgresEventStore {
  async commitBatch(batch) {
    const outcomes = [];
    let client = null;
    try {
      client = await this.pool.connect();
      await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);
      const streamIds = [...new Set(batch.map((a) => a.streamId))];
      const eventIds = batch.flatMap((a) => a.events.map((e) => e.id.toLowerCase()));
      const {
        rows: [state],
      } = await client.query(READ_STATE, [streamIds, eventIds]);
      const revisions = new Map(state.streams.map(([id, rev]) => [id, BigInt(rev)]));
      const written = new Map(
        state.existing.map(([event_id, stream_id, revision, pos]) => [
          event_id,
          { event_id, stream_id, revision, position: pos },
        ]),
      );
      const planned = new Map();
      const results = new Map();
      let next = BigInt(state.head);
      const cols = { position: [], id: [], stream: [], revision: [], type: [], data: [], metadata: [], occurredAt: [] };

      for (const append of batch) {
        const ids = append.events.map((e) => e.id.toLowerCase());
        const already = ids.filter((id) => written.has(id));
        if (already.length > 0) {
          const rows = already.map((id) => written.get(id));
          if (already.length === ids.length && rows.every((r) => r.stream_id === append.streamId)) {
            const last = rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
            const result = { nextExpectedRevision: BigInt(last.revision), position: position(BigInt(last.position)) };
            outcomes.push(() => append.resolve(result));
          } else {
            outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, already)));
          }
          continue;
        }
        const twin = planned.get(ids[0]);
        if (twin) {
          if (twin.streamId === append.streamId && ids.every((id) => planned.get(id) === twin)) {
            outcomes.push(() => append.resolve(results.get(twin)));
          } else {
            outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, ids)));
          }
          continue;
        }
        if (ids.some((id) => planned.has(id)) || new Set(ids).size !== ids.length) {
          outcomes.push(() => append.reject(new IdempotencyConflictError(append.streamId, ids)));
          continue;
        }
        const current = revisions.get(append.streamId) ?? null;
        if (!revisionMatches(append.expected, current)) {
          const error = new WrongExpectedRevisionError(append.streamId, append.expected, current);
          outcomes.push(() => append.reject(error));
          continue;
        }
        let revision = current ?? -1n;
        for (const event of append.events) {
          revision += 1n;
          next += 1n;
          cols.position.push(next.toString());
          cols.id.push(event.id);
          cols.stream.push(append.streamId);
          cols.revision.push(revision.toString());
          cols.type.push(event.type);
          cols.data.push(JSON.stringify(event.data ?? null));
          cols.metadata.push(JSON.stringify(event.metadata));
          cols.occurredAt.push(event.metadata.occurredAt);
          planned.set(event.id.toLowerCase(), append);
        }
        revisions.set(append.streamId, revision);
        const result = { nextExpectedRevision: revision, position: position(next) };
        results.set(append, result);
        outcomes.push(() => append.resolve(result));
      }

      if (cols.position.length > 0) {
        const touched = [...new Set(cols.stream)];
        await client.query(WRITE, [
          cols.position,
          cols.id,
          cols.stream,
          cols.revision,
          cols.type,
          cols.data,
          cols.metadata,
          cols.occurredAt,
          touched,
          touched.map((s) => revisions.get(s).toString()),
          next.toString(),
        ]);
      }
      await client.query('COMMIT');
      if (cols.position.length > 0) this.signalAppended();
      for (const outcome of outcomes) outcome();
    } catch (error) {
      if (client) await client.query('ROLLBACK').catch(() => undefined);
      const failure = isConnectionError(error)
        ? new EventStoreUnavailableError('The event store database cannot be reached', { cause: error })
        : error;
      for (const append of batch) append.reject(failure);
    } finally {
      client?.release();
    }
  }
}
