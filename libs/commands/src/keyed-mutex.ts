/**
 * Runs tasks with the same key one after another (FIFO), tasks with different
 * keys concurrently. Commands on one stream in this process then queue instead
 * of racing into optimistic-concurrency retries; other processes are still
 * handled by the expected-revision check.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
