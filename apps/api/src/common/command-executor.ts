import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DomainError, fold, parseEventData, type Decider, type DomainEvent } from '@pharmacy/domain';
import { WrongExpectedRevisionError, type EventStore, type GlobalPosition } from '@pharmacy/event-store';
import type { ProjectionWaiter } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, PROJECTION_WAITER } from '../infrastructure/tokens';
import { KeyedMutex } from './keyed-mutex';
import type { RequestContext } from './request-context';

export interface CommandOutcome<Event, State> {
  events: Event[];
  state: State;
  /** Where the last new event landed; null when the command changed nothing. */
  position: GlobalPosition | null;
}

const MAX_ATTEMPTS = 8;

/**
 * Load, fold, decide, append with the expected revision; on a concurrency
 * conflict, load again and decide again. Then wait (bounded) for the read
 * models, so the caller's next GET shows the change.
 */
@Injectable()
export class CommandExecutor {
  private readonly streams = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
  ): Promise<CommandOutcome<Event, State>> {
    return this.streams.run(streamId, () => this.decideAndAppend(streamId, decider, command, context));
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: RequestContext,
  ): Promise<CommandOutcome<Event, State>> {
    for (let attempt = 1; ; attempt += 1) {
      const history = await this.store.readStream(streamId);
      const state = fold(
        decider,
        decider.initialState,
        history.map((e) => ({ type: e.type, data: e.data }) as Event),
      );
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state, position: null };
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
      const expected = history.length > 0 ? history[history.length - 1]!.revision : 'no_stream';
      try {
        const result = await this.store.append(streamId, envelopes, expected);
        await this.waiter.waitFor(result.position, this.config.PROJECTION_WAIT_MS);
        return { events, state: fold(decider, state, events), position: result.position };
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
}
