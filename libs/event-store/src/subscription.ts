import { EventEmitter } from 'node:events';
import type { BatchHandler, GlobalPosition, RecordedEvent, Subscription } from './port';

export interface SubscriptionSource {
  after: GlobalPosition | null;
  batchSize: number;
  read(after: GlobalPosition | null, maxCount: number): Promise<RecordedEvent[]>;
  /** A counter that changes whenever an append is noticed; read before each read to close the lost-wake-up window. */
  generation(): number;
  waitForAppend(timeoutMs: number, signal: AbortSignal): Promise<void>;
  handler: BatchHandler;
  /** Backoff after a failed read (the store is down); doubles up to 30 s. Default 250 ms. */
  retryDelayMs?: number;
}

/**
 * The catch-up loop shared by the adapters: read after the last delivered
 * position, hand the batch over, repeat; when caught up, sleep until an append
 * is noticed or the poll interval passes. Read failures are retried; a handler
 * failure ends the subscription.
 */
export function runSubscription(source: SubscriptionSource): Subscription {
  const abort = new AbortController();
  let after = source.after;
  const done = (async () => {
    let delay = source.retryDelayMs ?? 250;
    while (!abort.signal.aborted) {
      const seen = source.generation();
      let events: RecordedEvent[];
      try {
        events = await source.read(after, source.batchSize);
        delay = source.retryDelayMs ?? 250;
      } catch {
        await sleep(delay, abort.signal);
        delay = Math.min(delay * 2, 30_000);
        continue;
      }
      if (abort.signal.aborted) break;
      if (events.length === 0) {
        if (source.generation() === seen) await source.waitForAppend(30_000, abort.signal);
        continue;
      }
      await source.handler(events);
      after = events[events.length - 1]!.position;
    }
  })();
  done.catch(() => undefined);
  return {
    done,
    async stop() {
      abort.abort();
      await done.catch(() => undefined);
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * "Something was appended" for the catch-up loops of one store: a generation
 * counter plus a wake-up, shared by the adapters (NOTIFY, an EventStoreDB
 * subscription, or an append made by this process all call `signal`).
 */
export class AppendSignal {
  private readonly emitter = new EventEmitter();
  private count = 0;

  constructor(private readonly pollIntervalMs: number) {
    this.emitter.setMaxListeners(0);
  }

  get generation(): number {
    return this.count;
  }

  signal(): void {
    this.count += 1;
    this.emitter.emit('appended');
  }

  /** Wakes every waiter for good (the store is closing). */
  close(): void {
    this.emitter.emit('closed');
  }

  /** Resolves on the next append, at the poll interval, or when aborted or closed. */
  wait(timeoutMs: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('appended', done);
        this.emitter.off('closed', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(timeoutMs, this.pollIntervalMs));
      this.emitter.once('appended', done);
      this.emitter.once('closed', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
