import type { CurrentUser, PharmacySummary } from '@pharmacy/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { todayIso } from '../../../lib/dates';
import { useOnlineStatus } from '../../../lib/online-status';
import { displayNameOf } from '../../../lib/session';
import { scanLocal, searchLocal, type LocalProduct, type LocalScan } from './local-catalogue';
import type { OfflineCheckout, QueuedSale } from './offline-sale';
import { isUnreachable, type SyncPass } from './sale-sync';
import { SENT_KEPT_MS, type RecordSaleResult, type StoredCatalogue, type TillStore } from './till-db';
import { saveFreshCopy, sharedTillStore, TILL_CHANNEL, useSaleSending, useTillOpen } from './use-sale-sending';

/** How often the copy of the catalogue is refreshed while the server answers. */
export const REFRESH_EVERY_MS = 5 * 60 * 1000;
/** How often the server is tried again while it does not answer (the browser still says it is online). */
export const PROBE_EVERY_MS = 30 * 1000;

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

/**
 * The till's offline side for the point of sale: the copy of the current
 * pharmacy's catalogue (refreshed when the page opens, every 5 minutes and when
 * the network comes back), offline sales made from it, and sending them, in
 * order, whenever the server answers. It runs while the point of sale is open;
 * elsewhere in the signed-in area, `useBackgroundSaleSync` sends the queue.
 */
export function useOfflineTill({
  user,
  pharmacyId,
}: {
  user: Pick<CurrentUser, 'id' | 'firstName' | 'lastName' | 'email' | 'pharmacies' | 'currentPharmacy'>;
  pharmacyId: string | null;
}): OfflineTill {
  useTillOpen();
  const browserOnline = useOnlineStatus();
  const [store, setStore] = useState<TillStore | null>(null);
  const [storage, setStorage] = useState<OfflineTill['storage']>('opening');
  const [unreachable, setUnreachable] = useState(false);
  const [catalogue, setCatalogue] = useState<StoredCatalogue | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [sales, setSales] = useState<QueuedSale[]>([]);
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
    const opened = new BroadcastChannel(TILL_CHANNEL);
    channel.current = opened;
    const onMessage = () => void reload();
    opened.addEventListener('message', onMessage);
    return () => {
      channel.current = null;
      opened.close();
    };
  }, [reload]);

  // ---------------------------------------------------------------- sending

  const refreshRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const { syncing, syncStopped, sendNow } = useSaleSending({
    store,
    userId,
    // Send what waits when the page opens, when the browser is back online, and once the server answers again.
    trigger: browserOnline && !unreachable,
    onChange: (sale) => setSales((all) => all.map((one) => (one.seq === sale.seq ? sale : one))),
    onSent: () => {
      setUnreachable(false);
      void refreshRef.current();
    },
    onUnreachable: () => setUnreachable(true),
    onSettled: () => void changed(),
  });

  // ---------------------------------------------------------------- the copy

  // The pharmacy whose copy is being fetched: one request at a time for it, whatever asks.
  const refreshingFor = useRef<string | null>(null);
  const refresh = useCallback(async () => {
    if (!store || !pharmacyId || !browserOnline || refreshingFor.current === pharmacyId) return;
    refreshingFor.current = pharmacyId;
    setRefreshing(true);
    try {
      const stored = await saveFreshCopy(store, pharmacyId);
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
