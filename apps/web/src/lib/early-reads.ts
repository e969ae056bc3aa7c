/**
 * Reads that index.html's inline script starts before the app's own files have
 * loaded and run: who is signed in, which the root route waits for before it
 * draws any page. Each is taken once, by the app's first read of its URL; every
 * later read asks the server again.
 */
declare global {
  interface Window {
    __pharmacyEarlyReads?: Record<string, Promise<Response> | undefined>;
  }
}

/** The answer index.html already asked for at `url`, the first time only. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__pharmacyEarlyReads;
  const read = reads?.[url];
  if (read && reads) delete reads[url];
  return read;
}
