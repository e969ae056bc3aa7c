import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  envelopesOf,
  foldStream,
  handleCommand,
  handleOnce,
  keyedEventId,
  KeyedMutex,
  snapshotIfDue,
  snapshotLoader,
  StateCache,
  type CommandIdentity,
  type SnapshotPolicy,
  type LoadedStream,
  type StreamLoader,
  type StreamMeta,
} from '@pharmacy/commands';
import { readEvent, type Decider, type DomainEvent } from '@pharmacy/domain';
import { comparePositions, type EventStore, type GlobalPosition } from '@pharmacy/event-store';
import type { ProjectionWaiter } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, LOGGER, METRICS, PROJECTION_WAITER } from '../infrastructure/tokens';
import type { Metrics } from '../operations/metrics';
import { commandName } from './idempotency';
import type { RequestContext } from './request-context';
import { SnapshotStore } from './snapshot-store';

export { idempotencyKeyReused } from '@pharmacy/commands';
export type { StreamMeta } from '@pharmacy/commands';

export interface CommandOutcome<Event, Answer> {
  /** The events the command appended; for a repeat of a keyed command, the ones its first attempt appended. */
  events: Event[];
  /** What `options.answer` read from the state after the command. */
  answer: Answer;
  /** Where the command's last event is in the log; null when the command changed nothing. */
  position: GlobalPosition | null;
  /** A repeat of a keyed command that had been recorded already: nothing new was appended. */
  replayed: boolean;
}

export interface ExecuteOptions<Event, State, Answer> extends StreamOptions {
  /** Wait for the read models before answering. Default true; the steps of a multi-stream command pass false and settle at the end. */
  waitForProjections?: boolean;
  /** Names this step within a keyed command (default: the stream id); the step's event ids derive from the key and it. */
  step?: string;
  /**
   * The id of the event at this index, when the handler derives it from what
   * the event records (a sale's event from the sale id) so that the event can
   * be found by it later. Default: derived from the Idempotency-Key, or random.
   */
  eventId?: (index: number) => string;
  /** The id of the event this command reacts to (a process manager's step): recorded as the causation id. */
  causationId?: string;
  /** Business time of the events when it is not now (demo history; a sale made offline and sent later). */
  occurredAt?: string;
  /**
   * Reads what the caller needs from the state after the command. It runs
   * while the stream is locked: the state may change as soon as the lock is
   * released, so copy what you need out of it.
   */
  answer?: (state: State, events: readonly Event[], meta: StreamMeta) => Answer;
  /**
   * A check beyond the decider that needs other data (a backdated correction
   * against the balances of the past): runs after the decision, before the
   * append, while this process holds the stream. It may throw to refuse. The
   * append still names the revision it decided on, so a change by another
   * process meanwhile makes the command decide (and check) again.
   */
  precondition?: (state: State, events: readonly Event[], meta: StreamMeta) => Promise<void>;
}

export interface StreamOptions {
  /** A long, hot stream (stock-*): its state stays in memory between commands and is snapshotted by this policy. */
  snapshot?: SnapshotPolicy;
  /** A small stream read often (a product, a pharmacy): its state stays in memory between reads. */
  hot?: boolean;
}

/** Small streams (products, pharmacies) kept in memory: a few kilobytes each. */
const SMALL_STREAMS = 20_000;

/**
 * The API's way to run a command: the one command path of libs/commands
 * (`handleCommand`: load, decide, append with the expected revision, decide
 * again on a conflict) with what a server adds around it, each a piece of
 * that library or a few lines here:
 *
 * - commands on one stream in this process queue behind each other
 *   (`KeyedMutex`; other processes are caught by the expected revision), and
 *   the queue is released before waiting for the read models;
 * - with an Idempotency-Key the event ids derive from the key, and a repeat
 *   is answered from what its first attempt recorded (`handleOnce`, ADR 0008);
 * - hot streams (with a snapshot policy: stock-*) keep their decided state in
 *   memory (`StateCache`, checked against the stream's tail on use) and are
 *   snapshotted every `policy.every` events; small streams read often
 *   (products, pharmacies) are kept in memory too;
 * - metrics of each outcome, conflict and retry;
 * - the read-your-writes wait (`settle`).
 */
