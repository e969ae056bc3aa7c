/** Items that may be worked through together, with the function that does it (one answer or error per item, in order). */
export interface Batch<Item, Result> {
  /** Items join one batch only when their batches share this key (the same decider, the same options). */
  readonly key: string;
  process(items: readonly Item[]): Promise<ReadonlyArray<Settled<Result>>>;
}

export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

type Waiting =
  | { kind: 'task'; task: () => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void }
  | {
      kind: 'item';
      batch: Batch<unknown, unknown>;
      item: unknown;
      resolve(value: unknown): void;
      reject(error: unknown): void;
    };

/** Most items worked through together. */
const MAX_BATCH = 64;

/**
 * Runs tasks with the same key one after another (FIFO), tasks with different
 * keys concurrently. Commands on one stream in this process then queue instead
 * of racing into optimistic-concurrency retries; other processes are still
 * handled by the expected-revision check.
 *
 * Items that `join` a batch wait in the same queue; when their turn comes,
 * they are handed over together with the items of the same batch key queued
 * right behind them (what piled up while the stream was busy), so a busy
 * pharmacy's sales share one append and one commit. Alone in the queue, an
 * item is a batch of one.
 */
export class KeyedMutex {
  private readonly queues = new Map<string, Waiting[]>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.enqueue(key, { kind: 'task', task, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  join<Item, Result>(key: string, batch: Batch<Item, Result>, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.enqueue(key, {
        kind: 'item',
        batch: batch as Batch<unknown, unknown>,
        item,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  private enqueue(key: string, waiting: Waiting): void {
    const queue = this.queues.get(key);
    if (queue) {
      queue.push(waiting);
      return;
    }
    this.queues.set(key, [waiting]);
    void this.drain(key);
  }

  /** Works through a key's queue until it is empty; the queue's presence in the map means the key is busy. */
  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const head = queue[0]!;
      if (head.kind === 'task') {
        try {
          head.resolve(await head.task());
        } catch (error) {
          head.reject(error);
        }
        queue.shift();
        continue;
      }
      let count = 1;
      while (count < queue.length && count < MAX_BATCH) {
        const next = queue[count]!;
        if (next.kind !== 'item' || next.batch.key !== head.batch.key) break;
        count += 1;
      }
      const members = queue.slice(0, count) as Array<Extract<Waiting, { kind: 'item' }>>;
      let settled: ReadonlyArray<Settled<unknown>>;
      try {
        settled = await head.batch.process(members.map((member) => member.item));
      } catch (error) {
        settled = members.map(() => ({ ok: false, error }));
      }
      members.forEach((member, index) => {
        const outcome = settled[index] ?? { ok: false, error: new Error('a batch left an item unanswered') };
        if (outcome.ok) member.resolve(outcome.value);
        else member.reject(outcome.error);
      });
      queue.splice(0, count);
    }
    this.queues.delete(key);
  }
}
