// EXPERIMENT (benchmarks only, not used by the application).
//
// Same adapter as libs/event-store PostgresEventStore, but the common case of a
// coalesced batch is written in ONE round trip: a PL/pgSQL function takes the
// advisory lock, checks every expected revision and every event id, assigns
// positions, inserts events and stream heads and notifies, all inside the
// implicit transaction of that single statement. The lock is therefore held
// for the function's execution plus the commit (WAL flush), instead of for
// seven client/server round trips plus the commit.
//
// When anything in the batch would not pass (a stale expected revision, an
// event id already written, duplicate ids in the batch, expectations the
// client cannot resolve in advance) the function writes nothing and the batch
// goes through the original multi-statement path, which answers each append
// on its own exactly as before. Reads and subscriptions are inherited.
//
// No imports: the class is built on whichever PostgresEventStore it is given
// (the compiled one for the benchmarks, see ./index.mjs; the TypeScript source
// for the contract suite, see ./single-round-trip.contract.spec.mjs).

/** DDL of the function (would become a migration in libs/event-store/src/postgres/schema.ts). */
export const APPEND_FUNCTION_SQL = `
CREATE OR REPLACE FUNCTION eventstore.append_batch(
  p_streams text[],        -- distinct streams of the batch
  p_req_kind text[],       -- per stream: 'a' any, 'n' no_stream, 'e' stream_exists, 'r' revision
  p_req_rev bigint[],      -- per stream: the expected revision when kind = 'r'
  p_added bigint[],        -- per stream: number of events added by the batch
  p_ev_stream int[],       -- per event: 1-based index into p_streams
  p_ev_offset bigint[],    -- per event: 1-based rank of the event inside its stream in this batch
  p_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_occurred timestamptz[]
) RETURNS TABLE (applied boolean, base bigint, currents text[])
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_base bigint;
  v_cur bigint[];
BEGIN
  -- Same key as the adapter: position order = commit order across all writers.
  PERFORM pg_advisory_xact_lock(7364201911);
  -- READ COMMITTED: each statement below takes a new snapshot, taken after the lock was granted.
  -- One index probe per stream (a join here gets a hash join over the whole table in the generic plan).
  v_cur := ARRAY(SELECT (SELECT s.revision FROM eventstore.streams s WHERE s.stream_id = p_streams[i])
                   FROM generate_subscripts(p_streams, 1) AS i ORDER BY i);
  IF EXISTS (SELECT 1 FROM unnest(p_req_kind, p_req_rev, v_cur) AS r(kind, rev, cur)
              WHERE (r.kind = 'r' AND r.cur IS DISTINCT FROM r.rev)
                 OR (r.kind = 'n' AND r.cur IS NOT NULL)
                 OR (r.kind = 'e' AND r.cur IS NULL))
     OR EXISTS (SELECT 1 FROM eventstore.events WHERE event_id = ANY (p_ids)) THEN
    RETURN QUERY SELECT false, NULL::bigint, v_cur::text[];
    RETURN;
  END IF;
  SELECT coalesce(max(position), 0) INTO v_base FROM eventstore.events;
  INSERT INTO eventstore.events (position, event_id, stream_id, revision, type, data, metadata, occurred_at)
  SELECT v_base + e.ord, e.id, p_streams[e.sidx], coalesce(v_cur[e.sidx], -1) + e.off, e.type, e.data, e.meta, e.occ
    FROM unnest(p_ev_stream, p_ev_offset, p_ids, p_types, p_data, p_metadata, p_occurred)
         WITH ORDINALITY AS e(sidx, off, id, type, data, meta, occ, ord);
  INSERT INTO eventstore.streams (stream_id, revision)
  SELECT x.st, coalesce(x.cur, -1) + x.added FROM unnest(p_streams, v_cur, p_added) AS x(st, cur, added)
  ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision;
  PERFORM pg_notify('eventstore_appended', (v_base + cardinality(p_ids))::text);
  RETURN QUERY SELECT true, v_base, v_cur::text[];
END
$fn$`;

const APPEND_CALL =
  'SELECT * FROM eventstore.append_batch($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::int[], $6::bigint[], ' +
  '$7::uuid[], $8::text[], $9::jsonb[], $10::jsonb[], $11::timestamptz[])';

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

/**
 * Parameters for the one-statement path, or null when the batch needs the
 * general path (the outcome of some append cannot be decided in advance).
 */
