import { createHash } from 'node:crypto';

/** A file of the build (or of the public folder), by its path inside the output folder. */
export interface BuiltFile {
  path: string;
  content: string | Uint8Array;
}

/** What the service worker caches when it installs, and the version that names its cache. */
export interface PrecacheManifest {
  version: string;
  urls: string[];
}

/**
 * Whether the service worker caches a built file ahead of use. Everything the
 * app may load is (index.html, every script and stylesheet, lazily loaded pages,
 * the language messages, the fonts, the barcode decoder, the manifest and
 * icons), so the app opens and works without the network, except:
 * - `.woff`: the fonts' fallback format; every browser that runs service workers
 *   takes the `.woff2` listed before it, so these would be 0.5 MB never read
 *   (the worker still caches one if a browser asks for it);
 * - source maps, dotfiles, and the worker itself.
 */
export function isPrecached(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name.startsWith('.') || name === 'sw.js') return false;
  return !name.endsWith('.woff') && !name.endsWith('.map');
}

/**
 * The precache list (absolute URLs under `base`, sorted) and a version that
 * changes whenever any listed file's name or content does, so every new build
 * installs as a new cache and an unchanged build keeps the one it has.
 */
export function precacheManifest(files: readonly BuiltFile[], base = '/'): PrecacheManifest {
  const kept = files.filter((file) => isPrecached(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
  const hash = createHash('sha256');
  for (const file of kept) hash.update(file.path).update('\0').update(file.content).update('\0');
  return { version: hash.digest('hex').slice(0, 16), urls: kept.map((file) => `${base}${file.path}`) };
}
