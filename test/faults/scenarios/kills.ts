import type { FaultEnvironment, ScenarioDatabase } from '../lib/environment';
import {
  backendAlive,
  blockedBackend,
  checkpoint,
  holdLock,
  logHead,
  readModelsAt,
  transferEventAt,
  transferEvents,
  waitFor,
  waitForReadModels,
} from '../lib/database';
import type { ServerProcess } from '../lib/processes';
import { whileAlive } from '../lib/processes';
import { check, say, seconds } from '../lib/report';
import { checkSalesRecordedOnce, checkStockBalances, sell, type SalesLoad } from '../lib/sales';

/** The read table the projector writes last in a batch (the history projection comes last). */
const LAST_TABLE = 'entity_history';
const TRANSFERRED = 10;

/**
 * The projector killed (SIGKILL) in the middle of a batch, then the API
 * process that runs the transfer reactor killed between the steps of a
 * transfer, twice. Each time a lock held by the suite stops the process at
 * the chosen point, so the kill lands exactly there. After the restarts the
 * read models equal a clean rebuild and no stock moved twice.
 */
export async function projectorAndReactorKilled(env: FaultEnvironment): Promise<void> {
  const db = await env.newDatabase('kills');
  const loads: SalesLoad[] = [];
  const projector = await projectorKilledMidBatch(env, db, loads);
  await reactorKilledBetweenSteps(env, db, loads, projector);
}

/** The projector drill; resolves with the restarted projector, left running. */
async function projectorKilledMidBatch(
  env: FaultEnvironment,
  db: ScenarioDatabase,
  loads: SalesLoad[],
): Promise<ServerProcess> {
  const { seed } = env;
  // A short wait for the read models: with the projector stopped, each sale would otherwise wait the full second.
  const api = await env.startApi('kill-api-1', db, { PROJECTION_WAIT_MS: '100' });
  // Sales the projector has not seen: its next batch.
  const load = await sell({
    tills: (['downtown', 'abdoun'] as const).map((at) => ({
      label: at,
      baseUrl: () => api.baseUrl,
      session: seed.sessions[at],
      pharmacyId: seed.pharmacies[at],
    })),
    products: seed.products,
    count: 60,
    concurrency: 4,
    deadlineMs: 30_000,
  });
  loads.push(load);
  const checkpointBefore = await readModelsAt(db.pool);
  const head = await logHead(db.pool);

  // The last table of the batch is locked: the projector applies the batch to every other read model, then waits.
  const lock = await holdLock(db.pool, `LOCK TABLE ${LAST_TABLE} IN SHARE ROW EXCLUSIVE MODE`);
  try {
    const projector = await env.startProjector('kill-projector-1', db);
    await waitFor(
      'the projector waiting on its last table mid-batch',
      async () => (await blockedBackend(db.pool, lock.pid)) !== null,
      20_000,
    );
    // Still waiting: nothing it does can pass the lock.
    const inFlight = (await blockedBackend(db.pool, lock.pid))!;
    await projector.kill('SIGKILL');
    say(
      `killed the projector (SIGKILL, pid ${projector.pid}) mid-batch: ${head - checkpointBefore} events applied to ` +
        `${inFlight.writing.length} read tables (${inFlight.writing.slice(0, 4).join(', ')}, …) in its open ` +
        `transaction, waiting to write ${LAST_TABLE}`,
    );
    // PostgreSQL notices the client is gone (client_connection_check_interval) and rolls the batch back.
    await waitFor(
      'the killed projector’s transaction rolled back',
      async () => !(await backendAlive(db.pool, inFlight.pid)),
      10_000,
    );
  } finally {
    await lock.release();
  }
  const checkpointAfterKill = await readModelsAt(db.pool);
  check(
    `its batch was rolled back: the read models' checkpoint is still ${checkpointAfterKill} (log head ${head})`,
    checkpointAfterKill === checkpointBefore
      ? []
      : [`the checkpoint moved from ${checkpointBefore} to ${checkpointAfterKill}`],
  );

  const restarted = await env.startProjector('kill-projector-2', db);
  const caughtUp = await whileAlive(waitForReadModels(db.pool, 30_000, head), restarted, api.process);
  check(
    `restarted projector (pid ${restarted.pid}) caught up in ${seconds(caughtUp)}; ${load.acknowledged.length} sales ` +
      'in the log once each; stock on hand = received − sold',
    [
      ...(await checkSalesRecordedOnce(db.pool, loads)),
      ...(await checkStockBalances({
        session: seed.sessions.downtown,
        baseUrl: api.baseUrl,
        pharmacies: Object.values(seed.pharmacies),
        products: seed.products,
        received: seed.received,
        loads,
      })),
    ],
  );
  await api.process.stop();
  return restarted;
}

