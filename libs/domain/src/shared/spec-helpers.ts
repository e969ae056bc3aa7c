import { expect } from '@jest/globals';
import { fold, type Decider, type DomainEvent } from './decider';

/**
 * Decider specs that read like the behaviour: given past events, when a
 * command, then these events (or this refusal). Used by the *.spec.ts files only.
 */
export function specFor<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return (...history: Event[]) => ({
    when(command: Command) {
      const run = () => decider.decide(command, fold(decider, decider.initialState(), history));
      return {
        then(expected: Event[]) {
          expect(run()).toEqual(expected);
        },
        thenRefuses(expected: { kind: string; code: string; message?: string | RegExp }) {
          let error: unknown;
          try {
            run();
          } catch (caught) {
            error = caught;
          }
          const { message, ...rest } = expected;
          expect(error).toMatchObject(rest);
          if (message) expect((error as Error).message).toMatch(message);
        },
      };
    },
  });
}
