import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  currentEventVersion,
  DomainError,
  fold,
  parseEventData,
  readEvent,
  type Decider,
  type DomainEvent,
} from '@pharmacy/domain';
import {
  comparePositions,
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '@pharmacy/event-store';
import type { ProjectionWaiter } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, LOGGER, METRICS, PROJECTION_WAITER } from '../infrastructure/tokens';
import type { Metrics } from '../operations/metrics';
import { commandName, nameBasedUuid } from './idempotency';
import { KeyedMutex } from './keyed-mutex';
import type { RequestContext } from './request-context';
import { SnapshotStore, type SnapshotPolicy } from './snapshot-store';

/** Where a stream stood when its state was folded. */
export interface StreamMeta {
  /** Revision of the stream's last event; null when the stream does not exist. */
  revision: bigint | null;
  /** Business time of the stream's first event, when the load read it (not from a snapshot). */
  createdAt: string | null;
  /** Business time of the stream's last event, when known. */
  updatedAt: string | null;
}

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

interface Loaded<State> {
  state: State;
  meta: StreamMeta;
  /** Revision of the snapshot the state was loaded from (or last saved), null for none. */
  snapshotRevision: bigint | null;
}

interface CommandIdentity {
  commandId: string;
  requestHash: string;
}

const MAX_ATTEMPTS = 8;
/** Small streams (products, pharmacies) kept in memory: a few kilobytes each. */
const SMALL_STREAMS = 20_000;
/** Most events one command appends to one stream (a bound for reading a repeat's events back). */
const MAX_EVENTS_PER_COMMAND = 1000;

export const idempotencyKeyReused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  );

/**
 * Load, fold, decide, append with the expected revision; on a concurrency
 * conflict, load again and decide again. Commands on one stream in this
 * process queue behind each other (other processes are caught by the
 * expected revision); the queue is released before waiting for the read
 * models, so a slow projector never holds up the next command.
 *
 * With an Idempotency-Key the event ids derive from the key: a repeat finds
 * what its first attempt recorded and is answered from it, appending nothing,
 * and the event store's idempotent append covers two attempts racing in
 * different processes (ADR 0008).
 *
 * Hot streams (those with a snapshot policy: stock-*) keep their decided
 * state in memory, checked against the stream by reading the tail after the
 * cached revision, so a command costs the tail, not a snapshot load.
 */
