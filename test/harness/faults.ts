import type { EventStore } from '@pharmacy/event-store';

/**
 * Wraps an event store so that an append to a stream whose id starts with a
 * prefix fails, before or after the write lands: a crash between two steps.
 * `failNext` fails that one append; `dieAtNextAppendTo` fails it and every
 * append after it, as a process that died would (its successor, on the same
 * database, finds what was left half done).
 */
export class FaultyStore {
  private fault: { prefix: string; when: 'before' | 'after'; fatal: boolean } | null = null;
  private dead = false;

  constructor(private readonly inner: EventStore) {}

  failNext(prefix: string, when: 'before' | 'after'): void {
    this.fault = { prefix, when, fatal: false };
  }

  dieAtNextAppendTo(prefix: string, when: 'before' | 'after'): void {
    this.fault = { prefix, when, fatal: true };
  }

  wrap(): EventStore {
    return new Proxy(this.inner, {
      get: (target, property, receiver) => {
        if (property !== 'append') {
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return async (...args: Parameters<EventStore['append']>) => {
          if (this.dead) throw new Error('this process is dead');
          const fault = this.fault;
          if (fault && args[0].startsWith(fault.prefix)) {
            this.fault = null;
            this.dead = fault.fatal;
            if (fault.when === 'before') throw new Error('injected crash before the append');
            await target.append(...args);
            throw new Error('injected crash after the append');
          }
          return target.append(...args);
        };
      },
    });
  }
}