@Injectable()
export class CommandExecutor implements OnModuleDestroy {
  private readonly streams = new KeyedMutex();
  /** Hot streams' states (large: stock-*). */
  private readonly hot: StateCache;
  /** Small streams read often (products, pharmacies). */
  private readonly small: StateCache;
  private readonly savingSnapshots = new Set<Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly snapshots: SnapshotStore,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn'>,
    @Optional() @Inject(METRICS) private readonly metrics?: Metrics,
  ) {
    this.hot = new StateCache(store, config.HOT_STREAMS);
    this.small = new StateCache(store, SMALL_STREAMS);
  }

  async execute<Command, Event extends DomainEvent, State, Answer = undefined>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions<Event, State, Answer> = {},
  ): Promise<CommandOutcome<Event, Answer>> {
    let snapshotToSave: (() => Promise<void>) | null = null;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    let outcome: CommandOutcome<Event, Answer>;
    try {
      outcome = await this.streams.run(streamId, async () => {
        const result = await this.decideAndAppend(streamId, decider, command, context, options);
        if (!result.replayed && result.loaded && result.outcome.events.length > 0) {
          snapshotToSave = snapshotIfDue(streamId, result.loaded, this.snapshots, options.snapshot);
        }
        return result.outcome;
      });
    } catch (error) {
      this.metrics?.observeCommand(streamId, 'refused', seconds());
      throw error;
    }
    this.metrics?.observeCommand(
      streamId,
      outcome.replayed ? 'replayed' : outcome.events.length === 0 ? 'unchanged' : 'appended',
      seconds(),
    );
    // In the background: the answer does not wait for a cache to be written; a failed write is only a cache miss.
    const saving = (snapshotToSave as (() => Promise<void>) | null)?.().catch((error: unknown) => {
      this.logger.warn({ err: error, streamId }, 'snapshot not saved; the next load folds a longer tail');
    });
    if (saving) {
      this.savingSnapshots.add(saving);
      void saving.finally(() => this.savingSnapshots.delete(saving));
    }
    if (outcome.position) {
      this.waiter.wrote(outcome.position);
      context.wrote(outcome.position);
    }
    if (options.waitForProjections !== false) await this.settle(context, outcome);
    return outcome;
  }

  /** Resolves once the snapshots being written now are written (or given up): for shutdown and tests. */
  async snapshotsSaved(): Promise<void> {
    await Promise.all([...this.savingSnapshots]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.snapshotsSaved();
  }

  /** Reads a stream's current state (under its queue, so the state is not mid-change); `view` copies out what is needed. */
  read<Event extends DomainEvent, State, View>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    view: (state: State, meta: StreamMeta) => View,
    options: StreamOptions = {},
  ): Promise<View> {
    return this.streams.run(streamId, async () => {
      const loaded = await this.loader(streamId, decider, options)();
      return view(loaded.state, loaded.meta);
    });
  }

  /**
   * Folds a stream from its snapshot (if any) plus the tail, bypassing the
   * in-memory state: what a process without that state would see.
   */
  async load<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    snapshot?: SnapshotPolicy,
  ): Promise<{
    state: State;
    revision: bigint | null;
    snapshotRevision: bigint | null;
    eventsRead: number;
    meta: StreamMeta;
  }> {
    const saved = snapshot ? await this.snapshots.load<State>(streamId, snapshot) : null;
    const loaded = await foldStream(this.store, streamId, decider, saved ?? undefined);
    return { ...loaded, revision: loaded.meta.revision };
  }

  /**
   * Hands the client the log position of these outcomes' events (its next
   * reads wait on it: `read-after.ts`), then waits (bounded) until the read
   * models the answer is built from show them: those the route declares
   * (`@ReadsFrom`; none when the answer is built from the events), else
   * every one that handles the events. Tells the client when they did not
   * catch up in time.
   */
  async settle(
    context: RequestContext,
    ...outcomes: ReadonlyArray<{ events: ReadonlyArray<{ type: string }>; position: GlobalPosition | null }>
  ): Promise<void> {
    let position: GlobalPosition | null = null;
    for (const outcome of outcomes) {
      if (outcome.position && (!position || comparePositions(outcome.position, position) > 0))
        position = outcome.position;
    }
    if (!position) return;
    context.wrote(position);
    if (context.answerReads?.length === 0) return;
    const types = [...new Set(outcomes.flatMap((outcome) => outcome.events.map((event) => event.type)))];
    const caughtUp = await this.waiter.waitFor(
      position,
      this.config.PROJECTION_WAIT_MS,
      types,
      context.answerReads ?? undefined,
    );
    if (!caughtUp) context.readModelsBehind();
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State, Answer>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions<Event, State, Answer>,
  ): Promise<{ outcome: CommandOutcome<Event, Answer>; loaded: LoadedStream<State> | null; replayed: boolean }> {
    const identity: CommandIdentity | null = context.idempotency
      ? {
          commandId: `${commandName(context.userId, context.idempotency)}|${options.step ?? streamId}`,
          requestHash: context.idempotency.requestHash,
        }
      : null;
    const answer = (state: State, events: readonly Event[], meta: StreamMeta) =>
      (options.answer ? options.answer(state, events, meta) : undefined) as Answer;
    const load = this.loader(streamId, decider, options);
    const run = () =>
      handleCommand(this.store, streamId, decider, command, {
        load,
        precondition: options.precondition,
        idsRecordFacts: !identity && options.eventId !== undefined,
        forget: () => this.forget(streamId),
        onConflict: () => this.metrics?.countConflict(streamId),
        onRetry: (reason) => this.metrics?.countRetry(streamId, reason === 'conflict' ? 'conflict' : 'repeat'),
        toEnvelopes: (events) =>
          envelopesOf(
            events,
            (index) => options.eventId?.(index) ?? (identity ? keyedEventId(identity, index) : randomUUID()),
            {
              userId: context.userId,
              pharmacyId: context.pharmacyId,
              correlationId: context.correlationId,
              causationId: options.causationId ?? null,
              occurredAt: options.occurredAt ?? new Date().toISOString(),
              ...(identity ? { commandId: identity.commandId, requestHash: identity.requestHash } : {}),
            },
          ),
      });
    const outcomeOf = (handled: Awaited<ReturnType<typeof run>>): CommandOutcome<Event, Answer> => ({
      events: handled.events,
      answer: answer(handled.loaded.state, handled.events, handled.loaded.meta),
      position: handled.position,
      replayed: false,
    });
    if (!identity) {
      const handled = await run();
      return { outcome: outcomeOf(handled), loaded: handled.loaded, replayed: false };
    }
    const once = await handleOnce(
      this.store,
      streamId,
      identity,
      options.eventId?.(0),
      run,
      async (recorded) => {
        const loaded = await load();
        const events = recorded.map(readEvent<Event>);
        return {
          events,
          answer: answer(loaded.state, events, loaded.meta),
          position: recorded.at(-1)!.position,
          replayed: true,
        } satisfies CommandOutcome<Event, Answer>;
      },
      () => this.metrics?.countRetry(streamId, 'repeat'),
    );
    return once.replayed
      ? { outcome: once.result, loaded: null, replayed: true }
      : { outcome: outcomeOf(once.result), loaded: once.result.loaded, replayed: false };
  }

  /** How a stream's state is loaded: from memory plus the tail for hot and small streams, else folded from the store. */
  private loader<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    { snapshot, hot }: StreamOptions,
  ): StreamLoader<State> {
    const fold: StreamLoader<State> = snapshot
      ? snapshotLoader(this.store, this.snapshots, snapshot, streamId, decider)
      : () => foldStream(this.store, streamId, decider);
    const cache = snapshot ? this.hot : hot ? this.small : null;
    return cache ? cache.loader(streamId, decider, fold) : fold;
  }

  private forget(streamId: string): void {
    this.hot.forget(streamId);
    this.small.forget(streamId);
  }
}
