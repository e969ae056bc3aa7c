import { useEffect, useRef, useState } from 'react';
import { useOnlineStatus } from '../../../lib/online-status';
import type { TillStore } from './till-db';
import { saveFreshCopy, sharedTillStore, TILL_CHANNEL, useIsTillOpen, useSaleSending } from './use-sale-sending';

/**
 * Sends the seller's queued offline sales from whichever signed-in screen is
 * open: when the page opens, when the browser is back online, and after a pass
 * the server put off, with the till's backoff. It is the point of sale's own
 * sender (`useSaleSending`) without the till's screen, and stands down while
 * the point of sale is open on this page, which sends them itself. After a
 * sale is recorded, the current pharmacy's copy of the catalogue is refreshed.
 */
export function useBackgroundSaleSync({ userId, pharmacyId }: { userId: string; pharmacyId: string | null }): void {
  const browserOnline = useOnlineStatus();
  const tillOpen = useIsTillOpen();
  const [store, setStore] = useState<TillStore | null>(null);

  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    let cancelled = false;
    sharedTillStore().then(
      (opened) => !cancelled && setStore(opened),
      // No IndexedDB: there is no queue to send either.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // Other tabs (a point of sale showing the queue) hear that this one changed the store.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(TILL_CHANNEL);
    channel.current = opened;
    return () => {
      channel.current = null;
      opened.close();
    };
  }, []);

  useSaleSending({
    store,
    userId,
    enabled: !tillOpen,
    trigger: browserOnline,
    onSent: () => {
      if (!store || !pharmacyId) return;
      void saveFreshCopy(store, pharmacyId).then(
        () => channel.current?.postMessage('changed'),
        // The copy stays as it was: the till refreshes it again when it opens.
        () => undefined,
      );
    },
    onSettled: () => channel.current?.postMessage('changed'),
  });
}
