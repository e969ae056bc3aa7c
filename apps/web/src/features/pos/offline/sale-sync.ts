import type { SaleDetail } from '@pharmacy/contracts';
import { apiErrorOf, HttpError } from '../../../lib/api';
import type { QueuedSale, QueueError } from './offline-sale';
import type { TillStore } from './till-db';

/**
 * What an attempt to send a sale came to:
 * - refused: the server answered that it will not record this request (400,
 *   403, 404, 409 such as IDEMPOTENCY_KEY_REUSED, …): sending it again as is
 *   cannot change that, so it is set aside for the user;
 * - retry: no answer, or an answer that says "not now" (5xx, 408, 429, a
 *   concurrency conflict): the same request, same key, later;
 * - signedOut: the session ended (401): nothing is sent until the user signs in.
 */
export type SendFailure = { kind: 'refused' | 'retry' | 'signedOut'; error: QueueError };

const RETRYABLE_STATUSES = new Set([408, 425, 429]);
const RETRYABLE_CODES = new Set(['CONCURRENCY_CONFLICT']);

export function failureOf(error: unknown): SendFailure {
  if (!(error instanceof HttpError)) {
    return {
      kind: 'retry',
      error: { message: error instanceof Error ? error.message : String(error), code: null, status: null },
    };
  }
  const answer = apiErrorOf(error);
  const queueError: QueueError = {
    message: answer?.message ?? error.message,
    code: answer?.code ?? null,
    status: error.status,
  };
  if (error.status === 401) return { kind: 'signedOut', error: queueError };
  if (error.status >= 500 || RETRYABLE_STATUSES.has(error.status) || RETRYABLE_CODES.has(queueError.code ?? '')) {
    return { kind: 'retry', error: queueError };
  }
  return { kind: error.status >= 400 ? 'refused' : 'retry', error: queueError };
}

/** Whether a failed request never reached a server able to answer it: the till should sell from its copy. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 502 || error.status === 503 || error.status === 504;
  // fetch rejects with a TypeError when there is no network or no server at the other end.
  return error instanceof TypeError;
}

/** Seconds before sending again after the n-th pass in a row stopped on "not now": 5, 10, 20, … up to 5 minutes. */
export function retryDelayMs(failedPasses: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failedPasses - 1), 300_000);
}

export interface SyncPass {
  sent: QueuedSale[];
  refused: QueuedSale[];
  /** Why the pass stopped before the end of the queue; null: nothing was left to send. */
  stopped: null | { kind: 'retry' | 'signedOut'; error: QueueError };
}

export interface SaleSyncDeps {
  store: Pick<TillStore, 'sales' | 'claim' | 'markSent' | 'markFailed' | 'markWaiting'>;
  /** POST /api/sales/offline with the sale's own key and stored body; the recorded sale when the answer parses. */
  send(sale: QueuedSale): Promise<SaleDetail | null>;
  /** Only this user's sales are sent (the server's idempotency keys are per user). */
  userId: string;
  now(): Date;
  /**
   * Runs a pass while no other pass of this browser runs (other tabs, or an
   * earlier sync of this one): two passes must not both take the same sale.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** After each change to a sale, for the screen to follow. */
  onChange?(sale: QueuedSale): void;
}

/**
 * Sends the queue, oldest first. "In order" is kept for every sale that can be
 * recorded: when one cannot be sent now, the pass stops there and the later
 * ones wait behind it, so none overtakes an earlier one because of a network
 * blip. A sale the server refuses for good is set aside (failed, visible) and
 * the pass goes on: waiting would not change the answer, and one bad sale must
 * not hold up the day's takings. Each attempt sends the key stored with the
 * sale, so an attempt cut short and made again is recorded once.
 */
export class SaleSync {
  private running: Promise<SyncPass> | null = null;
  private again = false;

  constructor(private readonly deps: SaleSyncDeps) {}

  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * Sends what is waiting. Triggers that arrive while a pass runs share it,
   * plus one more pass after it (a sale may have been queued meanwhile):
   * never two passes at once.
   */
  run(): Promise<SyncPass> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const running = this.passes().finally(() => {
      this.running = null;
    });
    this.running = running;
    return running;
  }

  private async passes(): Promise<SyncPass> {
    const total: SyncPass = { sent: [], refused: [], stopped: null };
    do {
      this.again = false;
      const pass = await this.deps.exclusive(() => this.pass());
      total.sent.push(...pass.sent);
      total.refused.push(...pass.refused);
      total.stopped = pass.stopped;
    } while (this.again && total.stopped === null);
    return total;
  }

  private async pass(): Promise<SyncPass> {
    const { store, userId } = this.deps;
    const result: SyncPass = { sent: [], refused: [], stopped: null };
    const due = (await store.sales()).filter(
      (sale) => sale.userId === userId && (sale.status === 'waiting' || sale.status === 'sending'),
    );
    for (const candidate of due) {
      const sale = await store.claim(candidate.seq, this.deps.now());
      if (!sale) continue;
      this.deps.onChange?.(sale);
      let recorded: SaleDetail | null;
      try {
        recorded = await this.deps.send(sale);
      } catch (error) {
        const failure = failureOf(error);
        if (failure.kind === 'refused') {
          const refused = await store.markFailed(sale.seq, failure.error);
          this.deps.onChange?.(refused);
          result.refused.push(refused);
          continue;
        }
        const waiting = await store.markWaiting(sale.seq, failure.error);
        this.deps.onChange?.(waiting);
        result.stopped = { kind: failure.kind, error: failure.error };
        return result;
      }
      const sent = await store.markSent(sale.seq, recorded, this.deps.now());
      this.deps.onChange?.(sent);
      result.sent.push(sent);
    }
    return result;
  }
}

const localLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `task` alone under `name`: across the browser's tabs with the Web
 * Locks API, else within this page (one pass after the other).
 */
export function exclusively<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(name, task);
  }
  const before = localLocks.get(name) ?? Promise.resolve();
  const turn = before.then(task, task);
  const settled = turn.catch(() => undefined);
  localLocks.set(name, settled);
  void settled.then(() => {
    if (localLocks.get(name) === settled) localLocks.delete(name);
  });
  return turn;
}
