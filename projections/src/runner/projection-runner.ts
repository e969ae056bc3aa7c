import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { readCheckpoint, storedProjectionVersion, writeCheckpoint } from './checkpoints';
import { rebuildProjection } from './rebuild';
import { applyEvents, eventsFor, type Projection } from './projection';

export interface RunnerLogger {
  info(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** Delay before a failed projection starts again from its checkpoint. Default 500 ms. */
  restartDelayMs?: number;
  logger?: RunnerLogger;
  /**
   * Test hook: throw after this many events have been applied in this process,
   * in the middle of a batch, to prove that a crash loses and repeats nothing.
   */
  failAfterEvents?: number;
}

const silent: RunnerLogger = { info: () => undefined, error: () => undefined };

/**
 * Keeps each projection's tables up to date with the log. Every batch is one
 * transaction holding the read-table changes and the new checkpoint, so after
 * a crash a projection resumes exactly where its last commit left it.
 */
export class ProjectionRunner {
  /** Emits 'advanced' (name, position) after each committed batch. */
  readonly progress = new EventEmitter();
  private readonly subscriptions = new Map<string, Subscription>();
  private stopped = true;
  private applied = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: EventStore,
    private readonly db: Kysely<ReadDatabase>,
    readonly projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all(this.projections.map((p) => this.run(p)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    this.subscriptions.clear();
  }

  private async run(projection: Projection): Promise<void> {
    if (this.stopped) return;
    const log = this.options.logger ?? silent;
    let checkpoint: GlobalPosition | null;
    try {
      const stored = await storedProjectionVersion(this.db, projection.name);
      if (stored !== null && stored !== projection.version) {
        log.info('projection changed shape; rebuilding it from the log', {
          projection: projection.name,
          from: stored,
          to: projection.version,
        });
        const rebuilt = await rebuildProjection(this.store, this.db, projection);
        log.info('projection rebuilt', { projection: projection.name, events: rebuilt.events, ms: rebuilt.ms });
      }
      checkpoint = await readCheckpoint(this.db, projection.name);
    } catch (error) {
      log.error('projection could not read its checkpoint', { projection: projection.name, error: String(error) });
      this.restartLater(projection);
      return;
    }
    const subscription = this.store.subscribe(
      { after: checkpoint, batchSize: this.options.batchSize ?? 500 },
      (batch) => this.applyBatch(projection, batch),
    );
    this.subscriptions.set(projection.name, subscription);
    subscription.done.then(
      () => undefined,
      (error: unknown) => {
        log.error('projection failed; restarting from its checkpoint', {
          projection: projection.name,
          error: error instanceof Error ? error.message : String(error),
        });
        this.subscriptions.delete(projection.name);
        this.restartLater(projection);
      },
    );
  }

  private restartLater(projection: Projection): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(projection);
    }, this.options.restartDelayMs ?? 500);
    this.timers.add(timer);
  }

  private async applyBatch(projection: Projection, batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1]!;
    await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${projection.name}`}))`.execute(trx);
      // Another writer of this projection (a rebuild, a second projector during a
      // failover) may have moved the checkpoint: never apply an event twice.
      const committed = await readCheckpoint(trx, projection.name);
      const fresh = eventsFor(
        projection,
        committed ? batch.filter((event) => comparePositions(event.position, committed) > 0) : batch,
      );
      if (this.options.failAfterEvents === undefined) {
        await applyEvents(trx, projection, fresh);
      } else {
        // The crash test applies one by one, to fail exactly after the N-th event.
        for (const event of fresh) {
          await projection.apply(trx, event);
          this.applied += 1;
          if (this.applied === this.options.failAfterEvents) {
            throw new Error(`injected failure after ${this.applied} events`);
          }
        }
      }
      if (!committed || comparePositions(last.position, committed) > 0) {
        await writeCheckpoint(trx, projection, last.position);
      }
    });
    this.progress.emit('advanced', projection.name, last.position);
  }
}