export function planFastBatch(batch) {
  const streams = [];
  const index = new Map();
  const kind = [];
  const reqRev = [];
  const known = []; // per stream: the revision before the batch when the requirement fixes it, else undefined
  const added = [];
  const ev = { stream: [], offset: [], id: [], type: [], data: [], metadata: [], occurred: [] };
  const ids = new Set();
  const answers = [];
  for (const append of batch) {
    const expected = append.expected;
    let s = index.get(append.streamId);
    if (s === undefined) {
      s = streams.length;
      index.set(append.streamId, s);
      streams.push(append.streamId);
      added.push(0n);
      // The condition on the stream's revision before the batch, and that revision when the condition fixes it.
      const [k, rev, before] =
        expected === 'any'
          ? ['a', null, undefined]
          : expected === 'no_stream'
            ? ['n', null, -1n]
            : expected === 'stream_exists'
              ? ['e', null, undefined]
              : ['r', expected.toString(), expected];
      kind.push(k);
      reqRev.push(rev);
      known.push(before);
    } else if (expected === 'no_stream') {
      return null; // an earlier append of this batch creates the stream: this one fails
    } else if (typeof expected === 'bigint') {
      if (known[s] === undefined || known[s] + added[s] !== expected) return null;
    }
    for (const event of append.events) {
      const id = event.id.toLowerCase();
      if (ids.has(id)) return null; // a retry inside the batch or a conflict: general path
      ids.add(id);
      added[s] += 1n;
      ev.stream.push(s + 1);
      ev.offset.push(added[s].toString());
      ev.id.push(event.id);
      ev.type.push(event.type);
      ev.data.push(JSON.stringify(event.data ?? null));
      ev.metadata.push(JSON.stringify(event.metadata));
      ev.occurred.push(event.metadata.occurredAt);
    }
    answers.push({ append, stream: s, offset: added[s], last: BigInt(ev.id.length) });
  }
  return {
    answers,
    params: [
      streams,
      kind,
      reqRev,
      added.map(String),
      ev.stream,
      ev.offset,
      ev.id,
      ev.type,
      ev.data,
      ev.metadata,
      ev.occurred,
    ],
  };
}

/** The experimental adapter as a subclass of the given PostgresEventStore (it overrides two private methods). */
export function defineSingleRoundTripStore({ PostgresEventStore, EventStoreUnavailableError }) {
  return class SingleRoundTripEventStore extends PostgresEventStore {
    /** maxInFlight > 1 lets one process have several coalesced batches in flight (changes per-process submission order: experiment only). */
    constructor(options) {
      super(options);
      this.maxInFlight = options.maxInFlight ?? 1;
      this.inFlight = 0;
      this.fastBatches = 0;
      this.slowBatches = 0;
    }

    commitQueued() {
      while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
        const batch = [];
        let size = 0;
        while (this.queue.length > 0) {
          const next = this.queue[0];
          if (batch.length > 0 && size + next.events.length > this.maxEventsPerCommit) break;
          batch.push(this.queue.shift());
          size += next.events.length;
        }
        this.inFlight += 1;
        this.committing = true;
        void this.commitBatch(batch).finally(() => {
          this.inFlight -= 1;
          this.committing = this.inFlight > 0;
          this.commitQueued();
        });
      }
    }

    async commitBatch(batch) {
      const plan = planFastBatch(batch);
      if (!plan) {
        this.slowBatches += 1;
        return super.commitBatch(batch);
      }
      let row;
      try {
        ({
          rows: [row],
        } = await this.pool.query(APPEND_CALL, plan.params));
      } catch (error) {
        const failure = isConnectionError(error)
          ? new EventStoreUnavailableError('The event store database cannot be reached', { cause: error })
          : error;
        for (const append of batch) append.reject(failure);
        return;
      }
      if (!row.applied) {
        // Something would fail: nothing was written; the general path answers each append on its own.
        this.slowBatches += 1;
        return super.commitBatch(batch);
      }
      this.fastBatches += 1;
      this.signalAppended();
      const base = BigInt(row.base);
      for (const { append, stream, offset, last } of plan.answers) {
        const current = row.currents[stream] == null ? -1n : BigInt(row.currents[stream]);
        const position = base + last;
        append.resolve({ nextExpectedRevision: current + offset, position: { commit: position, prepare: position } });
      }
    }
  };
}
