import type { CurrentUser, PharmacySummary } from '@pharmacy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { todayIso } from '../../../lib/dates';
import { useOnlineStatus } from '../../../lib/online-status';
import { displayNameOf } from '../../../lib/session';
import { fetchOfflineCatalogue, postOfflineSale } from '../api/offline';
import { invalidateAfterSale } from '../api/sales';
import { scanLocal, searchLocal, type LocalProduct, type LocalScan } from './local-catalogue';
import type { OfflineCheckout, QueuedSale } from './offline-sale';
import { exclusively, isUnreachable, retryDelayMs, SaleSync, type SyncPass } from './sale-sync';
import { SENT_KEPT_MS, TillStore, type RecordSaleResult, type StoredCatalogue } from './till-db';

/** How often the copy of the catalogue is refreshed while the server answers. */
export const REFRESH_EVERY_MS = 5 * 60 * 1000;
/** How often the server is tried again while it does not answer (the browser still says it is online). */
export const PROBE_EVERY_MS = 30 * 1000;
const SYNC_LOCK = 'pharmacy-till-sync';
const CHANNEL = 'pharmacy-till';

/** What the cashier entered at an offline checkout; the till adds who, where and when. */
export type OfflineCheckoutInput = Pick<
  OfflineCheckout,
  'idempotencyKey' | 'customerName' | 'customerPhone' | 'notes' | 'cashReceived' | 'items'
>;

export type SellOfflineResult = RecordSaleResult | { ok: false; problem: { code: 'NO_STORAGE' } };

export interface OfflineTill {
  /** Whether this browser can keep a copy and a queue (IndexedDB), once that is known. */
  storage: 'opening' | 'ready' | 'unavailable';
  /** Selling from the copy: the browser is offline, or the server did not answer the last request. */
  offline: boolean;
  catalogue: StoredCatalogue | null;
  refreshing: boolean;
  /** The last refresh of the copy failed (the copy shown is older). */
  refreshFailed: boolean;
  /** Every offline sale this browser holds, oldest first. */
  sales: QueuedSale[];
  syncing: boolean;
  /** Why the last send stopped short of the end of the queue; null when it got through. */
  syncStopped: SyncPass['stopped'];
  search(query: string): LocalProduct[];
  scan(input: string): LocalScan;
  sell(input: OfflineCheckoutInput): Promise<SellOfflineResult>;
  /** A request failed for want of a server: sell from the copy until one answers again. */
  reportUnreachable(): void;
  sendNow(): void;
  retry(seq: number): Promise<void>;
  discard(seq: number): Promise<boolean>;
}

const stores = new WeakMap<IDBFactory, Promise<TillStore>>();

/**
 * One connection to the till's store for the page, kept open: the point of
 * sale comes and goes, and work it started (a send under way) must still find
 * the store when it finishes.
 */
