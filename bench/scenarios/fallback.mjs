// Scenario 3 (continued): quick behavioural checks of the adapter's two append paths:
// the one-statement path (eventstore.append_batch) and its fallback to the
// checked path (conflicts, retries, batches with chained expectations).
import { randomUUID } from 'node:crypto';
import { eventStore, makeEvent } from '../lib/util.mjs';
import { queryStats, resetQueryStats } from '../lib/instrument.mjs';

const { PostgresEventStore } = eventStore;

export async function fallbackChecks(url) {
  const store = new PostgresEventStore({ connectionString: url });
  resetQueryStats();
  const results = [];
  const check = async (name, fn) => {
    try {
      const detail = await fn();
      results.push({ check: name, ok: detail !== false, detail: typeof detail === 'string' ? detail : '' });
    } catch (error) {
      results.push({ check: name, ok: false, detail: error.message });
    }
  };
  const rejectsWith = async (promise, errorName) => {
    try {
      await promise;
      return false;
    } catch (error) {
      return error.name === errorName || error.constructor?.name === errorName;
    }
  };
  const ns = `fallback-${randomUUID().slice(0, 8)}`;
  const e1 = makeEvent('A', 1);
  let first;
  await check('new stream, expected no_stream', async () => {
    first = await store.append(`${ns}-1`, [e1], 'no_stream');
    return first.nextExpectedRevision === 0n;
  });
  await check('stale expected revision rejected', () =>
    rejectsWith(store.append(`${ns}-1`, [makeEvent('A', 2)], 'no_stream'), 'WrongExpectedRevisionError'),
  );
  await check('retry of a committed append answers as the original', async () => {
    const again = await store.append(`${ns}-1`, [e1], 'no_stream');
    return again.position.commit === first.position.commit && again.nextExpectedRevision === 0n;
  });
  await check('chained expectations in one coalesced batch', async () => {
    const [a, b, c] = await Promise.all([
      store.append(`${ns}-2`, [makeEvent('A', 1)], 'no_stream'),
      store.append(`${ns}-2`, [makeEvent('A', 2), makeEvent('A', 3)], 0n),
      store.append(`${ns}-2`, [makeEvent('A', 4)], 'any'),
    ]);
    return (
      a.nextExpectedRevision === 0n &&
      b.nextExpectedRevision === 2n &&
      c.nextExpectedRevision === 3n &&
      c.position.commit === a.position.commit + 3n
    );
  });
  await check('one stale append does not fail the others of its batch', async () => {
    const [ok, stale] = await Promise.allSettled([
      store.append(`${ns}-3`, [makeEvent('A', 1)], 'no_stream'),
      store.append(`${ns}-1`, [makeEvent('A', 1)], 7n),
    ]);
    return (
      ok.status === 'fulfilled' && stale.status === 'rejected' && stale.reason.name === 'WrongExpectedRevisionError'
    );
  });
  await check('stream_exists on a missing stream rejected', () =>
    rejectsWith(store.append(`${ns}-4`, [makeEvent('A', 1)], 'stream_exists'), 'WrongExpectedRevisionError'),
  );
  await check('a refused batch writes nothing and the store keeps working', async () => {
    const bad = { ...makeEvent('Bad', 1), data: { text: 'nul \u0000 byte' } };
    const failed = await store.append(`${ns}-5`, [bad], 'no_stream').then(
      () => false,
      () => true,
    );
    const empty = (await store.readStream(`${ns}-5`)).length === 0;
    const after = await store.append(`${ns}-5`, [makeEvent('A', 1)], 'no_stream');
    return failed && empty && after.nextExpectedRevision === 0n;
  });
  await check('stream read back equals what was appended', async () => {
    const events = await store.readStream(`${ns}-2`);
    return events.map((e) => e.revision).join(',') === '0,1,2,3';
  });
  const calls = (key) => queryStats().get(key)?.count ?? 0;
  results.push({
    check: 'paths taken',
    ok: calls('append function') > 0 && calls('BEGIN') > 0,
    detail: `${calls('append function')} append_batch calls, ${calls('BEGIN')} checked-path transactions`,
  });
  await store.close();
  return results;
}
