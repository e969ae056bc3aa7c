import { randomUUID } from 'node:crypto';
import {
  currentEventVersion,
  fold,
  parseEventData,
  readEvent,
  stockDecider,
  stockStreamId,
  type StockEvent,
} from '@pharmacy/domain';
import {
  IdempotencyConflictError,
  nameBasedUuid,
  WrongExpectedRevisionError,
  type EventStore,
} from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';

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

const MAX_ATTEMPTS = 8;

/**
 * Records `BatchExpired` for every batch of one pharmacy past its expiry date
 * with units left, deciding on the stock stream itself: folded from the log,
 * appended with its revision, decided again if someone appended meanwhile.
 * Each event's id derives from its batch, so two scans racing (two workers,
 * or a run started by hand during the scheduled one) record each batch once.
 */
export async function recordExpiries(store: EventStore, pharmacyId: string, today: string): Promise<number> {
  const streamId = stockStreamId(pharmacyId);
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await store.readStream(streamId);
    const state = fold(
      stockDecider,
      stockDecider.initialState(),
      recorded.map((e) => readEvent<StockEvent>(e)),
    );
    const events = stockDecider.decide({ type: 'RecordExpiries', pharmacyId, today }, state);
    if (events.length === 0) return 0;
    const occurredAt = new Date().toISOString();
    const correlationId = randomUUID();
    try {
      const appended = await store.append(
        streamId,
        events.map((event) => ({
          id: nameBasedUuid(`BatchExpired|${(event.data as { batchId: string }).batchId}`),
          type: event.type,
          data: parseEventData(event.type, event.data),
          metadata: {
            userId: null,
            pharmacyId,
            correlationId,
            causationId: null,
            occurredAt,
            schemaVersion: currentEventVersion(event.type),
          },
        })),
        recorded.at(-1)?.revision ?? 'no_stream',
      );
      const written = appended.nextExpectedRevision - (recorded.at(-1)?.revision ?? -1n);
      // A store answering with an earlier append of these ids wrote nothing now.
      return written === BigInt(events.length) ? events.length : 0;
    } catch (error) {
      const raced = error instanceof WrongExpectedRevisionError || error instanceof IdempotencyConflictError;
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
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
  for (const { id } of pharmacies) batches += await recordExpiries(store, id, today);
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
