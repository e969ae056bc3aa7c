import { createPostgresBackend, Queue, Worker, withBackend } from 'bullmq';
import { todayIn } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { EXPIRY_DIGEST_JOB, sendExpiryDigest, type DigestResult, type MailSender } from './expiry-digest';
import type { VerificationRun } from '@pharmacy/contracts';
import { EXPIRY_SCAN_JOB, runExpiryScan, type ExpiryScanRun } from './expiry-scan';
import { runVerification, VERIFY_JOB } from './verify-projections';
import { startAiWorker, type AiSettings } from './ai-answer';

export const MAINTENANCE_QUEUE = 'maintenance';

export interface WorkerLogger {
  info(context: Record<string, unknown>, message: string): void;
  error(context: Record<string, unknown>, message: string): void;
}

export interface WorkerOptions {
  db: ReadDb;
  /** The event log: the expiry scan records on the pharmacies' stock streams. */
  store: EventStore;
  mail: MailSender;
  /** Redis for BullMQ; without it BullMQ's PostgreSQL backend is used (schema `bullmq` of `databaseUrl`). */
  redisUrl?: string;
  databaseUrl: string;
  timeZone: string;
  /** Cron pattern of the daily expiry e-mail, in `timeZone`. Default 07:00. */
  expiryDigestCron?: string;
  /** Cron pattern of the daily expiry scan, in `timeZone`. Default 00:05. */
  expiryScanCron?: string;
  /** Cron pattern of the nightly verification of the read models, in `timeZone`. Default 02:30. */
  verifyCron?: string;
  /** A configured OpenAI-compatible model: this worker also answers the `ai` queue's questions. */
  assistant?: AiSettings;
  logger: WorkerLogger;
}

export interface RunningWorker {
  /** Queues a job now (operators, tests). Resolves with the job id. */
  runNow(job: typeof EXPIRY_DIGEST_JOB | typeof EXPIRY_SCAN_JOB | typeof VERIFY_JOB): Promise<string>;
  close(): Promise<void>;
}

/**
 * BullMQ jobs: on Redis in production, on PostgreSQL for the single-process
 * default (no Redis to install). Several workers may run: BullMQ hands each
 * job to one of them, and the scheduler is an idempotent upsert.
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const processor = async (job: {
    name: string;
    id?: string;
  }): Promise<DigestResult | ExpiryScanRun | VerificationRun> => {
    const today = todayIn(options.timeZone);
    let result: DigestResult | ExpiryScanRun | VerificationRun;
    if (job.name === EXPIRY_DIGEST_JOB) result = await sendExpiryDigest(options.db, options.mail, today);
    else if (job.name === EXPIRY_SCAN_JOB) result = await runExpiryScan(options.db, options.store, today, 'schedule');
    else if (job.name === VERIFY_JOB) {
      result = await runVerification(options.db, options.store, 'schedule');
      if (result.status !== 'ok') {
        options.logger.error(
          { jobId: job.id, status: result.status, error: result.error },
          'read models differ from a replay',
        );
      }
    } else throw new Error(`Unknown job ${job.name}`);
    const { tables: _tables, ...summary } = { tables: undefined, ...result };
    options.logger.info({ jobId: job.id, job: job.name, ...summary }, 'job done');
    return result;
  };

  let queue: Pick<Queue, 'add' | 'upsertJobScheduler' | 'close' | 'on'>;
  let worker: Pick<Worker, 'on' | 'close'>;
  if (options.redisUrl) {
    const connection = { url: options.redisUrl };
    queue = new Queue(MAINTENANCE_QUEUE, { connection });
    worker = new Worker(MAINTENANCE_QUEUE, processor, { connection, concurrency: 1 });
  } else {
    const postgres = withBackend(createPostgresBackend);
    const connection = { connectionString: options.databaseUrl, schema: 'bullmq', migrate: true, max: 4 };
    queue = new postgres.Queue(MAINTENANCE_QUEUE, { connection }) as unknown as Queue;
    worker = new postgres.Worker(MAINTENANCE_QUEUE, processor, { connection, concurrency: 1 }) as unknown as Worker;
  }
  worker.on('failed', (job, error) =>
    options.logger.error({ jobId: job?.id, job: job?.name, err: error.message }, 'job failed'),
  );
  // BullMQ reports a lost connection as an 'error' event: logged, and the worker reconnects by itself.
  const onError = (error: Error) => options.logger.error({ err: error.message }, 'job queue error');
  worker.on('error', onError);
  // The queue's own connection too: without a listener BullMQ prints each failed reconnect to stderr, stack and all.
  queue.on('error', onError);
  let ai: { close(): Promise<void> } | null = null;
  try {
    for (const [job, pattern] of [
      [EXPIRY_DIGEST_JOB, options.expiryDigestCron ?? '0 7 * * *'],
      [EXPIRY_SCAN_JOB, options.expiryScanCron ?? '5 0 * * *'],
      [VERIFY_JOB, options.verifyCron ?? '30 2 * * *'],
    ] as const) {
      await upsertScheduler(queue, job, pattern, options.timeZone);
    }
    ai = options.assistant
      ? startAiWorker(
          options.db,
          options.assistant,
          { databaseUrl: options.databaseUrl, ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) },
          onError,
        )
      : null;
  } catch (error) {
    // A worker that could not start is not left running in the background.
    await Promise.allSettled([worker.close(), queue.close()]);
    throw error;
  }
  options.logger.info({ backend: options.redisUrl ? 'redis' : 'postgres' }, 'worker running');

  return {
    async runNow(job) {
      const added = await queue.add(job, {}, { removeOnComplete: 100, removeOnFail: 500 });
      return String(added.id);
    },
    async close() {
      await ai?.close();
      await worker.close();
      await queue.close();
    },
  };
}

/**
 * Creates or updates a repeating job. Processes starting together (the API
 * and the worker app, or two workers) upsert the same schedulers at once; on
 * BullMQ's PostgreSQL backend the loser of that race is refused with "job ID
 * already exists" for the scheduler's next run, which the winner has just
 * created. Upserting again then finds it and is the idempotent update it should be.
 */
async function upsertScheduler(
  queue: Pick<Queue, 'upsertJobScheduler'>,
  job: string,
  pattern: string,
  timeZone: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await queue.upsertJobScheduler(
        job,
        { pattern, tz: timeZone },
        { name: job, opts: { removeOnComplete: 100, removeOnFail: 500 } },
      );
      return;
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !/already exists/i.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}
