import { describe, expect, it } from '@jest/globals';
import { isPrecached, precacheManifest, type BuiltFile } from '../../pwa/precache';
import { routeOf, type RequestFacts } from '../../pwa/service-worker/routes';

// The installable app's build step and its service worker's rules (issue 15).
// The worker itself runs in the browser spec (test/browser/offline-app.browser.spec.ts).

const build: BuiltFile[] = [
  { path: 'index.html', content: '<!doctype html>' },
  { path: 'assets/index-B1x2.js', content: 'main' },
  { path: 'assets/pos-Bs24.js', content: 'the point of sale, loaded when opened' },
  { path: 'assets/ar-BViY.js', content: 'Arabic messages' },
  { path: 'assets/index-Bs3t.css', content: 'styles' },
  { path: 'assets/noto-sans-arabic-arabic-400-normal-AAMx.woff2', content: new Uint8Array([1, 2, 3]) },
  { path: 'assets/noto-sans-arabic-arabic-400-normal-hsqI.woff', content: new Uint8Array([4, 5, 6]) },
  { path: 'assets/zxing_reader-Bb9M.wasm', content: new Uint8Array([0, 97, 115, 109]) },
  { path: 'assets/index-B1x2.js.map', content: '{}' },
  { path: 'manifest.webmanifest', content: '{}' },
  { path: 'icons/icon-192.png', content: new Uint8Array([137, 80]) },
  { path: 'icons/.DS_Store', content: '' },
  { path: 'sw.js', content: 'an earlier worker' },
];

describe('the precache list', () => {
  it('holds the page, every script, stylesheet, woff2 font, the decoder, the manifest and icons, as sorted URLs', () => {
    expect(precacheManifest(build).urls).toEqual([
      '/assets/ar-BViY.js',
      '/assets/index-B1x2.js',
      '/assets/index-Bs3t.css',
      '/assets/noto-sans-arabic-arabic-400-normal-AAMx.woff2',
      '/assets/pos-Bs24.js',
      '/assets/zxing_reader-Bb9M.wasm',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('leaves out the woff fallbacks, source maps, dotfiles and the worker itself', () => {
    expect(isPrecached('assets/noto-sans-latin-400-normal-DPpK.woff')).toBe(false);
    expect(isPrecached('assets/index-B1x2.js.map')).toBe(false);
    expect(isPrecached('icons/.DS_Store')).toBe(false);
    expect(isPrecached('sw.js')).toBe(false);
    expect(isPrecached('assets/noto-sans-latin-400-normal-BTkU.woff2')).toBe(true);
  });

  it('serves the app from another base path when built for one', () => {
    expect(precacheManifest([{ path: 'index.html', content: '' }], '/pharmacy/').urls).toEqual([
      '/pharmacy/index.html',
    ]);
  });

  it('has a new version when any cached file changes, in name or content, and the same one otherwise', () => {
    const { version } = precacheManifest(build);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheManifest([...build].reverse()).version).toBe(version);
    const edited = build.map((file) => (file.path === 'index.html' ? { ...file, content: '<!doctype html>!' } : file));
    expect(precacheManifest(edited).version).not.toBe(version);
    const renamed = build.map((file) =>
      file.path === 'assets/pos-Bs24.js' ? { ...file, path: 'assets/pos-Zz99.js' } : file,
    );
    expect(precacheManifest(renamed).version).not.toBe(version);
    const icon = build.map((file) =>
      file.path === 'icons/icon-192.png' ? { ...file, content: new Uint8Array([137, 81]) } : file,
    );
    expect(precacheManifest(icon).version).not.toBe(version);
  });

  it('keeps the version when only files it does not cache change', () => {
    const { version } = precacheManifest(build);
    const withoutFallbacks = build.filter((file) => !file.path.endsWith('.woff') && !file.path.endsWith('.map'));
    expect(precacheManifest(withoutFallbacks).version).toBe(version);
  });
});

describe('what the service worker does with a request', () => {
  const origin = 'https://pharmacy.example';
  const precached = new Set(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']);
  const get = (path: string, mode = 'cors'): RequestFacts => ({ method: 'GET', url: `${origin}${path}`, mode });

  it('never handles the API: reads, writes, sign-in navigations, in any case', () => {
    for (const request of [
      get('/api/auth/user'),
      get('/api/products?limit=50'),
      get('/api'),
      get('/API/Sales'),
      get('/api/login', 'navigate'),
      { method: 'POST', url: `${origin}/api/sales`, mode: 'cors' },
    ]) {
      expect(routeOf(request, origin, precached)).toBe('network');
    }
  });

  it('never handles other methods or other sites', () => {
    expect(routeOf({ method: 'HEAD', url: `${origin}/assets/a.js`, mode: 'cors' }, origin, precached)).toBe('network');
    expect(routeOf({ method: 'GET', url: 'https://cdn.example/x.js', mode: 'cors' }, origin, precached)).toBe(
      'network',
    );
  });

  it('answers navigations to the app’s pages (the cached app when the network fails)', () => {
    for (const path of ['/', '/pos', '/pos?sale=1', '/inventory', '/apiary', '/no-such-page']) {
      expect(routeOf(get(path, 'navigate'), origin, precached)).toBe('page');
    }
  });

  it('answers the build’s files from the cache: hashed assets, lazily loaded or not, and the precached others', () => {
    expect(routeOf(get('/assets/pos-Bs24.js'), origin, precached)).toBe('file');
    expect(routeOf(get('/assets/noto-sans-latin-400-normal-DPpK.woff'), origin, precached)).toBe('file');
    expect(routeOf(get('/manifest.webmanifest'), origin, precached)).toBe('file');
    expect(routeOf(get('/icons/icon-192.png', 'no-cors'), origin, precached)).toBe('file');
    expect(routeOf(get('/favicon.ico', 'no-cors'), origin, precached)).toBe('network');
  });
});
