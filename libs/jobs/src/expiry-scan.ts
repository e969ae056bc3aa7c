import { randomUUID } from 'node:crypto';
import { envelopesOf, handleCommand, snapshotLoader } from '@pharmacy/commands';
import { STOCK_SNAPSHOTS, stockDecider, stockStreamId } from '@pharmacy/domain';
import { nameBasedUuid, type EventStore } from '@pharmacy/event-store';
import { SnapshotTable, type ReadDb } from '@pharmacy/read-db';

export const EXPIRY_SCAN_JOB = 'expiry-scan';

export interface ExpiryScanResult {
  /** The business day the scan ran for. */
  today: string;
  pharmacies: number;
  /** Batches recorded as expired by this run (0 when an earlier run recorded them). */
  batches: number;
  durationMs: number;
}

/** The last run of the expiry scan, as the Expiry screen shows it. */
export interface ExpiryScanRun extends ExpiryScanResult {
  startedAt: string;
  finishedAt: string;
  /** 'schedule', or the id of the user who started it. */
  trigger: string;
}

/**
 * Records `BatchExpired` for every batch of one pharmacy past its expiry date
 * with units left, through the one command path (libs/commands): the stock
 * stream folded from its snapshot and tail, decided, appended with its
 * revision, decided again if someone appended meanwhile. Each event's id
 * derives from its batch, so two scans racing (two workers, or a run started
 * by hand during the scheduled one) record each batch once: the second finds
 * it recorded and decides again, on a state with nothing left to expire.
 */
export async function recordExpiries(
  store: EventStore,
  db: ReadDb,
  pharmacyId: string,
  today: string,
): Promise<number> {
  const streamId = stockStreamId(pharmacyId);
  const handled = await handleCommand(
    store,
    streamId,
    stockDecider,
    { type: 'RecordExpiries', pharmacyId, today },
    {
      load: snapshotLoader(store, new SnapshotTable(db), STOCK_SNAPSHOTS, streamId, stockDecider),
      idsRecordFacts: true,
      toEnvelopes: (events) =>
        envelopesOf(
          events,
          (index) => nameBasedUuid(`BatchExpired|${(events[index]!.data as { batchId: string }).batchId}`),
          {
            userId: null,
            pharmacyId,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        ),
    },
  );
  return handled.events.length;
}

/** One run of the scan over every pharmacy, recorded in `job_runs`. A missed day is caught up by the next run. */
export async function runExpiryScan(
  db: ReadDb,
  store: EventStore,
  today: string,
  trigger: string,
): Promise<ExpiryScanRun> {
  const startedAt = new Date();
  const pharmacies = await db.selectFrom('pharmacies').select('id').orderBy('id').execute();
  let batches = 0;
  for (const { id } of pharmacies) batches += await recordExpiries(store, db, id, today);
  const finishedAt = new Date();
  const result: ExpiryScanResult = {
    today,
    pharmacies: pharmacies.length,
    batches,
    durationMs: finishedAt.getTime() - startedAt.getTime(),
  };
  await db
    .insertInto('jobRuns')
    .values({ job: EXPIRY_SCAN_JOB, startedAt, finishedAt, trigger, result: JSON.stringify(result) })
    .execute();
  return { ...result, startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), trigger };
}

/** The latest run of the scan, or null when it never ran. */
export async function lastExpiryScan(db: ReadDb): Promise<ExpiryScanRun | null> {
  const row = await db
    .selectFrom('jobRuns')
    .selectAll()
    .where('job', '=', EXPIRY_SCAN_JOB)
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...(row.result as unknown as ExpiryScanResult),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    trigger: row.trigger,
  };
}
