import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { sellOffline, stockedForTill, tillReady, type TillProduct } from './offline-support';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  switchToArabic,
  unexpectedErrors,
  visible,
} from './support';

// Issue 15: the till keeps selling when the network drops. Chromium's network is switched off
// (`context.setOffline`), three sales are made (two in English, one in Arabic), the page is reloaded
// while offline, and the network comes back with the first send cut off after the server recorded it:
// exactly three sales arrive, at the times they were made, and the stock is right. Needs
// `NODE_ENV=production npm run build:web` first. Screenshots: test/browser/output/offline-till-*.png.

const DOWNTOWN = demoPharmacyIds.downtown;
const TEST_TIMEOUT_MS = 150_000;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let product: TillProduct;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  product = await stockedForTill(admin, {
    name: 'Offline Paracetamol',
    nameAr: 'باراسيتامول',
    price: '3.50',
    packs: 10,
    barcodePrefix: '629',
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });
const queueStatus = (page: Page) => page.getByTestId('offline-queue-status');

describe('the till without the network', () => {
  it(
    'sells three times offline, survives a reload, and sends each sale exactly once when the network is back',
    async () => {
      const { context, page, errors } = await openSession(browser, undefined, { serviceWorkers: 'allow' });
      try {
        await signInAndChoose(app, page, demoAccounts.layla);
        await nav(page).getByRole('link', { name: 'POS', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await tillReady(page);

        await context.setOffline(true);
        const soldBetween: Array<[number, number]> = [];
        const numbers: string[] = [];
        for (const [packs, shot] of [
          [1, 'en-1-receipt'],
          [2, 'en-2-receipt'],
        ] as const) {
          const before = Date.now();
          numbers.push(await sellOffline(page, product, { packs, shot: `offline-till-${shot}` }));
          soldBetween.push([before, Date.now()]);
        }
        await visible(queueStatus(page).getByText('2 offline sales waiting to be sent.'));

        // Arabic, still offline: the page turns right to left and the till keeps selling.
        await switchToArabic(page);
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        const before = Date.now();
        numbers.push(await sellOffline(page, product, { language: 'ar', shot: 'offline-till-ar-1-receipt' }));
        soldBetween.push([before, Date.now()]);
        expect(new Set(numbers).size).toBe(3);

        // A reload with no network: the app, the session and the queue come back from this browser.
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'نقطة البيع' }));
        await page.getByRole('button', { name: /المبيعات دون اتصال|Offline sales/ }).click();
        const panel = await visible(page.getByRole('dialog'));
        expect(await panel.getByRole('listitem').count()).toBe(3);
        await screenshot(page, 'offline-till-ar-2-queue', { viewportOnly: true });
        await page.keyboard.press('Escape');
        await gone(page.getByRole('dialog'));

        // Back in English; the network returns, and the first send is cut off after the server recorded it.
        await page.evaluate("localStorage.setItem('pharmacy-language', 'en')");
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await visible(queueStatus(page).getByText('3 offline sales waiting to be sent.'));
        let cut = 0;
        await page.route('**/api/sales/offline', async (route) => {
          if (cut > 0) return route.continue();
          cut += 1;
          await route.fetch();
          await route.abort('connectionreset');
        });
        await context.setOffline(false);
        await visible(queueStatus(page).getByText('No offline sales waiting.'));
        expect(cut).toBe(1);
        await screenshot(page, 'offline-till-en-3-sent');

        // Exactly three sales, one per offline number, each at the time it was made.
        for (const [i, number] of numbers.entries()) {
          const found = (await admin.get('/api/sales').query({ q: number, pharmacyId: DOWNTOWN }).expect(200))
            .body as Array<{ id: string; createdAt: string; offlineNumber: string; totalAmount: string }>;
          expect(found).toHaveLength(1);
          expect(found[0]!.offlineNumber).toBe(number);
          const [from, to] = soldBetween[i]!;
          const soldAt = Date.parse(found[0]!.createdAt);
          expect(soldAt).toBeGreaterThanOrEqual(from - 1000);
          expect(soldAt).toBeLessThanOrEqual(to + 1000);
        }
        // 1 + 2 + 1 packs left the batch: 6 of 10 are left, and the three sales are in today's figures.
        const batches = (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
          id: string;
          quantity: number;
        }>;
        expect(batches.find((b) => b.id === product.batchId)?.quantity).toBe(6);
        const recent = (await admin.get('/api/sales').query({ pharmacyId: DOWNTOWN, limit: 20 }).expect(200))
          .body as Array<{ offlineNumber: string | null; totalAmount: string }>;
        const offline = recent.filter((s) => s.offlineNumber !== null);
        expect(offline.map((s) => s.totalAmount).sort()).toEqual(['3.50', '3.50', '7.00']);
        // A connection cut off on purpose is logged by the browser; nothing else went wrong.
        expect(
          unexpectedErrors(errors).filter(
            (e) => !/ERR_CONNECTION_RESET|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e),
          ),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
