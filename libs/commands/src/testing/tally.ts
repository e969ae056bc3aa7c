import { randomUUID } from 'node:crypto';
import { DomainError, type Decider } from '@pharmacy/domain';
import type { NewEvent } from '@pharmacy/event-store';

/**
 * A small stream for the command path's own tests: a tally that things are
 * added to once each (by id). Not in the event catalogue, so its events are
 * written as they are.
 */
export type TallyCommand =
  { type: 'Add'; id: string; amount: number } | { type: 'Check'; atMost: number } | { type: 'Nothing' };
export type TallyEvent = { type: 'TallyAdded'; data: { id: string; amount: number } };
export interface TallyState {
  total: number;
  ids: string[];
}

export const tallyDecider: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ total: 0, ids: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'Add':
        if (state.ids.includes(command.id)) return [];
        if (command.amount <= 0) throw new DomainError('RECEIVED_QUANTITY_INVALID', 'Add a positive amount');
        return [{ type: 'TallyAdded', data: { id: command.id, amount: command.amount } }];
      case 'Check':
        if (state.total > command.atMost) throw new DomainError('INSUFFICIENT_STOCK', 'Too much already');
        return [];
      case 'Nothing':
        return [];
    }
  },
  evolve: (state, event) => ({ total: state.total + event.data.amount, ids: [...state.ids, event.data.id] }),
};

export const tallyMetadata = {
  userId: null,
  pharmacyId: null,
  correlationId: '00000000-0000-4000-8000-000000000000',
  causationId: null,
  occurredAt: '2026-12-01T10:00:00.000Z',
};

/** Envelopes with random ids, or with ids from `idOf`. */
export function tallyEnvelopes(
  events: readonly TallyEvent[],
  idOf: (index: number, event: TallyEvent) => string = () => randomUUID(),
  metadata: Partial<NewEvent['metadata']> = {},
): NewEvent[] {
  return events.map((event, index) => ({
    id: idOf(index, event),
    type: event.type,
    data: event.data,
    metadata: { ...tallyMetadata, ...metadata },
  }));
}
