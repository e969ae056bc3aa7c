// Counts (and times) every statement sent through node-postgres, by patching
// Client.prototype.query of the one `pg` copy the event store uses. Each call
// is one network round trip (the extended protocol sends parse/bind/execute/sync
// together), so the counts are round trips.
import { pg } from './util.mjs';

const original = pg.Client.prototype.query;
let stats = new Map();

function keyOf(config) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string') return '(other)';
  return statementKey(text);
}

/** A short name for a statement of the adapter (client text, or pg_stat_statements text incl. eventstore.append_batch's). */
export function statementKey(text) {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^(v_cur := |SELECT )?ARRAY\(SELECT \(SELECT s.revision/i.test(t)) return 'read stream revisions';
  if (/^(SELECT )?\(?EXISTS/i.test(t)) return 'check revisions + existing ids';
  if (/^SELECT pg_advisory_xact_lock/i.test(t)) return 'lock';
  if (/^SELECT stream_id, revision FROM eventstore.streams/i.test(t)) return 'read stream revisions';
  if (/^INSERT INTO bench.plain_events/i.test(t)) return 'insert (baseline)';
  if (/^RETURN QUERY|^SELECT true, v_base|^SELECT false/i.test(t)) return 'return';
  if (/^SELECT event_id, stream_id, revision, position FROM eventstore.events/i.test(t)) return 'read existing ids';
  if (/^SELECT coalesce\(max\(position\)/i.test(t)) return 'read head';
  if (/^COMMIT/i.test(t)) return 'COMMIT';
  if (/^BEGIN/i.test(t)) return 'BEGIN';
  if (/^INSERT INTO eventstore.events/i.test(t)) return 'insert events';
  if (/^INSERT INTO eventstore.streams/i.test(t)) return 'upsert streams';
  if (/^SELECT pg_notify/i.test(t)) return 'notify';
  if (/FROM eventstore\.append_batch\(/i.test(t)) return 'append function';
  return t.split(' ').slice(0, 2).join(' ').slice(0, 24);
}

function record(key, started) {
  const elapsed = Number(process.hrtime.bigint() - started) / 1e3; // µs
  let s = stats.get(key);
  if (!s) stats.set(key, (s = { count: 0, totalUs: 0 }));
  s.count += 1;
  s.totalUs += elapsed;
}

pg.Client.prototype.query = function query(config, values, callback) {
  const key = keyOf(config);
  const started = process.hrtime.bigint();
  const cb = typeof values === 'function' ? values : typeof callback === 'function' ? callback : null;
  if (cb) {
    const wrapped = function (...args) {
      record(key, started);
      return cb.apply(this, args);
    };
    return typeof values === 'function'
      ? original.call(this, config, wrapped)
      : original.call(this, config, values, wrapped);
  }
  const result = original.call(this, config, values, callback);
  if (result && typeof result.then === 'function') {
    result.then(
      () => record(key, started),
      () => record(key, started),
    );
  }
  return result;
};

/** Starts a fresh count; returns the previous one. */
export function resetQueryStats() {
  const previous = stats;
  stats = new Map();
  return previous;
}

export function queryStats() {
  return stats;
}

export function totalQueries(s = stats) {
  let n = 0;
  for (const v of s.values()) n += v.count;
  return n;
}
