/**
 * What the service worker does with a request. Pure, so the rules that matter
 * (the API always goes to the network) are tested without a browser.
 *
 * - `network`: not handled at all; the browser sends it as if there were no
 *   service worker. Every API call, every write, every other site.
 * - `page`: a navigation to one of the app's pages: the network, and the cached
 *   index.html when the network fails (the client router shows the page).
 * - `file`: a file of the build (script, stylesheet, font, icon, the language
 *   messages): from the cache, or the network once and then cached.
 */
export type RequestRoute = 'network' | 'page' | 'file';

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

/** /api and everything under it, in any case: the server's routes ignore case. */
const API_PATH = /^\/api(\/|$)/i;

/** Vite's output folder: every file in it has its content hash in its name, so a cached copy never goes stale. */
export const HASHED_FILES_PREFIX = '/assets/';

export function isApiPath(pathname: string): boolean {
  return API_PATH.test(pathname);
}

/** `precached`: the paths of the build's precache list (files outside /assets/ too, such as the icons). */
export function routeOf(request: RequestFacts, origin: string, precached: ReadonlySet<string>): RequestRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isApiPath(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith(HASHED_FILES_PREFIX) || precached.has(url.pathname)) return 'file';
  return 'network';
}
