import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  envelopesOf,
  evolveLoaded,
  foldStream,
  handleCommand,
  handleOnce,
  keyedEventId,
  KeyedMutex,
  snapshotIfDue,
  snapshotLoader,
  StateCache,
  type Batch,
  type CommandIdentity,
  type Settled,
  type SnapshotPolicy,
  type LoadedStream,
  type StreamLoader,
  type StreamMeta,
} from '@pharmacy/commands';
import { readEvent, type Decider, type DomainEvent } from '@pharmacy/domain';
import {
  comparePositions,
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
} from '@pharmacy/event-store';
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
 *   the queue is released before waiting for the read models; on a hot
 *   stream, the commands that piled up are decided in turn and appended
 *   together (`together`, ADR 0022);
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
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    let outcome: CommandOutcome<Event, Answer>;
    try {
      const queued: Queued<Event, State, Answer> = { decider, command, context, options };
      outcome = this.batchable(options)
        ? await this.streams.join(streamId, this.batchOf(streamId, decider, options), queued)
        : await this.streams.run(streamId, () => this.alone(streamId, queued));
    } catch (error) {
      this.metrics?.observeCommand(streamId, 'refused', seconds());
      throw error;
    }
    this.metrics?.observeCommand(
      streamId,
      outcome.replayed ? 'replayed' : outcome.events.length === 0 ? 'unchanged' : 'appended',
      seconds(),
    );
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
   * Waits (bounded) until the read models the answer is built from show
   * these outcomes' events: those the route declares (`@ReadsFrom`; none when
   * the answer is built from the events), else every one that handles the
   * events. Tells the client when they did not catch up in time. (`execute`
   * has handed the client their log position already, for its next reads to
   * wait on: `read-after.ts`.)
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

  /** One command on its own, under its stream's turn: the command path of libs/commands, then a snapshot if one is due. */
  private async alone<Command, Event extends DomainEvent, State, Answer>(
    streamId: string,
    { decider, command, context, options }: Queued<Event, State, Answer, Command>,
  ): Promise<CommandOutcome<Event, Answer>> {
    const result = await this.decideAndAppend(streamId, decider, command, context, options);
    if (!result.replayed && result.loaded && result.outcome.events.length > 0) {
      this.saveSnapshot(streamId, snapshotIfDue(streamId, result.loaded, this.snapshots, options.snapshot));
    }
    return result.outcome;
  }

  /**
   * Commands on a hot stream (stock-*) wait their turn in a batch: those that
   * piled up while the stream was busy are decided one after another on its
   * state and appended together, one append and one commit for all (ADR 0022).
   * Not for checks beyond the decider (`precondition`), nor for a store that
   * may write a repeated id again (a keyed command must look for it first).
   */
  private batchable(options: ExecuteOptions<never, never, unknown>): boolean {
    return options.snapshot !== undefined && options.precondition === undefined && this.store.refusesRepeatedIds;
  }

  private batchOf<Event extends DomainEvent, State, Answer>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    options: ExecuteOptions<Event, State, Answer>,
  ): Batch<Queued<Event, State, Answer>, CommandOutcome<Event, Answer>> {
    return {
      key: `${deciderKey(decider)}|${options.snapshot?.schemaVersion}|${options.snapshot?.every}`,
      process: (items) =>
        items.length === 1 ? settleAll([() => this.alone(streamId, items[0]!)]) : this.together(streamId, items),
    };
  }

  /**
   * Several commands on one stream, decided in turn on its state (each sees
   * the events of those before it) and appended in one append that names the
   * revision the first was decided on. What is not plainly a first attempt
   * that appends (refused or unchanged by its decision: maybe a repeat of a
   * keyed command) runs on its own after the batch. When the append is
   * refused (the stream moved on, or an id was recorded already), nothing was
   * written: each command runs again on its own. Any other failure leaves the
   * outcome unknown, and each caller gets it, as a command alone would.
   */
  private async together<Event extends DomainEvent, State, Answer>(
    streamId: string,
    items: ReadonlyArray<Queued<Event, State, Answer>>,
  ): Promise<Array<Settled<CommandOutcome<Event, Answer>>>> {
    const oneByOne = () => settleAll(items.map((item) => () => this.alone(streamId, item)));
    const { decider, options } = items[0]!;
    let loaded: LoadedStream<State>;
    try {
      loaded = await this.loader(streamId, decider, options)();
    } catch (error) {
      return items.map(() => ({ ok: false, error }));
    }
    const base = loaded.meta.revision;
    let revision = base ?? -1n;
    const envelopes: NewEvent[] = [];
    const decided: Array<{ index: number; events: Event[]; answer: Answer }> = [];
    const left: number[] = [];
    try {
      for (const [index, item] of items.entries()) {
        let events: Event[];
        try {
          events = item.decider.decide(item.command, loaded.state);
        } catch {
          left.push(index);
          continue;
        }
        if (events.length === 0) {
          left.push(index);
          continue;
        }
        const own = this.envelopesOf(streamId, events, item.context, item.options);
        revision += BigInt(events.length);
        evolveLoaded(decider, loaded, events, { revision, updatedAt: own.at(-1)!.metadata.occurredAt });
        envelopes.push(...own);
        decided.push({ index, events, answer: answerOf(item.options, loaded.state, events, loaded.meta) });
      }
    } catch {
      // An event the state could not take: the kept state is not to be trusted.
      this.forget(streamId);
      return oneByOne();
    }
    if (decided.length === 0) return oneByOne();
    let appended: AppendResult;
    try {
      appended = await this.store.append(streamId, envelopes, base ?? 'no_stream');
    } catch (error) {
      // The kept state holds events that may not have been written.
      this.forget(streamId);
      if (error instanceof WrongExpectedRevisionError || error instanceof IdempotencyConflictError) {
        if (error instanceof WrongExpectedRevisionError) this.metrics?.countConflict(streamId);
        return oneByOne();
      }
      return items.map(() => ({ ok: false, error }));
    }
    if (appended.repeated || appended.nextExpectedRevision !== revision) {
      this.forget(streamId);
      return oneByOne();
    }
    this.saveSnapshot(streamId, snapshotIfDue(streamId, loaded, this.snapshots, options.snapshot));
    const settled: Array<Settled<CommandOutcome<Event, Answer>>> = new Array(items.length);
    for (const { index, events, answer } of decided) {
      // The batch's last event: at or after the command's own, and committed with it.
      settled[index] = { ok: true, value: { events, answer, position: appended.position, replayed: false } };
    }
    const after = await settleAll(left.map((index) => () => this.alone(streamId, items[index]!)));
    left.forEach((index, n) => (settled[index] = after[n]!));
    return settled;
  }

  /** In the background: an answer does not wait for a cache to be written; a failed write is only a cache miss. */
  private saveSnapshot(streamId: string, write: (() => Promise<void>) | null): void {
    const saving = write?.().catch((error: unknown) => {
      this.logger.warn({ err: error, streamId }, 'snapshot not saved; the next load folds a longer tail');
    });
    if (!saving) return;
    this.savingSnapshots.add(saving);
    void saving.finally(() => this.savingSnapshots.delete(saving));
  }

  private identityOf(streamId: string, context: RequestContext, options: { step?: string }): CommandIdentity | null {
    return context.idempotency
      ? {
          commandId: `${commandName(context.userId, context.idempotency)}|${options.step ?? streamId}`,
          requestHash: context.idempotency.requestHash,
        }
      : null;
  }

  /** The events as appended: ids from the record, the Idempotency-Key or at random; the request's metadata. */
  private envelopesOf<Event extends DomainEvent>(
    streamId: string,
    events: readonly Event[],
    context: RequestContext,
    options: Pick<ExecuteOptions<Event, never, unknown>, 'eventId' | 'step' | 'causationId' | 'occurredAt'>,
  ): NewEvent[] {
    const identity = this.identityOf(streamId, context, options);
    return envelopesOf(
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
    );
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State, Answer>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions<Event, State, Answer>,
  ): Promise<{ outcome: CommandOutcome<Event, Answer>; loaded: LoadedStream<State> | null; replayed: boolean }> {
    const identity = this.identityOf(streamId, context, options);
    const answer = (state: State, events: readonly Event[], meta: StreamMeta) => answerOf(options, state, events, meta);
    const load = this.loader(streamId, decider, options);
    const run = () =>
      handleCommand(this.store, streamId, decider, command, {
        load,
        precondition: options.precondition,
        idsRecordFacts: !identity && options.eventId !== undefined,
        forget: () => this.forget(streamId),
        onConflict: () => this.metrics?.countConflict(streamId),
        onRetry: (reason) => this.metrics?.countRetry(streamId, reason === 'conflict' ? 'conflict' : 'repeat'),
        toEnvelopes: (events) => this.envelopesOf(streamId, events, context, options),
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

/** A command waiting for its stream's turn. */
interface Queued<Event extends DomainEvent, State, Answer, Command = unknown> {
  decider: Decider<Command, Event, State>;
  command: Command;
  context: RequestContext;
  options: ExecuteOptions<Event, State, Answer>;
}

function answerOf<Event, State, Answer>(
  options: Pick<ExecuteOptions<Event, State, Answer>, 'answer'>,
  state: State,
  events: readonly Event[],
  meta: StreamMeta,
): Answer {
  return (options.answer ? options.answer(state, events, meta) : undefined) as Answer;
}

/** Runs these one after another, each answer or error kept in its place. */
async function settleAll<T>(runs: ReadonlyArray<() => Promise<T>>): Promise<Array<Settled<T>>> {
  const settled: Array<Settled<T>> = [];
  for (const run of runs) {
    try {
      settled.push({ ok: true, value: await run() });
    } catch (error) {
      settled.push({ ok: false, error });
    }
  }
  return settled;
}

const deciderKeys = new WeakMap<object, number>();
let deciders = 0;

/** A name for a decider, the same for every command it decides: items of one batch share it. */
function deciderKey(decider: object): number {
  const known = deciderKeys.get(decider);
  if (known !== undefined) return known;
  deciders += 1;
  deciderKeys.set(decider, deciders);
  return deciders;
}