async function reactorKilledBetweenSteps(
  env: FaultEnvironment,
  db: ScenarioDatabase,
  loads: SalesLoad[],
  projector: ServerProcess,
) {
  const { seed } = env;
  const admin = seed.sessions.downtown;
  const [from, to] = [seed.pharmacies.downtown, seed.pharmacies.abdoun];
  const product = seed.products[0]!;

  let api = await env.startApi('kill-api-2', db);
  const transfer = await admin.post<{ id: string }>(api.baseUrl, '/api/transfers', {
    fromPharmacyId: from,
    toPharmacyId: to,
    items: [{ productId: product, quantity: TRANSFERRED }],
  });
  const count = (type: string) => transferEvents(db.pool, type, transfer.id);

  // 1. Between the approval and its dispatch: the source's stock stream is locked, so the dispatch
  //    (the second step, on another stream) waits after the approval (the first) is recorded.
  const stockStream = await holdLock(db.pool, 'SELECT 1 FROM eventstore.streams WHERE stream_id = $1 FOR UPDATE', [
    `stock-${from}`,
  ]);
  try {
    void admin.request(api.baseUrl, 'POST', `/api/transfers/${transfer.id}/approve`, { timeoutMs: 60_000 });
    await waitFor(
      'the approval recorded and its dispatch waiting',
      async () => (await count('TransferApproved')) === 1 && (await blockedBackend(db.pool, stockStream.pid)) !== null,
      20_000,
    );
    const waiting = (await blockedBackend(db.pool, stockStream.pid))!;
    await api.process.kill('SIGKILL');
    say(
      `killed the API (SIGKILL, pid ${api.process.pid}), which runs the transfer reactor, between two steps of a ` +
        'transfer: TransferApproved recorded, its TransferDispatched not yet',
    );
    await waitFor(
      'the killed API’s append rolled back',
      async () => !(await backendAlive(db.pool, waiting.pid)),
      10_000,
    );
  } finally {
    await stockStream.release();
  }
  const approvedAt = (await transferEventAt(db.pool, 'TransferApproved', transfer.id))!;
  check(
    `after the kill: TransferApproved ×${await count('TransferApproved')}, TransferDispatched ×${await count('TransferDispatched')}`,
    (await count('TransferDispatched')) === 0 ? [] : ['the dispatch was recorded although the process died before it'],
  );

  // 2. After the reactor took the step, before its checkpoint: its checkpoint row is locked.
  const reactorCheckpoint = await holdLock(
    db.pool,
    "SELECT 1 FROM projection_checkpoints WHERE name = 'transfer-process' FOR UPDATE",
  );
  try {
    api = await env.startApi('kill-api-3', db);
    await waitFor(
      'the restarted reactor dispatching, then waiting to move its checkpoint',
      async () =>
        (await count('TransferDispatched')) === 1 && (await blockedBackend(db.pool, reactorCheckpoint.pid)) !== null,
      20_000,
    );
    const waiting = (await blockedBackend(db.pool, reactorCheckpoint.pid))!;
    await api.process.kill('SIGKILL');
    say(
      `restarted the API (pid ${api.process.pid}): its reactor took the dispatch from the log; killed it (SIGKILL) ` +
        'before the reactor moved its checkpoint past the approval',
    );
    await waitFor(
      'the killed reactor’s checkpoint write rolled back',
      async () => !(await backendAlive(db.pool, waiting.pid)),
      10_000,
    );
  } finally {
    await reactorCheckpoint.release();
  }
  const reactorAt = (await checkpoint(db.pool, 'transfer-process')) ?? 0;
  check(
    `after the kill: TransferDispatched ×${await count('TransferDispatched')}, the reactor's checkpoint (${reactorAt}) ` +
      `still before the approval (${approvedAt}): it will take that step again`,
    reactorAt < approvedAt ? [] : [`the reactor's checkpoint ${reactorAt} is past the approval ${approvedAt}`],
  );

  // 3. Restarted: the reactor repeats the step from its checkpoint, which is recorded once.
  api = await env.startApi('kill-api-4', db);
  const repeated = await whileAlive(
    waitFor(
      'the reactor past the dispatch',
      async () => ((await checkpoint(db.pool, 'transfer-process')) ?? 0) >= approvedAt,
      20_000,
    ),
    api.process,
  );
  await admin.post(api.baseUrl, `/api/transfers/${transfer.id}/receive`, {});
  await waitFor('the arrival recorded', async () => (await count('TransferStockArrived')) === 1, 20_000);
  await whileAlive(waitForReadModels(db.pool, 30_000), api.process, projector);
  const moved = new Map([
    [`${from}|${product}`, -TRANSFERRED],
    [`${to}|${product}`, TRANSFERRED],
  ]);
  check(
    `restarted the API (pid ${api.process.pid}): the reactor repeated the step in ${seconds(repeated)}, recorded once ` +
      `(TransferDispatched ×${await count('TransferDispatched')}); received: TransferStockArrived ×` +
      `${await count('TransferStockArrived')}; stock: ${TRANSFERRED} units left the source and reached the ` +
      'destination once',
    [
      ...((await count('TransferDispatched')) === 1
        ? []
        : [`TransferDispatched ×${await count('TransferDispatched')}`]),
      ...((await count('TransferStockArrived')) === 1
        ? []
        : [`TransferStockArrived ×${await count('TransferStockArrived')}`]),
      ...(await checkStockBalances({
        session: admin,
        baseUrl: api.baseUrl,
        pharmacies: [from, to],
        products: seed.products,
        received: seed.received,
        loads,
        moved,
      })),
    ],
  );
  const verification = await env.verify(db);
  check(
    `verification: the read models equal a clean rebuild from the log (${verification.events} events, ${seconds(verification.ms)})`,
    verification.ok ? [] : [verification.output],
  );
  await Promise.all([api.process.stop(), projector.stop()]);
}
