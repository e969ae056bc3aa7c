import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  documentDirection,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  switchToArabic,
  unexpectedErrors,
  visible,
} from './support';
import { serviceWorkerInCharge } from './offline-support';

// Issue 15, the installable app: its service worker caches the app, so a reload
// without the network still opens the signed-in shell and the point of sale, in
// English and in Arabic, with the connection shown in the header. Needs
// `NODE_ENV=production npm run build:web` first (the worker is built with the app).

const TEST_TIMEOUT_MS = 90_000;

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const connection = (page: Page) => page.getByRole('status', { name: /^(Connection|الاتصال)$/ });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const OFFLINE_EN = 'Offline — sales are kept on this device';
const OFFLINE_AR = 'غير متصل — تُحفظ المبيعات على هذا الجهاز';

/** What the worker's own requests meet: the browser's offline switch must cut them too, or the test proves nothing. */
async function workerReachesServer(context: BrowserContext): Promise<boolean> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker is running');
  return worker.evaluate<boolean>(
    "fetch('/manifest.webmanifest', { cache: 'no-store' }).then(() => true, () => false)",
  );
}

describe('the installable app without the network', () => {
  it('serves its service worker and manifest the way browsers need them', async () => {
    const sw = await fetch(`${app.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { name: string; short_name: string; icons: { src: string }[] };
    expect(body).toMatchObject({ name: 'Pharmacy Management', short_name: 'Pharmacy', start_url: '/' });
    for (const icon of body.icons) {
      expect((await fetch(`${app.baseUrl}${icon.src}`)).status).toBe(200);
    }
  });

  it(
    'reopens the signed-in shell and the point of sale offline, in English and Arabic, and shows when it is back online',
    async () => {
      const { context, page, errors } = await openSession(browser, undefined, { serviceWorkers: 'allow' });
      try {
        await signInAndChoose(app, page, demoAccounts.layla);
        await expect(connection(page).textContent()).resolves.toBe('Online');
        await serviceWorkerInCharge(page);

        await context.setOffline(true);
        await visible(connection(page).getByText(OFFLINE_EN));
        expect(await workerReachesServer(context)).toBe(false);

        // A reload with no network: the page, its scripts and the session all come from this browser.
        await page.reload();
        await visible(nav(page));
        await visible(connection(page).getByText(OFFLINE_EN));
        await screenshot(page, 'offline-app-en-1-dashboard');

        // The point of sale, loaded for the first time in this tab, from the cache.
        await nav(page).getByRole('link', { name: 'POS', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await visible(connection(page).getByText(OFFLINE_EN));
        await screenshot(page, 'offline-app-en-2-pos');
        // On a phone the notice still fits the header beside the menu button.
        await page.setViewportSize({ width: 390, height: 844 });
        await visible(connection(page).getByText(OFFLINE_EN));
        await screenshot(page, 'offline-app-en-3-phone', { viewportOnly: true });
        await page.setViewportSize({ width: 1280, height: 900 });

        // Arabic: its messages come from the cache too, and the page turns right to left.
        await switchToArabic(page);
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(connection(page).getByText(OFFLINE_AR));
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'نقطة البيع' }));
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(connection(page).getByText(OFFLINE_AR));
        await screenshot(page, 'offline-app-ar-1-pos');

        // Back online: said at once, and the session is still good with the server.
        await context.setOffline(false);
        await visible(connection(page).getByText('متصل', { exact: true }));
        await screenshot(page, 'offline-app-ar-2-online');
        await page.evaluate("localStorage.setItem('pharmacy-language', 'en')");
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await visible(connection(page).getByText('Online', { exact: true }));

        // Offline, the API calls fail where they are made, and nothing else does.
        const offline = /ERR_INTERNET_DISCONNECTED/;
        expect(unexpectedErrors(errors).filter((error) => !offline.test(error))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