function sharedTillStore(): Promise<TillStore> {
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

/**
 * The till's offline side for the point of sale: the copy of the current
 * pharmacy's catalogue (refreshed when the page opens, every 5 minutes and when
 * the network comes back), offline sales made from it, and sending them, in
 * order, whenever the server answers. It runs while the point of sale is open.
 */
export function useOfflineTill({
  user,
  pharmacyId,
}: {
  user: Pick<CurrentUser, 'id' | 'firstName' | 'lastName' | 'email' | 'pharmacies' | 'currentPharmacy'>;
  pharmacyId: string | null;
}): OfflineTill {
  const queryClient = useQueryClient();
  const browserOnline = useOnlineStatus();
  const [store, setStore] = useState<TillStore | null>(null);
  const [storage, setStorage] = useState<OfflineTill['storage']>('opening');
  const [unreachable, setUnreachable] = useState(false);
  const [catalogue, setCatalogue] = useState<StoredCatalogue | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [sales, setSales] = useState<QueuedSale[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [syncStopped, setSyncStopped] = useState<SyncPass['stopped']>(null);
  const offline = !browserOnline || unreachable;
  const userId = user.id;
  const pharmacy: PharmacySummary | undefined =
    user.pharmacies.find((candidate) => candidate.id === pharmacyId) ??
    (user.currentPharmacy?.id === pharmacyId ? user.currentPharmacy : undefined);
  const userName = displayNameOf(user);
  const shownPharmacy = useRef(pharmacyId);
  shownPharmacy.current = pharmacyId;

  // Other tabs of this browser share the store: each tells the others when it changed it.
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    let cancelled = false;
    sharedTillStore().then(
      (opened) => {
        if (cancelled) return;
        setStore(opened);
        setStorage('ready');
      },
      () => !cancelled && setStorage('unavailable'),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const reload = useCallback(async () => {
    if (!store) return;
    try {
      const [all, copy] = await Promise.all([store.sales(), pharmacyId ? store.catalogue(pharmacyId) : undefined]);
      setSales(all);
      setCatalogue(copy ?? null);
    } catch {
      // The store went away (another tab upgraded it): what is shown stays as it was.
    }
  }, [store, pharmacyId]);

  const changed = useCallback(() => {
    channel.current?.postMessage('changed');
    return reload();
  }, [reload]);

  useEffect(() => {
    if (!store) return;
    void store
      .forgetSentBefore(new Date(Date.now() - SENT_KEPT_MS))
      .catch(() => 0)
      .then(reload);
  }, [store, reload]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CHANNEL);
    channel.current = opened;
    const onMessage = () => void reload();
    opened.addEventListener('message', onMessage);
    return () => {
      channel.current = null;
      opened.close();
    };
  }, [reload]);

  // ---------------------------------------------------------------- sending

  const sync = useMemo(
    () =>
      store
        ? new SaleSync({
            store,
            send: postOfflineSale,
            userId,
            now: () => new Date(),
            exclusive: (task) => exclusively(SYNC_LOCK, task),
            onChange: (sale) => setSales((all) => all.map((one) => (one.seq === sale.seq ? sale : one))),
          })
        : null,
    [store, userId],
  );
  const failedPasses = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);
  const refreshRef = useRef<() => Promise<void>>(() => Promise.resolve());

  const sendNow = useCallback(() => {
    if (!sync || !browserOnline) return;
    window.clearTimeout(retryTimer.current);
    setSyncing(true);
    void sync
      .run()
      .then((pass) => {
        setSyncStopped(pass.stopped);
        if (pass.sent.length > 0) {
          setUnreachable(false);
          void invalidateAfterSale(queryClient);
          void refreshRef.current();
        }
        if (pass.stopped?.kind === 'retry') {
          if (pass.stopped.error.status === null || [502, 503, 504].includes(pass.stopped.error.status)) {
            setUnreachable(true);
          }
          failedPasses.current += 1;
          retryTimer.current = window.setTimeout(() => sendNow(), retryDelayMs(failedPasses.current));
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
        void changed();
      });
  }, [sync, browserOnline, queryClient, changed]);
  useEffect(() => () => window.clearTimeout(retryTimer.current), [sync]);

  // ---------------------------------------------------------------- the copy

  // The pharmacy whose copy is being fetched: one request at a time for it, whatever asks.
  const refreshingFor = useRef<string | null>(null);
  const refresh = useCallback(async () => {
    if (!store || !pharmacyId || !browserOnline || refreshingFor.current === pharmacyId) return;
    refreshingFor.current = pharmacyId;
    setRefreshing(true);
    const requestedAt = new Date();
    try {
      const fresh = await fetchOfflineCatalogue(pharmacyId);
      const stored = await store.saveCatalogue(fresh, { requestedAt, fetchedAt: new Date() });
      if (shownPharmacy.current === stored.pharmacyId) setCatalogue(stored);
      setRefreshFailed(false);
      setUnreachable(false);
      channel.current?.postMessage('changed');
    } catch (error) {
      setRefreshFailed(true);
      if (isUnreachable(error)) setUnreachable(true);
    } finally {
      if (refreshingFor.current === pharmacyId) refreshingFor.current = null;
      setRefreshing(false);
    }
  }, [store, pharmacyId, browserOnline]);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // On opening and on coming back online; then every few minutes, and more often while the server is silent.
  useEffect(() => {
    if (store && pharmacyId && browserOnline) void refresh();
  }, [store, pharmacyId, browserOnline, refresh]);
  useEffect(() => {
    if (!store || !pharmacyId || !browserOnline) return;
    const timer = window.setInterval(() => void refresh(), unreachable ? PROBE_EVERY_MS : REFRESH_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [store, pharmacyId, browserOnline, unreachable, refresh]);

  // Send what waits when the page opens, when the browser is back online, and once the server answers again.
  useEffect(() => {
    if (browserOnline && !unreachable) sendNow();
  }, [browserOnline, unreachable, sendNow]);

  useEffect(() => {
    if (!browserOnline) setUnreachable(false);
  }, [browserOnline]);

  // ---------------------------------------------------------------- selling

  const search = useCallback(
    (query: string) => (catalogue ? searchLocal(catalogue, query, todayIso()) : []),
    [catalogue],
  );
  const scan = useCallback(
    (input: string): LocalScan =>
      catalogue ? scanLocal(catalogue, input, todayIso()) : { kind: 'notFound', code: input.trim() },
    [catalogue],
  );

  const sell = useCallback(
    async (input: OfflineCheckoutInput): Promise<SellOfflineResult> => {
      if (!store || !pharmacy) return { ok: false, problem: { code: 'NO_STORAGE' } };
      const soldAt = new Date();
      const result = await store.recordSale({
        ...input,
        soldAt,
        today: todayIso(soldAt),
        pharmacy,
        user: { id: userId, name: userName },
      });
      if (result.ok) await changed();
      return result;
    },
    [store, pharmacy, userId, userName, changed],
  );

  const retry = useCallback(
    async (seq: number): Promise<void> => {
      if (!store) return;
      await store.retry(seq);
      await changed();
      sendNow();
    },
    [store, changed, sendNow],
  );

  const discard = useCallback(
    async (seq: number) => {
      if (!store) return false;
      const discarded = await store.discard(seq);
      await changed();
      return discarded;
    },
    [store, changed],
  );

  const reportUnreachable = useCallback(() => setUnreachable(true), []);

  return {
    storage,
    offline,
    catalogue,
    refreshing,
    refreshFailed,
    sales,
    syncing,
    syncStopped,
    search,
    scan,
    sell,
    reportUnreachable,
    sendNow,
    retry,
    discard,
  };
}
