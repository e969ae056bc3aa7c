import type { FaultEnvironment } from '../lib/environment';
import { logHead, waitForReadModels } from '../lib/database';
import { whileAlive } from '../lib/processes';
import { check, say, seconds } from '../lib/report';
import { answerCounts, checkSalesRecordedOnce, checkStockBalances, sellUntil } from '../lib/sales';

const SALES = 240;
const KILL_AFTER = 80;
/** How soon the standby must have taken over (it retries the leader lock every 2 s). */
const TAKEOVER_LIMIT_MS = 10_000;

/**
 * Production's topology on one machine: 2 API processes, 2 projectors (a
 * leader and a standby), 2 workers, one PostgreSQL and one Redis. Sales go
 * through both APIs at once; the leading projector is killed (SIGKILL) and
 * the standby takes over within seconds; afterwards the verification finds no
 * difference between the read models and a clean rebuild.
 */
export async function scaleOut(env: FaultEnvironment): Promise<void> {
  const { seed } = env;
  const db = await env.newDatabase('scale_out');
  const [apiA, apiB, leader] = await Promise.all([
    env.startApi('scale-api-a', db),
    env.startApi('scale-api-b', db),
    env.startProjector('scale-projector-a', db),
  ]);
  if (!/projector is the leader/.test(leader.log)) throw new Error('the first projector did not become the leader');
  const [standby, workerA, workerB] = await Promise.all([
    env.startProjector('scale-projector-b', db),
    env.startWorker('scale-worker-a', db),
    env.startWorker('scale-worker-b', db),
  ]);
  if (!/waiting as a standby/.test(standby.log)) throw new Error('the second projector did not wait as a standby');
  const all = [apiA.process, apiB.process, leader, standby, workerA, workerB];
  say(
    `started 2 APIs (pids ${apiA.process.pid}, ${apiB.process.pid}), 2 projectors (leader ${leader.pid}, standby ` +
      `${standby.pid}), 2 workers (pids ${workerA.pid}, ${workerB.pid}) on one PostgreSQL and one Redis`,
  );

  // Four tills: each pharmacy sells through both APIs, so both write the same stock streams at once.
  const tills = [apiA, apiB].flatMap((api, n) =>
    (['downtown', 'abdoun'] as const).map((at) => ({
      label: `${at} via API ${'AB'[n]}`,
      baseUrl: () => api.baseUrl,
      session: seed.sessions[at],
      pharmacyId: seed.pharmacies[at],
    })),
  );
  const { reached, selling } = sellUntil(KILL_AFTER, {
    tills,
    products: seed.products,
    count: SALES,
    concurrency: 8,
    deadlineMs: 90_000,
  });
  await whileAlive(reached, ...all);

  const standbyLogFrom = standby.log.length;
  const headAtKill = await logHead(db.pool);
  const killedAt = Date.now();
  await leader.kill('SIGKILL');
  say(
    `killed the leading projector (SIGKILL, pid ${leader.pid}) after ${KILL_AFTER} of ${SALES} sales, ` +
      'sold through both APIs at once',
  );
  await whileAlive(standby.waitForLine(/projector is the leader/, TAKEOVER_LIMIT_MS, standbyLogFrom), standby);
  const tookLeadMs = Date.now() - killedAt;
  await whileAlive(waitForReadModels(db.pool, TAKEOVER_LIMIT_MS, headAtKill), standby);
  const caughtUpMs = Date.now() - killedAt;
  check(
    `the standby (pid ${standby.pid}) took the leader lock ${seconds(tookLeadMs)} after the kill and the read models ` +
      `passed the log head at the kill ${seconds(caughtUpMs)} after it (limit ${seconds(TAKEOVER_LIMIT_MS)})`,
    caughtUpMs <= TAKEOVER_LIMIT_MS ? [] : [`took ${seconds(caughtUpMs)}`],
  );

  const rest = all.filter((p) => p !== leader);
  const load = await whileAlive(selling, ...rest);
  await whileAlive(waitForReadModels(db.pool, 30_000), standby);
  const perApi = [apiA, apiB].map(
    (api) =>
      load.acknowledged.filter((sale) => tills.find((t) => t.label === sale.till)!.baseUrl() === api.baseUrl).length,
  );
  check(
    `${load.acknowledged.length}/${SALES} sales acknowledged (${perApi[0]} through API A, ${perApi[1]} through API B; ` +
      `answers: ${answerCounts(load)}), each in the log exactly once, none extra; stock on hand = received − sold`,
    [
      ...perApi.flatMap((n, i) => (n > 0 ? [] : [`no sale went through API ${'AB'[i]}`])),
      ...(await checkSalesRecordedOnce(db.pool, [load])),
      ...(await checkStockBalances({
        session: seed.sessions.downtown,
        baseUrl: apiB.baseUrl,
        pharmacies: Object.values(seed.pharmacies),
        products: seed.products,
        received: seed.received,
        loads: [load],
      })),
      ...rest.flatMap((p) => (p.alive ? [] : [`${p.name} ended (${p.status})`])),
    ],
  );
  const verification = await env.verify(db);
  check(
    `verification (npm run projections:verify): no difference between the read models and a clean rebuild ` +
      `(${verification.events} events, ${seconds(verification.ms)})`,
    verification.ok ? [] : [verification.output],
  );
  await Promise.all(rest.map((p) => p.stop()));
}
