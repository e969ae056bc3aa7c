import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useOnlineStatus } from '../../../lib/online-status';
import { fetchOfflineCatalogue, postOfflineSale } from '../api/offline';
import { invalidateAfterSale } from '../api/sales';
import type { QueuedSale } from './offline-sale';
import { exclusively, retryDelayMs, SaleSync, type SyncPass } from './sale-sync';
import { TillStore, type StoredCatalogue } from './till-db';

/** Every pass of every sender of this browser (tabs, the till and the background) runs under this lock. */
export const SYNC_LOCK = 'pharmacy-till-sync';
/** Tabs of this browser tell each other on this channel that they changed the till's store. */
export const TILL_CHANNEL = 'pharmacy-till';

const stores = new WeakMap<IDBFactory, Promise<TillStore>>();

/**
 * One connection to the till's store for the page, kept open: the point of
 * sale comes and goes, and work it started (a send under way) must still find
 * the store when it finishes.
 */
export function sharedTillStore(): Promise<TillStore> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('No IndexedDB in this browser'));
  const factory = indexedDB;
  let store = stores.get(factory);
  if (!store) {
    store = TillStore.open();
    stores.set(factory, store);
    void store.catch(() => stores.delete(factory));
  }
  return store;
}

/** Fetches the pharmacy's catalogue and keeps it as the till's copy. */
export async function saveFreshCopy(store: TillStore, pharmacyId: string): Promise<StoredCatalogue> {
  const requestedAt = new Date();
  const fresh = await fetchOfflineCatalogue(pharmacyId);
  return store.saveCatalogue(fresh, { requestedAt, fetchedAt: new Date() });
}

// ------------------------------------------------------------ who drives sending

// The point of sale sends its own queue (it shows it, and knows when the server
// answers again); while one is open on this page, the background sender stands
// down, so one page never runs two senders (and two rounds of invalidations and
// copy refreshes) for the same sales. The Web Lock still guards the moments when
// one hands over to the other, and other tabs.
let tillsOpen = 0;
const tillListeners = new Set<() => void>();
function tillsChanged() {
  for (const listener of tillListeners) listener();
}
function subscribeTills(listener: () => void) {
  tillListeners.add(listener);
  return () => void tillListeners.delete(listener);
}

/** Marks the point of sale as open on this page for as long as the calling component is mounted. */
export function useTillOpen(): void {
  useEffect(() => {
    tillsOpen += 1;
    tillsChanged();
    return () => {
      tillsOpen -= 1;
      tillsChanged();
    };
  }, []);
}

/** Whether the point of sale is open on this page. */
export function useIsTillOpen(): boolean {
  return useSyncExternalStore(subscribeTills, () => tillsOpen > 0);
}

// ------------------------------------------------------------ the sender

export interface SaleSendingOptions {
  /** The till's store, once open. */
  store: TillStore | null;
  /** Only this user's sales are sent. */
  userId: string;
  /** Whether this sender may send at all: while false it sends nothing and schedules no retry. */
  enabled?: boolean;
  /** The hook sends whenever this becomes true, and when the store opens while it is. */
  trigger: boolean;
  /** After each change to a sale. */
  onChange?(sale: QueuedSale): void;
  /** A pass recorded at least one sale (the sales and stock queries are already invalidated). */
  onSent?(): void;
  /** A pass stopped because the server could not be reached. */
  onUnreachable?(): void;
  /** Every pass, whatever it came to. */
  onSettled?(): void;
}

export interface SaleSending {
  syncing: boolean;
  /** Why the last send stopped short of the end of the queue; null when it got through. */
  syncStopped: SyncPass['stopped'];
  sendNow(): void;
}

/**
 * Sends the till's queue of offline sales, in order, with their keys (see
 * `SaleSync`): when `trigger` becomes true, on `sendNow`, and again after a pass
 * that stopped on "not now", 5 s, 10 s, 20 s … up to 5 minutes later. Used by
 * the point of sale and by the background sender of the other screens (`OfflineSaleSync`).
 */
export function useSaleSending({
  store,
  userId,
  enabled = true,
  trigger,
  ...callbacks
}: SaleSendingOptions): SaleSending {
  const queryClient = useQueryClient();
  const browserOnline = useOnlineStatus();
  const [syncing, setSyncing] = useState(false);
  const [syncStopped, setSyncStopped] = useState<SyncPass['stopped']>(null);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  // A pass may end after this sender was disabled or unmounted: it must not schedule another.
  const mayRetry = useRef(enabled);
  useEffect(() => {
    mayRetry.current = enabled;
    return () => {
      mayRetry.current = false;
    };
  }, [enabled]);

  const sync = useMemo(
    () =>
      store
        ? new SaleSync({
            store,
            send: postOfflineSale,
            userId,
            now: () => new Date(),
            exclusive: (task) => exclusively(SYNC_LOCK, task),
            onChange: (sale) => latest.current.onChange?.(sale),
          })
        : null,
    [store, userId],
  );
  const failedPasses = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);

  const sendNow = useCallback(() => {
    if (!sync || !browserOnline || !enabled) return;
    window.clearTimeout(retryTimer.current);
    setSyncing(true);
    void sync
      .run()
      .then((pass) => {
        setSyncStopped(pass.stopped);
        if (pass.sent.length > 0) {
          void invalidateAfterSale(queryClient);
          latest.current.onSent?.();
        }
        if (pass.stopped?.kind === 'retry') {
          if (pass.stopped.error.status === null || [502, 503, 504].includes(pass.stopped.error.status)) {
            latest.current.onUnreachable?.();
          }
          failedPasses.current += 1;
          if (mayRetry.current) {
            window.clearTimeout(retryTimer.current);
            retryTimer.current = window.setTimeout(() => sendNow(), retryDelayMs(failedPasses.current));
          }
        } else {
          failedPasses.current = 0;
        }
      })
      .catch(() => {
        // The store itself failed (not a request): the queue is untouched, the next trigger tries again.
        setSyncStopped(null);
      })
      .finally(() => {
        setSyncing(false);
        latest.current.onSettled?.();
      });
  }, [sync, browserOnline, enabled, queryClient]);

  useEffect(() => {
    if (enabled && trigger) sendNow();
  }, [enabled, trigger, sendNow]);
  useEffect(() => () => window.clearTimeout(retryTimer.current), [sync, enabled]);

  return { syncing, syncStopped, sendNow };
}
