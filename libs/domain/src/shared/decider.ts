/** A domain event as the domain sees it: a type and its data. Envelopes (ids, metadata) are added by the application. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The write model of one stream as functions without I/O: `decide` turns a
 * command and the current state into new events (or throws a DomainError),
 * `evolve` folds one event into the state. Clock and ids are passed in with
 * the command.
 *
 * `initialState()` returns a fresh state for every fold, because a fold owns
 * its state: `evolve` of a large aggregate (stock-*, tens of thousands of
 * batches) updates it in place rather than copying it per event. No caller
 * keeps a state once it has been evolved further.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve'>,
  state: State,
  events: readonly Event[],
): State {
  return events.reduce((current, event) => decider.evolve(current, event), state);
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
