import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  switchToArabic,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// Issue 15: a sale made offline that the books could no longer cover is recorded and raised for
// review: the dashboard says so, the Stock discrepancies screen lists it with its offline number, and
// a pharmacist of the pharmacy resolves it with a note. English and Arabic. Needs
// `NODE_ENV=production npm run build:web` first. Screenshots: test/browser/output/discrepancies-*.png.

const DOWNTOWN = demoPharmacyIds.downtown;
const TEST_TIMEOUT_MS = 120_000;
const OFFLINE_NUMBER = 'B7TR-0042';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
  const admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
  await layla.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  const sku = unique('DSC');
  const product = (
    await admin
      .post('/api/products')
      .send({ sku, name: `Ibuprofen ${sku}`, nameAr: `إيبوبروفين ${sku}`, price: '2.25' })
      .expect(201)
  ).body as { id: string };
  await admin
    .post('/api/inventory')
    .send({
      productId: product.id,
      pharmacyId: DOWNTOWN,
      batchNumber: unique('DSC-LOT'),
      quantity: 2,
      expiryDate: isoDaysFromNow(200),
      effectiveAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    })
    .expect(201);
  // The counter sold both packs while a till was offline; the till had sold 3 more an hour earlier.
  await layla
    .post('/api/sales/complete')
    .send({ cashReceived: '10.00', items: [{ productId: product.id, quantity: 2 }] })
    .expect(201);
  await layla
    .post('/api/sales/offline')
    .set('Idempotency-Key', unique('till'))
    .send({
      pharmacyId: DOWNTOWN,
      soldAt: new Date(Date.now() - 3_600_000).toISOString(),
      offlineNumber: OFFLINE_NUMBER,
      catalogueAsOf: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      cashReceived: '10.00',
      items: [{ productId: product.id, quantity: 3 }],
    })
    .expect(201);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const alert = (page: Page) => page.getByTestId('discrepancy-alert');

describe('stock discrepancies from offline sales', () => {
  it(
    'are announced on the dashboard, listed with the offline sale, and resolved with a note, in English and Arabic',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signInAndChoose(app, page, demoAccounts.layla);
        await visible(alert(page));
        await screenshot(page, 'discrepancies-en-1-dashboard');
        await alert(page).getByRole('link', { name: 'Review discrepancies' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Stock Discrepancies' }));
        await visible(page.getByRole('button', { name: `Open sale ${OFFLINE_NUMBER}` }));
        await screenshot(page, 'discrepancies-en-2-list');

        await switchToArabic(page);
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(page.getByRole('heading', { level: 1, name: 'فروقات المخزون' }));
        await screenshot(page, 'discrepancies-ar-1-list');
        await page.evaluate("localStorage.setItem('pharmacy-language', 'en')");
        await page.reload();

        await page.getByRole('button', { name: `Resolve discrepancy of sale ${OFFLINE_NUMBER}` }).click();
        const dialog = await visible(
          page.getByRole('dialog', { name: `Resolve discrepancy of sale ${OFFLINE_NUMBER}` }),
        );
        await dialog
          .getByRole('textbox', { name: /^What was found or done/ })
          .fill('Counted the shelf: three packs missing, adjusted.');
        await screenshot(page, 'discrepancies-en-3-resolve', { viewportOnly: true });
        await dialog.getByRole('button', { name: 'Mark as resolved' }).click();
        await toast(page, 'Discrepancy resolved');
        await gone(page.getByRole('dialog'));
        await visible(page.getByText('No open discrepancies', { exact: false }).or(page.getByRole('table')));
        expect(await page.getByRole('button', { name: `Resolve discrepancy of sale ${OFFLINE_NUMBER}` }).count()).toBe(
          0,
        );

        // Nothing left to review: the dashboard says nothing.
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'Dashboard' })
          .click();
        await visible(page.getByRole('heading', { level: 1 }));
        await page.waitForLoadState('networkidle');
        expect(await alert(page).count()).toBe(0);
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
