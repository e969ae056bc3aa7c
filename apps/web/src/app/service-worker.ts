/**
 * Installs the app's service worker (built into dist/sw.js by pwa/vite-plugin.ts),
 * which lets the app open without the network. Production builds only (see
 * main.tsx): `vite dev` has no worker, and tests never load this file.
 *
 * Registered once the page has loaded, so caching the app's files does not
 * compete with the first visit's own downloads.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The app still works, online only; say why, for whoever looks at the console.
      console.warn('The offline service worker could not be registered:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
