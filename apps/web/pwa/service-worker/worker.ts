import { HASHED_FILES_PREFIX, routeOf } from './routes';

// The service worker of the installable app (issue 15): the app opens and runs
// without the network. It caches the app's own files only. API calls are never
// handled here, so nothing the server says is ever cached or answered from a
// cache; data kept for offline use lives in IndexedDB, written by the app.

declare const self: ServiceWorkerGlobalScope;

/** Written into the build by pwa/vite-plugin.ts: the files to cache on install, and their version. */
declare const __PRECACHE__: { version: string; urls: string[] };

const PRECACHE = __PRECACHE__;
const CACHE_PREFIX = 'pharmacy-app-';
const cacheName = `${CACHE_PREFIX}${PRECACHE.version}`;
const precachedPaths: ReadonlySet<string> = new Set(PRECACHE.urls);
const SHELL_URL = '/index.html';

/** A navigation the network has not answered by then is served from the cache: a dead link often hangs rather than fails. */
const PAGE_TIMEOUT_MS = 4000;
/** What a proxy answers when the server behind it is down: the cached app does better than that. */
const SERVER_UNREACHABLE = new Set([502, 503, 504]);

self.addEventListener('install', (event) => {
  // Waiting would keep the old version until every tab of the app closed, which a till never does. Taking
  // over at once is safe: the open tabs keep running the code they loaded, and the previous version's
  // cache stays (see `deleteOldCaches`), so their lazily loaded pages still load without the network.
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOldCaches().then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin, precachedPaths);
  switch (route) {
    case 'network':
      return;
    case 'page':
      event.respondWith(page(event.request));
      return;
    case 'file':
      event.respondWith(file(event));
      return;
  }
});

async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    PRECACHE.urls.map(async (url) => {
      if (await cache.match(url)) return;
      // A hashed file an earlier version cached is the very same file: copied, not downloaded again.
      const earlier = url.startsWith(HASHED_FILES_PREFIX) ? await caches.match(url) : undefined;
      // `reload`: the browser's HTTP cache may hold an index.html older than this build.
      const response = earlier ?? (await fetch(url, { cache: 'reload' }));
      // A missing file fails the install: the previous version stays in charge, and the browser tries again later.
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

/**
 * Keeps this version's cache and the one before it (caches.keys() lists them
 * in the order they were made): a tab opened before the update still runs the
 * previous version and may yet load one of its pages. Older ones go.
 */
async function deleteOldCaches(): Promise<void> {
  const others = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName);
  await Promise.all(others.slice(0, -1).map((name) => caches.delete(name)));
}

/** The network's page while it answers (so online visits always get the newest build), else the cached app. */
async function page(request: Request): Promise<Response> {
  const shell = await caches.match(SHELL_URL, { cacheName });
  if (!shell) return fetch(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), PAGE_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([fetch(request), timeout]);
    return SERVER_UNREACHABLE.has(response.status) ? shell : response;
  } catch {
    return shell;
  } finally {
    clearTimeout(timer);
  }
}

/** A file of the build: from any version's cache, or from the network (and kept, when it is a hashed file). */
async function file(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && new URL(event.request.url).pathname.startsWith(HASHED_FILES_PREFIX)) {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}
