import { createPostgresBackend, Queue, withBackend } from 'bullmq';
import { Redis } from 'ioredis';
import { AI_QUEUE } from './ai-answer';
import { MAINTENANCE_QUEUE } from './worker';

/** The job states an operator watches. */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobCount {
  queue: string;
  state: JobState;
  count: number;
}

/**
 * A read-only look at the job queues, for readiness and metrics: whether the
 * queue's store answers, and how many jobs wait in each state. It never adds
 * or takes a job. On Redis its commands fail at once while Redis is down
 * (no offline queue), so a probe never hangs a health check.
 */
export interface QueueProbe {
  /** Where the jobs are kept: 'redis', or 'postgres' (BullMQ's backend in the application's database). */
  readonly backend: 'redis' | 'postgres';
  /** Resolves when the queue's store answers; rejects with why not. */
  ping(): Promise<void>;
  counts(): Promise<JobCount[]>;
  close(): Promise<void>;
}

const QUEUES = [MAINTENANCE_QUEUE, AI_QUEUE] as const;

export function openQueueProbe(options: { redisUrl?: string; databaseUrl: string }): QueueProbe {
  if (options.redisUrl) return redisProbe(options.redisUrl);
  return postgresProbe(options.databaseUrl);
}

function redisProbe(url: string): QueueProbe {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Reconnect forever, at most every 2 s: the probe is back as soon as Redis is.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // A lost connection is what the probe reports; without a listener ioredis would log it as unhandled.
  redis.on('error', () => undefined);
  const connected = redis.connect().catch(() => undefined);
  const queues = lazyQueues(() => QUEUES.map((name) => new Queue(name, { connection: redis })));
  return {
    backend: 'redis',
    async ping() {
      await connected;
      await redis.ping();
    },
    async counts() {
      await connected;
      // Fails at once while Redis is down, where a queue's command would wait for it to come back.
      await redis.ping();
      return countAll(queues.get());
    },
    async close() {
      // The connection first: a queue still waiting for a Redis that never came would wait for ever.
      redis.disconnect();
      await queues.close();
    },
  };
}

function postgresProbe(databaseUrl: string): QueueProbe {
  const postgres = withBackend(createPostgresBackend);
  // No migration: the worker creates the schema; until it has, there are no jobs to count.
  const connection = { connectionString: databaseUrl, schema: 'bullmq', migrate: false, max: 1 };
  const queues = lazyQueues(() => QUEUES.map((name) => new postgres.Queue(name, { connection }) as unknown as Queue));
  return {
    backend: 'postgres',
    // The jobs live in the application's database: the database check covers them.
    ping: () => Promise.resolve(),
    counts: () => countAll(queues.get()),
    close: () => queues.close(),
  };
}

/**
 * The queue handles, made on the first count (a process nobody scrapes opens
 * none), and closed within a bound: a queue whose store is gone may never
 * finish closing, and must not hold up the process's shutdown.
 */
function lazyQueues(open: () => Queue[]): { get(): Queue[]; close(): Promise<void> } {
  let queues: Queue[] | null = null;
  return {
    get() {
      if (!queues) {
        queues = open();
        // Connection trouble is reported by the failing count; the listener keeps it out of stderr.
        for (const queue of queues) queue.on('error', () => undefined);
      }
      return queues;
    },
    async close() {
      if (!queues) return;
      const closing = Promise.allSettled(queues.map((queue) => queue.close()));
      await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    },
  };
}

async function countAll(queues: readonly Queue[]): Promise<JobCount[]> {
  const all = await Promise.all(
    queues.map(async (queue) => {
      const counts = await queue.getJobCounts(...JOB_STATES);
      return JOB_STATES.map((state) => ({ queue: queue.name, state, count: counts[state] ?? 0 }));
    }),
  );
  return all.flat();
}
