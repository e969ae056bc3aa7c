import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network connection now. */
export function isOnline(): boolean {
  return navigator.onLine;
}

/**
 * `true` while the browser has a network connection, `false` from its
 * `offline` event until its `online` event; the component re-renders on each.
 *
 * The browser only knows about its own link: `true` does not promise that the
 * server answers (a dead router upstream still reads as online), so code that
 * sends something must still handle a failed request. `false`, on the other
 * hand, is certain: nothing will reach the server.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
