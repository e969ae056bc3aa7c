import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import { lockProjections, readCheckpoints, storedProjectionVersion, writeCheckpoints } from './checkpoints';
import { applyEvents, eventsFor, type Projection } from './projection';
import { rebuildProjections } from './full-rebuild';

export interface RunnerLogger {
  info(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

export interface ProjectionRunnerOptions {
  /**
   * Most events applied in one transaction. Default 5,000: when the runner is
   * behind (at start, after a pause), what each batch costs whatever its size
   * (the shortages worked out again for the products it touched, one
   * statement per run of sales) is paid once per 5,000 events, not per 500;
   * when it keeps up, a batch is whatever arrived since the last one.
   */
  batchSize?: number;
  /** Delay before a failed run starts again from the checkpoints. Default 500 ms. */
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
 * Keeps every projection's tables up to date with the log, as one group: a
 * single subscription from the lowest checkpoint, and for each batch a single
 * transaction that applies the batch to every projection (each skipping what
 * its own checkpoint already covers) and moves all the checkpoints. After a
 * crash each projection resumes exactly where the last commit left it.
 *
 * One transaction per batch instead of one per projection per batch: a sale
 * costs the read models one log read and one commit, not five of each. The
 * price is that a failing projection holds the others up until it is fixed;
 * they are then also always consistent with each other.
 */
export class ProjectionRunner {
  /** Emits 'advanced' (name, position) for each projection after each committed batch. */
  readonly progress = new EventEmitter();
  private subscription: Subscription | null = null;
  private stopped = true;
  private applied = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** What each projection has committed, as this process knows it. */
  private readonly committed = new Map<string, GlobalPosition>();

  constructor(
    private readonly store: EventStore,
    private readonly db: Kysely<ReadDatabase>,
    readonly projections: readonly Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.progress.setMaxListeners(0);
  }

  /** The position a projection has committed, when this process runs it; null otherwise. */
  committedPosition(name: string): GlobalPosition | null {
    return this.committed.get(name) ?? null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.subscription?.stop();
    this.subscription = null;
    this.committed.clear();
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const log = this.options.logger ?? silent;
    let from: GlobalPosition | null = null;
    try {
      const changed: Projection[] = [];
      for (const projection of this.projections) {
        const stored = await storedProjectionVersion(this.db, projection.name);
        if (stored !== null && stored !== projection.version) {
          log.info('projection changed shape; rebuilding it from the log', {
            projection: projection.name,
            from: stored,
            to: projection.version,
          });
          changed.push(projection);
        }
      }
      if (changed.length > 0) {
        const rebuilt = await rebuildProjections(this.store, this.db, changed);
        log.info('projections rebuilt', { projections: rebuilt.projections, events: rebuilt.events, ms: rebuilt.ms });
      }
      const checkpoints = await readCheckpoints(
        this.db,
        this.projections.map((p) => p.name),
      );
      this.committed.clear();
      for (const [name, position] of checkpoints) this.committed.set(name, position);
      // From the projection furthest behind (the start of the log if one has never run).
      if (this.projections.every((p) => checkpoints.has(p.name))) {
        for (const position of checkpoints.values()) {
          if (!from || comparePositions(position, from) < 0) from = position;
        }
      }
    } catch (error) {
      log.error('projections could not read their checkpoints', { error: String(error) });
      this.restartLater();
      return;
    }
    const subscription = this.store.subscribe({ after: from, batchSize: this.options.batchSize ?? 5000 }, (batch) =>
      this.applyBatch(batch),
    );
    this.subscription = subscription;
    subscription.done.then(
      () => undefined,
      (error: unknown) => {
        log.error('projections failed; restarting from their checkpoints', {
          error: error instanceof Error ? error.message : String(error),
        });
        if (this.subscription === subscription) this.subscription = null;
        this.restartLater();
      },
    );
  }

  private restartLater(): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run();
    }, this.options.restartDelayMs ?? 500);
    this.timers.add(timer);
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1]!.position;
    const names = this.projections.map((p) => p.name);
    await this.db.transaction().execute(async (trx) => {
      // A read model is derived: if the server crashes before this commit reaches the disk, the rows
      // and the checkpoints are lost together and the events are applied again. So the commit need
      // not wait for the disk, and a write waiting for its read models does not pay that wait.
      await sql`SET LOCAL synchronous_commit = off`.execute(trx);
      // A rebuild holds its projection's lock: this batch waits for it, then sees its checkpoint.
      await lockProjections(trx, names);
      const committed = await readCheckpoints(trx, names);
      for (const projection of this.projections) {
        const checkpoint = committed.get(projection.name);
        const fresh = eventsFor(
          projection,
          checkpoint ? batch.filter((event) => comparePositions(event.position, checkpoint) > 0) : batch,
        );
        await this.apply(trx, projection, fresh);
      }
      const behind = this.projections.filter((p) => {
        const checkpoint = committed.get(p.name);
        return !checkpoint || comparePositions(last, checkpoint) > 0;
      });
      await writeCheckpoints(trx, behind, last);
    });
    for (const name of names) {
      const known = this.committed.get(name);
      if (!known || comparePositions(last, known) > 0) this.committed.set(name, last);
    }
    for (const name of names) this.progress.emit('advanced', name, last);
  }

  private async apply(trx: Transaction<ReadDatabase>, projection: Projection, events: RecordedEvent[]): Promise<void> {
    if (this.options.failAfterEvents === undefined) {
      await applyEvents(trx, projection, events);
      return;
    }
    // The crash test applies one by one, to fail exactly after the N-th event.
    for (const event of events) {
      await projection.apply(trx, event);
      this.applied += 1;
      if (this.applied === this.options.failAfterEvents) {
        throw new Error(`injected failure after ${this.applied} events`);
      }
    }
  }
}
