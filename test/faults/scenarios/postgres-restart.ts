import type { FaultEnvironment } from '../lib/environment';
import { waitForReadModels } from '../lib/database';
import { sleep, whileAlive } from '../lib/processes';
import { check, say, seconds } from '../lib/report';
import { answerCounts, checkSalesRecordedOnce, checkStockBalances, sellUntil } from '../lib/sales';

const SALES = 200;
const KILL_AFTER = 60;
const DOWN_MS = 3000;

/**
 * PostgreSQL killed (immediate shutdown: a crash) under a sales load, and
 * started again. While it is down the API answers 503 with Retry-After (no
 * other 5xx, no hang); it recovers by itself; no acknowledged sale is lost and
 * none is recorded twice (the tills retry with their Idempotency-Key).
 */
export async function postgresRestartedUnderLoad(env: FaultEnvironment): Promise<void> {
  const { seed } = env;
  const db = await env.newDatabase('postgres_restart');
  const api = await env.startApi('pg-api', db);
  const projector = await env.startProjector('pg-projector', db);
  const tills = (['downtown', 'abdoun'] as const).map((at) => ({
    label: at,
    baseUrl: () => api.baseUrl,
    session: seed.sessions[at],
    pharmacyId: seed.pharmacies[at],
  }));

  const { reached, selling } = sellUntil(KILL_AFTER, {
    tills,
    products: seed.products,
    count: SALES,
    concurrency: 8,
    deadlineMs: 90_000,
  });
  await reached;

  // A reader beside the tills: every 100 ms a list of sales (session lookup and a read-table query).
  const reads: Array<{ sent: number; at: number; status: number; retryAfter: boolean; ms: number }> = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const sent = Date.now();
      const answer = await seed.sessions.downtown.request(api.baseUrl, 'GET', '/api/sales?limit=1', {
        timeoutMs: 10_000,
      });
      reads.push({
        sent,
        at: Date.now(),
        status: answer.status,
        retryAfter: answer.headers.has('retry-after'),
        ms: answer.ms,
      });
      await sleep(100);
    }
  })();

  const killedAt = Date.now();
  await env.crashPostgres();
  const down = Date.now();
  say(
    `killed PostgreSQL (pg_ctl stop -m immediate) after ${KILL_AFTER} of ${SALES} sales were acknowledged, ` +
      `8 tills selling through one API (pid ${api.process.pid}) with a projector (pid ${projector.pid})`,
  );
  await sleep(DOWN_MS - (down - killedAt));
  const restarting = Date.now();
  const restartMs = await env.restartPostgres();
  const back = Date.now();
  const load = await whileAlive(selling, api.process, projector);
  await waitForReadModels(db.pool, 30_000);
  reading = false;
  await reader;

  // Asked after PostgreSQL was down, answered before it was started again (it may serve before pg_ctl says so).
  const duringOutage = reads.filter((r) => r.sent >= down && r.at < restarting);
  // The first answers of the restarted database (it may serve a moment before pg_ctl returns: counted as 0 s).
  const firstServed = reads.find((r) => r.sent >= restarting && r.status === 200);
  const firstSale = Math.min(...load.acknowledged.map((s) => s.acknowledgedAt!).filter((t) => t >= restarting));
  const unavailable = load.unavailable + duringOutage.filter((r) => r.status === 503).length;
  const withRetryAfter = load.withRetryAfter + duringOutage.filter((r) => r.status === 503 && r.retryAfter).length;
  const otherReads = duringOutage.filter((r) => r.status !== 503).map((r) => r.status);
  const slowest = Math.max(0, ...duringOutage.map((r) => r.ms));
  say(`  PostgreSQL down ${seconds(back - killedAt)}; restarted (crash recovery) in ${seconds(restartMs)}`);
  check(
    `while down: ${unavailable} answers 503, all with Retry-After; 0 other 5xx, 0 unanswered; slowest answer ${seconds(slowest)}`,
    [
      ...(unavailable > 0 ? [] : ['no request was answered 503 while PostgreSQL was down']),
      ...(withRetryAfter === unavailable ? [] : [`${unavailable - withRetryAfter} answers 503 had no Retry-After`]),
      ...(Object.keys(load.unexpected).length === 0 ? [] : [`sales answered ${JSON.stringify(load.unexpected)}`]),
      ...(otherReads.length === 0 ? [] : [`reads answered ${otherReads.join(' ')} while PostgreSQL was down`]),
      ...(Object.keys(load.noAnswer).length === 0 ? [] : [`sales without an answer: ${JSON.stringify(load.noAnswer)}`]),
      ...(slowest <= 5000 ? [] : [`a read took ${seconds(slowest)} while PostgreSQL was down (a hang)`]),
    ],
  );

  const recovered = firstServed ? Math.max(0, firstServed.at - back) : Infinity;
  check(
    `API recovered by itself: same process (pid ${api.process.pid}), first read 200 ${seconds(recovered)} and first sale 201 ` +
      `${seconds(Math.max(0, firstSale - back))} after PostgreSQL was back; projector: same process (pid ${projector.pid}), caught up`,
    [
      ...(api.process.alive ? [] : [`the API process ended (${api.process.status}):\n${api.process.tail()}`]),
      ...(projector.alive ? [] : [`the projector ended (${projector.status}):\n${projector.tail()}`]),
      ...(recovered <= 10_000 ? [] : ['the API did not serve a read within 10 s of PostgreSQL being back']),
    ],
  );

  check(
    `${load.acknowledged.length}/${SALES} sales acknowledged (answers: ${answerCounts(load)}), each in the log exactly once, none extra`,
    await checkSalesRecordedOnce(db.pool, [load]),
  );
  check(
    `stock on hand = received − sold for 2 pharmacies × ${seed.products.length} products`,
    await checkStockBalances({
      session: seed.sessions.downtown,
      baseUrl: api.baseUrl,
      pharmacies: Object.values(seed.pharmacies),
      products: seed.products,
      received: seed.received,
      loads: [load],
    }),
  );
  const verification = await env.verify(db);
  check(
    `verification: the read models equal a clean rebuild from the log (${verification.events} events, ${seconds(verification.ms)})`,
    verification.ok ? [] : [verification.output],
  );
  await Promise.all([api.process.stop(), projector.stop()]);
}
