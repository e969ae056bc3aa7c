import type { Kysely } from 'kysely';
import type { GlobalPosition } from '@pharmacy/event-store';
import type { ReadDatabase } from '@pharmacy/read-db';
import type { EventEmitter } from 'node:events';
import { lowestCheckpoint } from './checkpoints';

/**
 * Lets a command answer wait until the read models include its events, so the
 * client's next GET shows the write. Bounded: past the timeout the answer goes
 * out anyway (the write is safe in the log; the read model follows shortly).
 */
export class ProjectionWaiter {
  /**
   * Positions each projection is known to have committed past: a read that
   * carries a position already reached answers without a lookup. Positions
   * only move forward (a rebuild swaps in tables that are at least as far).
   */
  private readonly reached = new Map<string, bigint>();
  /** The furthest position this process appended: a read here waits for it, whoever wrote it. */
  private written = -1n;

  constructor(
    private readonly db: Kysely<ReadDatabase>,
    /** The projections to wait for, with the event types each handles. */
    private readonly projections: ReadonlyArray<{ name: string; handles: readonly string[] }>,
    /**
     * The projector in this process, when there is one: what it has committed
     * is known here without asking the database, and its progress wakes the wait.
     */
    private readonly local?: {
      committedPosition(name: string): GlobalPosition | null;
      progress: EventEmitter;
    },
    private readonly pollMs = 20,
  ) {}

  /** The lowest commit position of these projections: from the local projector when it runs them all, else the database. */
  private async lowest(names: readonly string[]): Promise<bigint | null> {
    if (this.local) {
      let low: bigint | null = null;
      for (const name of names) {
        const position = this.local.committedPosition(name);
        if (!position) return lowestCheckpoint(this.db, names);
        if (low === null || position.commit < low) low = position.commit;
      }
      return low;
    }
    return lowestCheckpoint(this.db, names);
  }

  /**
   * Resolves true once every projection passed `position`, false on timeout.
   * With `eventTypes` (what the write appended), only the projections that
   * handle one of them are waited for: the others have nothing to show of it.
   * With `only` (the read models an answer or a read is built from), only
   * those of them: a read of the sales list need not wait for the audit trail.
   */
  async waitFor(
    position: GlobalPosition,
    timeoutMs = 5000,
    eventTypes?: readonly string[],
    only?: readonly string[],
  ): Promise<boolean> {
    const names = this.projections
      .filter((p) => !eventTypes || p.handles.some((type) => eventTypes.includes(type)))
      .filter((p) => !only || only.includes(p.name))
      .map((p) => p.name);
    return this.waitForCommit(position.commit, names, timeoutMs);
  }

  /** Resolves true once these projections committed past `commit`, false on timeout. */
  async waitForCommit(commit: bigint, names: readonly string[], timeoutMs: number): Promise<boolean> {
    if (names.length === 0) return true;
    if (names.every((name) => (this.reached.get(name) ?? -1n) >= commit)) return true;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const low = await this.lowest(names);
      if (low !== null && low >= commit) {
        for (const name of names) if ((this.reached.get(name) ?? -1n) < low) this.reached.set(name, low);
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.local?.progress.off('advanced', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(this.pollMs, left));
        this.local?.progress.once('advanced', done);
      });
    }
  }

  /** Notes an append by this process: reads served here after it wait for the read models to have it. */
  wrote(position: GlobalPosition): void {
    if (position.commit > this.written) this.written = position.commit;
  }

  /** The furthest position this process appended (-1 before its first append). */
  get latestWrite(): bigint {
    return this.written;
  }

  /** The names of the read models this waiter knows. */
  get names(): readonly string[] {
    return this.projections.map((p) => p.name);
  }
}
