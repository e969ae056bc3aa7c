import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { sellOffline, stockedForTill, tillReady, type TillProduct } from './offline-support';
import { launchBrowser, openSession, signInAndChoose, unexpectedErrors, visible } from './support';

// Issue 15: a sale made offline is sent when the network comes back from whichever signed-in
// screen is open, not only from the point of sale. One sale is made with Chromium's network off,
// the cashier goes to the Dashboard, the network returns, and the sale arrives exactly once while
// the Dashboard is shown. Needs `NODE_ENV=production npm run build:web` first.

const DOWNTOWN = demoPharmacyIds.downtown;
const TEST_TIMEOUT_MS = 120_000;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let product: TillProduct;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  product = await stockedForTill(admin, {
    name: 'Background Ibuprofen',
    nameAr: 'إيبوبروفين',
    price: '2.25',
    packs: 5,
    barcodePrefix: '628',
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function salesNumbered(number: string): Promise<Array<{ offlineNumber: string | null }>> {
  return (await admin.get('/api/sales').query({ q: number, pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    offlineNumber: string | null;
  }>;
}

describe('offline sales sent from any screen', () => {
  it(
    'sends a sale made offline once the network is back while the Dashboard is shown, exactly once',
    async () => {
      const { context, page, errors } = await openSession(browser, undefined, { serviceWorkers: 'allow' });
      try {
        await signInAndChoose(app, page, demoAccounts.layla);
        await nav(page).getByRole('link', { name: 'POS', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Point of Sale' }));
        await tillReady(page);

        await context.setOffline(true);
        const number = await sellOffline(page, product);
        await visible(page.getByTestId('offline-queue-status').getByText('1 offline sale waiting to be sent.'));

        await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        expect(await salesNumbered(number)).toEqual([]);

        await context.setOffline(false);
        const deadline = Date.now() + 15_000;
        let found = await salesNumbered(number);
        while (found.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          found = await salesNumbered(number);
        }
        expect(found.map((sale) => sale.offlineNumber)).toEqual([number]);
        // Still on the Dashboard: the point of sale was never opened again to send it.
        expect(await page.getByRole('heading', { level: 1, name: 'Point of Sale' }).count()).toBe(0);
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        // A little later, still one.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(await salesNumbered(number)).toHaveLength(1);
        expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual(
          [],
        );
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
