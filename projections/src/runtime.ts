import type { Kysely } from 'kysely';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { acquireLeadership } from './runner/leader';
import { ProjectionRunner, type RunnerLogger } from './runner/projection-runner';
import { allProjections } from './registry';
import { todayIn } from '@pharmacy/domain';
import { keepShortagesFor } from './shortages/shortages.projection';

/** How often the projector checks the shortages are kept for today (packs expire at midnight with no event). */
const SHORTAGE_DAY_CHECK_MS = 60_000;

export interface ProjectorHandle {
  runner: ProjectionRunner;
  stop(): Promise<void>;
}

/**
 * Runs every projection while this process is the leader; if leadership is
 * lost, stops and queues up again as a standby.
 */
export function startProjector(
  store: EventStore,
  db: Kysely<ReadDatabase>,
  connectionString: string,
  logger: RunnerLogger,
  options: { timeZone?: string } = {},
): ProjectorHandle {
  const timeZone = options.timeZone ?? 'UTC';
  const runner = new ProjectionRunner(store, db, allProjections, { logger });
  const abort = new AbortController();
  let release: (() => Promise<void>) | null = null;

  const loop = (async () => {
    while (!abort.signal.aborted) {
      const leadership = await acquireLeadership(connectionString, {
        signal: abort.signal,
        onWaiting: () => logger.info('another projector is active; waiting as a standby'),
      });
      if (!leadership) return;
      release = () => leadership.release();
      logger.info('projector is the leader; projections running', { projections: allProjections.map((p) => p.name) });
      await runner.start();
      const keeper = keepShortagesDaily(db, timeZone, logger);
      await Promise.race([leadership.lost, aborted(abort.signal)]);
      await keeper.stop();
      await runner.stop();
      await leadership.release();
      release = null;
      if (!abort.signal.aborted) logger.error('projector lost its leader lock; waiting to take over again');
    }
  })();

  return {
    runner,
    async stop() {
      abort.abort();
      await loop;
      await runner.stop();
      await release?.();
    },
  };
}

/**
 * Keeps the shortages for today where the pharmacies are: now (after the
 * projections caught up or were rebuilt), then each minute, so the day moves
 * soon after midnight and rows a rebuild forgot are filled again.
 */
function keepShortagesDaily(
  db: Kysely<ReadDatabase>,
  timeZone: string,
  logger: RunnerLogger,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const keep = () => {
    running = running
      .then(() => keepShortagesFor(db, todayIn(timeZone)))
      .catch((error: unknown) =>
        logger.error('shortages not kept for today; the API sums them meanwhile', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  };
  keep();
  const timer = setInterval(keep, SHORTAGE_DAY_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Resolves once the signal is aborted, at once if it already is (an 'abort' listener added later never hears it). */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
