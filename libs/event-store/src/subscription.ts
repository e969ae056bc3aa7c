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
