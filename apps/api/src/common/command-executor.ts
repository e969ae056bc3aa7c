import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, fold, parseEventData, type Decider, type DomainEvent } from '@pharmacy/domain';
import { WrongExpectedRevisionError, type EventStore, type GlobalPosition } from '@pharmacy/event-store';
import type { ProjectionWaiter } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, PROJECTION_WAITER } from '../infrastructure/tokens';
import { KeyedMutex } from './keyed-mutex';
import type { RequestContext } from './request-context';
import { SnapshotStore, type SnapshotPolicy } from './snapshot-store';

export interface CommandOutcome<Event, State> {
  events: Event[];
  /** State after the command (including its events). */
  state: State;
  /** Where the last new event landed; null when the command changed nothing. */
  position: GlobalPosition | null;
}

export interface ExecuteOptions {
  /** Long streams (stock-*) load from a snapshot plus the tail. */
  snapshot?: SnapshotPolicy;
  /** Wait for the read models before answering. Default true; intermediate steps of a multi-stream command pass false. */
  waitForProjections?: boolean;
}

const MAX_ATTEMPTS = 8;

/**
 * Load (snapshot + tail), fold, decide, append with the expected revision; on
 * a concurrency conflict, load again and decide again. Then wait (bounded) for
 * the read models, so the caller's next GET shows the change.
 */
@Injectable()
export class CommandExecutor {
  private readonly streams = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly snapshots: SnapshotStore,
  ) {}

  execute<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions = {},
  ): Promise<CommandOutcome<Event, State>> {
    return this.streams.run(streamId, () => this.decideAndAppend(streamId, decider, command, context, options));
  }

  /** The current state of a stream (snapshot + tail), for reads that must be exact, e.g. before a multi-stream command. */
  async load<Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<unknown, Event, State>,
    snapshot?: SnapshotPolicy,
  ): Promise<{ state: State; revision: bigint | null; snapshotRevision: bigint | null; eventsRead: number }> {
    const saved = snapshot ? await this.snapshots.load<State>(streamId, snapshot) : null;
    const tail = await this.store.readStream(streamId, saved ? { fromRevision: saved.revision + 1n } : {});
    const state = fold(
      decider,
      saved ? saved.state : decider.initialState(),
      tail.map((e) => ({ type: e.type, data: e.data }) as Event),
    );
    const revision = tail.length > 0 ? tail[tail.length - 1]!.revision : (saved?.revision ?? null);
    return { state, revision, snapshotRevision: saved?.revision ?? null, eventsRead: tail.length };
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
    options: ExecuteOptions,
  ): Promise<CommandOutcome<Event, State>> {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await this.load(streamId, decider as Decider<unknown, Event, State>, options.snapshot);
      const events = decider.decide(command, loaded.state);
      if (events.length === 0) return { events, state: loaded.state, position: null };
      const occurredAt = new Date().toISOString();
      const envelopes = events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: parseEventData(event.type, event.data),
        metadata: {
          userId: context.userId,
          pharmacyId: context.pharmacyId,
          correlationId: context.correlationId,
          causationId: null,
          occurredAt,
        },
      }));
      try {
        const result = await this.store.append(streamId, envelopes, loaded.revision ?? 'no_stream');
        const state = fold(decider, loaded.state, events);
        if (
          options.snapshot &&
          this.snapshotDue(loaded.snapshotRevision, result.nextExpectedRevision, options.snapshot)
        ) {
          await this.snapshots.save(streamId, result.nextExpectedRevision, state, options.snapshot);
        }
        if (options.waitForProjections !== false) {
          await this.waiter.waitFor(result.position, this.config.PROJECTION_WAIT_MS);
        }
        return { events, state, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError(
            'conflict',
            'CONCURRENCY_CONFLICT',
            'This record is being changed by others right now. Please try again.',
          );
        }
        // Another process won the race: back off a little, with jitter, then decide again on fresh state.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }

  private snapshotDue(snapshotRevision: bigint | null, revision: bigint, policy: SnapshotPolicy): boolean {
    return revision + 1n - (snapshotRevision === null ? 0n : snapshotRevision + 1n) >= BigInt(policy.every);
  }

  /** When the last event of a stream was recorded, or null for an empty stream. */
  async lastRecordedAt(streamId: string): Promise<Date | null> {
    const events = await this.store.readStream(streamId);
    return events.length > 0 ? events[events.length - 1]!.recordedAt : null;
  }

  /** Waits for the read models to reach a position (after a multi-stream command whose steps did not wait). */
  async settle(position: GlobalPosition | null): Promise<void> {
    if (position) await this.waiter.waitFor(position, this.config.PROJECTION_WAIT_MS);
  }
}