@Injectable()
export class CommandExecutor implements OnModuleDestroy {
  private readonly streams = new KeyedMutex();
  /** Hot streams' states (large: stock-*), least recently used first. */
  private readonly hot = new Map<string, Loaded<unknown>>();
  /** Small streams read often (products, pharmacies), least recently used first. */
  private readonly small = new Map<string, Loaded<unknown>>();
  private readonly savingSnapshots = new Set<Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly snapshots: SnapshotStore,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn'>,
    @Optional() @Inject(METRICS) private readonly metrics?: Metrics,
  ) {}

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
        snapshotToSave = result.snapshot;
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
    // In the background: the answer does not wait for a cache to be written.
    const saving = (snapshotToSave as (() => Promise<void>) | null)?.();
    if (saving) {
      this.savingSnapshots.add(saving);
      void saving.finally(() => this.savingSnapshots.delete(saving));
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
      const loaded = await this.current(streamId, decider, options);
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
    const tail = await this.store.readStream(streamId, saved ? { fromRevision: saved.revision + 1n } : {});
    const state = fold(decider, saved ? saved.state : decider.initialState(), tail.map(readEvent<Event>));
    const last = tail.at(-1);
    const revision = last ? last.revision : (saved?.revision ?? null);
    const meta: StreamMeta = {
      revision,
      createdAt: saved ? null : (tail[0]?.metadata.occurredAt ?? null),
      updatedAt: last?.metadata.occurredAt ?? null,
    };
    return { state, revision, snapshotRevision: saved?.revision ?? null, eventsRead: tail.length, meta };
  }

  /**
   * Waits (bounded) until the read models that show these outcomes' events
   * have them; tells the client when they did not catch up in time.
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
    const types = [...new Set(outcomes.flatMap((outcome) => outcome.events.map((event) => event.type)))];
    const caughtUp = await this.waiter.waitFor(position, this.config.PROJECTION_WAIT_MS, types);
    if (!caughtUp) context.readModelsBehind();
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State, Answer>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions<Event, State, Answer>,
  ): Promise<{ outcome: CommandOutcome<Event, Answer>; snapshot: (() => Promise<void>) | null }> {
    const identity: CommandIdentity | null = context.idempotency
      ? {
          commandId: `${commandName(context.userId, context.idempotency)}|${options.step ?? streamId}`,
          requestHash: context.idempotency.requestHash,
        }
      : null;
    const answer = (state: State, events: readonly Event[], meta: StreamMeta) =>
      (options.answer ? options.answer(state, events, meta) : undefined) as Answer;
    // With a store that never writes an id twice, a repeat is looked for only when something says
    // this may be one: the decision refuses or changes nothing (what a repeat of a command that
    // landed would meet), or the append finds the ids recorded already. A first attempt, the usual
    // case, costs no extra read. A store that may write a repeat again is asked first.
    let lookForRepeat = identity !== null && !this.store.refusesRepeatedIds;
    let lookedForRepeat = false;
    let idsMetBefore = false;

    for (let attempt = 1; ; attempt += 1) {
      if (identity && lookForRepeat) {
        const repeat = await this.recorded(streamId, identity, options.eventId?.(0));
        if (repeat) {
          const loaded = await this.current(streamId, decider, options);
          const events = repeat.map(readEvent<Event>);
          return {
            outcome: {
              events,
              answer: answer(loaded.state, events, loaded.meta),
              position: repeat.at(-1)!.position,
              replayed: true,
            },
            snapshot: null,
          };
        }
        lookForRepeat = false;
        lookedForRepeat = true;
      }

      const loaded = await this.current(streamId, decider, options);
      let events: Event[];
      try {
        events = decider.decide(command, loaded.state);
      } catch (error) {
        if (identity && !lookedForRepeat) {
          lookForRepeat = true;
          this.metrics?.countRetry(streamId, 'repeat');
          continue;
        }
        throw error;
      }
      if (events.length === 0) {
        if (identity && !lookedForRepeat) {
          lookForRepeat = true;
          this.metrics?.countRetry(streamId, 'repeat');
          continue;
        }
        return {
          outcome: { events, answer: answer(loaded.state, events, loaded.meta), position: null, replayed: false },
          snapshot: null,
        };
      }
      if (options.precondition) await options.precondition(loaded.state, events, loaded.meta);
      const occurredAt = options.occurredAt ?? new Date().toISOString();
      const envelopes: NewEvent[] = events.map((event, index) => ({
        id: options.eventId?.(index) ?? (identity ? nameBasedUuid(`${identity.commandId}#${index}`) : randomUUID()),
        type: event.type,
        data: parseEventData(event.type, event.data),
        metadata: {
          userId: context.userId,
          pharmacyId: context.pharmacyId,
          correlationId: context.correlationId,
          causationId: options.causationId ?? null,
          occurredAt,
          schemaVersion: currentEventVersion(event.type),
          ...(identity ? { commandId: identity.commandId, requestHash: identity.requestHash } : {}),
        },
      }));

      const expected = loaded.meta.revision;
      let appended: { nextExpectedRevision: bigint; position: GlobalPosition };
      try {
        appended = await this.store.append(streamId, envelopes, expected ?? 'no_stream');
      } catch (error) {
        if (error instanceof IdempotencyConflictError && !identity && options.eventId && attempt < MAX_ATTEMPTS) {
          // An id derived from what the event records is there already: that fact was recorded by
          // someone else meanwhile. Decide again on the stream as it is now (a refusal or nothing to do).
          this.forget(streamId);
          continue;
        }
        if (error instanceof IdempotencyConflictError && identity && !idsMetBefore) {
          // Some of these ids are recorded already: another attempt of this command got there first.
          // (Met a second time after looking and finding no attempt of this command: a real conflict.)
          idsMetBefore = true;
          lookForRepeat = true;
          this.forget(streamId);
          continue;
        }
        // Met again after finding no attempt of this command on this stream: the key's ids were written
        // on another stream (the same key used at another pharmacy), so this is another request under it.
        if (error instanceof IdempotencyConflictError && identity) throw idempotencyKeyReused();
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.metrics?.countConflict(streamId);
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError(
            'CONCURRENCY_CONFLICT',
            'This record is being changed by others right now. Please try again.',
          );
        }
        // Another process won the race: back off a little, with jitter, then decide again on fresh state.
        this.metrics?.countRetry(streamId, 'conflict');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        continue;
      }
      if (appended.nextExpectedRevision !== (expected ?? -1n) + BigInt(envelopes.length)) {
        // The store answered with an earlier append of the same ids (an attempt in another process): answer from that.
        if (!identity && options.eventId && attempt < MAX_ATTEMPTS) {
          this.forget(streamId);
          continue;
        }
        if (identity && idsMetBefore) throw idempotencyKeyReused();
        if (!identity)
          throw new IdempotencyConflictError(
            streamId,
            envelopes.map((e) => e.id),
          );
        idsMetBefore = true;
        this.forget(streamId);
        lookForRepeat = true;
        continue;
      }

      const state = this.evolveLoaded(streamId, decider, loaded, events, {
        revision: appended.nextExpectedRevision,
        updatedAt: occurredAt,
      });
      const snapshot = this.snapshotIfDue(streamId, state, loaded, options.snapshot);
      return {
        outcome: {
          events,
          answer: answer(state, events, loaded.meta),
          position: appended.position,
          replayed: false,
        },
        snapshot,
      };
    }
  }

  /** The events a keyed command step recorded earlier, or null; a different request under the same key is refused. */
  private async recorded(
    streamId: string,
    identity: CommandIdentity,
    firstEventId = nameBasedUuid(`${identity.commandId}#0`),
  ): Promise<RecordedEvent[] | null> {
    const [first] = await this.store.readEventsById(streamId, [firstEventId]);
    if (first && first.metadata.commandId !== identity.commandId) {
      // The id is the record's own (eventId), written by another command: not a repeat of this one.
      return null;
    }
    if (!first) return null;
    if (first.metadata.requestHash !== identity.requestHash) throw idempotencyKeyReused();
    const following = await this.store.readStream(streamId, {
      fromRevision: first.revision,
      maxCount: MAX_EVENTS_PER_COMMAND,
    });
    const own: RecordedEvent[] = [];
    for (const event of following) {
      if (event.metadata.commandId !== identity.commandId) break;
      own.push(event);
    }
    return own;
  }

  /** The stream's state now: from memory plus the tail for hot streams, else folded from the store. */
  private async current<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    { snapshot, hot }: StreamOptions,
  ): Promise<Loaded<State>> {
    const cache = snapshot ? this.hot : hot ? this.small : null;
    if (!cache) {
      const loaded = await this.load(streamId, decider);
      return { state: loaded.state, meta: loaded.meta, snapshotRevision: null };
    }
    const cached = cache.get(streamId) as Loaded<State> | undefined;
    if (cached) {
      cache.delete(streamId);
      cache.set(streamId, cached);
      const from = cached.meta.revision === null ? 0n : cached.meta.revision + 1n;
      const tail = await this.store.readStream(streamId, { fromRevision: from });
      if (tail.length > 0) {
        const last = tail.at(-1)!;
        this.evolveLoaded(streamId, decider, cached, tail.map(readEvent<Event>), {
          revision: last.revision,
          updatedAt: last.metadata.occurredAt,
        });
      }
      return cached;
    }
    const loaded = await this.load(streamId, decider, snapshot);
    const entry: Loaded<State> = { state: loaded.state, meta: loaded.meta, snapshotRevision: loaded.snapshotRevision };
    cache.set(streamId, entry);
    const limit = snapshot ? this.config.HOT_STREAMS : SMALL_STREAMS;
    while (cache.size > limit) cache.delete(cache.keys().next().value!);
    return entry;
  }

  private forget(streamId: string): void {
    this.hot.delete(streamId);
    this.small.delete(streamId);
  }

  /** Folds events into a loaded state (in place for large aggregates); a fold that fails drops the in-memory copy. */
  private evolveLoaded<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    loaded: Loaded<State>,
    events: readonly Event[],
    to: { revision: bigint; updatedAt: string },
  ): State {
    try {
      loaded.state = fold(decider, loaded.state, events);
    } catch (error) {
      this.forget(streamId);
      throw error;
    }
    loaded.meta = { ...loaded.meta, revision: to.revision, updatedAt: to.updatedAt };
    return loaded.state;
  }

  /**
   * Serialises the state now, while the stream is locked (later commands
   * change it in place), and returns the write to run once the lock is free.
   * A failed snapshot write is only a cache miss: the command's answer stands.
   */
  private snapshotIfDue<State>(
    streamId: string,
    state: State,
    loaded: Loaded<State>,
    policy: SnapshotPolicy | undefined,
  ): (() => Promise<void>) | null {
    const revision = loaded.meta.revision;
    if (!policy || revision === null) return null;
    const since = revision + 1n - (loaded.snapshotRevision === null ? 0n : loaded.snapshotRevision + 1n);
    if (since < BigInt(policy.every)) return null;
    const json = JSON.stringify(state);
    loaded.snapshotRevision = revision;
    return () =>
      this.snapshots.save(streamId, revision, json, policy).catch((error: unknown) => {
        this.logger.warn({ err: error, streamId }, 'snapshot not saved; the next load folds a longer tail');
      });
  }
}
