import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  signInAndChoose,
  switchToArabic,
  unexpectedErrors,
  visible,
} from './support';

// The dashboard (/) in a real Chromium against the real server: a fresh database
// with the demo locations, catalogue and sales, plus two sales made through the
// API just before, so they are the newest. English, then Arabic (right to left).
// Needs `npm run build:web` first. Screenshots: test/browser/output/dashboard-*.png.

const TEST_TIMEOUT_MS = 150_000;
const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const ABDOUN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02';
const CUSTOMER = 'Dashboard Test Customer';

let app: TestApp;
let browser: Browser;
/** The two sales made before the tests, newest last. */
const made: { id: string }[] = [];

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  browser = await launchBrowser();

  // Two sales at Downtown, of a product held there that has not expired.
  const api = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  await api.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  const today = new Date().toISOString().slice(0, 10);
  const batches = (await api.get(`/api/inventory?pharmacyId=${DOWNTOWN}`).expect(200)).body as Array<{
    productId: string;
    quantity: number;
    expiryDate: string;
    isActive: boolean;
  }>;
  const products = (await api.get(`/api/products?pharmacyId=${DOWNTOWN}`).expect(200)).body as Array<{
    id: string;
    price: string;
  }>;
  const affordable = new Set(products.filter((product) => Number(product.price) < 50).map((product) => product.id));
  const held = batches.find(
    (batch) => batch.isActive && batch.quantity >= 2 && batch.expiryDate > today && affordable.has(batch.productId),
  );
  if (!held) throw new Error('no product held at Downtown to sell');
  for (const customerName of [CUSTOMER, undefined]) {
    const sale = await api
      .post('/api/sales/complete')
      .send({
        customerName,
        cashReceived: '100.00',
        items: [{ productId: held.productId, quantity: 1, salesUnit: 'whole' }],
      })
      .expect(201);
    made.push({ id: (sale.body as { id: string }).id });
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const metric = (page: Page, label: string): Locator =>
  page
    .getByRole('list', { name: /Key figures|المؤشرات الرئيسية/ })
    .getByRole('listitem')
    .filter({ hasText: label });
const region = (page: Page, name: string): Locator => page.getByRole('region', { name });
const bodyRows = (page: Page): Locator => page.getByRole('table').locator('tbody tr');

/** Full-page screenshots from the top, so the sticky header and sidebar are drawn where they belong. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

async function chooseLocation(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Dashboard in the browser', () => {
  it(
    'shows the day, the alerts, the newest sales, FEFO and the stock, per location, in English and Arabic',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signInAndChoose(app, page, demoAccounts.admin);
        await page.goto(`${app.baseUrl}/`);
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        await visible(page.getByText('Welcome back, Sara!'));
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');

        // Metric cards: today's sales include the two just made; the change figures are fixed.
        await visible(metric(page, "Today's Sales").getByText(/^\$\d[\d,]*\.\d{2}$/));
        await visible(metric(page, "Today's Sales").getByText('+12.5%'));
        await visible(metric(page, 'Orders Processed').getByText('+8.2%'));
        const orders = Number(
          (await metric(page, 'Orders Processed').locator('.dashboard-metric-value').textContent())?.replaceAll(
            ',',
            '',
          ),
        );
        expect(orders).toBeGreaterThanOrEqual(2);
        await visible(metric(page, 'Active Products').getByText(/^\d{3}$/));

        // Recent sales: the two made above, newest first, then the seeded ones.
        const sales = region(page, 'Recent Sales').getByRole('listitem');
        await visible(sales.first());
        expect(await sales.count()).toBe(5);
        const newest = made[1]!.id.slice(-6);
        const earlier = made[0]!.id.slice(-6);
        await visible(sales.nth(0).getByText('Walk-in Customer'));
        await visible(sales.nth(0).getByText(`Sale #${newest}`));
        await visible(sales.nth(0).getByText('Just now'));
        await visible(sales.nth(1).getByText(CUSTOMER));
        await visible(sales.nth(1).getByText(`Sale #${earlier}`));

        // FEFO: at most five, each with a priority and an urgency bar.
        const fefo = region(page, 'FEFO Recommendations').getByRole('listitem');
        await visible(fefo.first());
        expect(await fefo.count()).toBeLessThanOrEqual(5);
        expect(await region(page, 'FEFO Recommendations').getByRole('progressbar').count()).toBe(await fefo.count());
        await visible(fefo.first().getByText(/^(Critical|High Priority|Medium)$/));

        // The inventory overview: ten a page, every row "Multiple Locations" for all locations.
        await visible(bodyRows(page).nth(9));
        expect(await bodyRows(page).count()).toBe(10);
        expect(await bodyRows(page).filter({ hasText: 'Multiple Locations' }).count()).toBe(10);
        await visible(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 2' }));

        // The seeded stock has low and expiring items: both alerts show.
        await visible(page.getByText('Low Stock Alert'));
        await visible(page.getByText('Expiry Alert'));
        await shoot(page, 'dashboard-en-1-all-locations');

        // Export: a CSV of the rows, with a byte order mark.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^inventory-overview-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = readFileSync((await download.path())!);
        expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(csv.subarray(3).toString('utf8').split('\r\n')[0]).toBe('Product,Brand,SKU,Stock,Location,Status');

        // Dismiss the expiry alert: it stays away after a reload (same session).
        await page.getByRole('button', { name: 'Dismiss expiry alert' }).click();
        await gone(page.getByText('Expiry Alert'));
        await page.reload();
        await visible(page.getByText('Low Stock Alert'));
        expect(await page.getByText('Expiry Alert').count()).toBe(0);

        // Abdoun only: the address keeps it, the table names it, Downtown's sales are not listed.
        await chooseLocation(page, /^Location$/, 'Al-Shifa Pharmacy — Abdoun');
        await page.waitForURL((url) => url.searchParams.get('location') === ABDOUN);
        await visible(bodyRows(page).first().getByText('Al-Shifa Pharmacy — Abdoun'));
        await visible(region(page, 'Recent Sales').getByRole('listitem').first());
        expect(await region(page, 'Recent Sales').getByText(CUSTOMER).count()).toBe(0);
        // Search goes to the server, within the location.
        const firstSku = (await bodyRows(page).first().locator('.code-value').textContent()) ?? '';
        await page.getByRole('searchbox', { name: 'Search products...' }).fill(firstSku);
        await page.waitForResponse((response) => /\/api\/products\?.*q=/.test(response.url()));
        await visible(bodyRows(page).first().getByText(firstSku));
        await shoot(page, 'dashboard-en-2-abdoun-search');
        await page.getByRole('searchbox', { name: 'Search products...' }).fill('no such product xyz');
        await visible(page.getByText('No products found'));
        await page.getByRole('searchbox', { name: 'Search products...' }).fill('');

        // Arabic, right to left.
        await switchToArabic(page);
        await visible(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }));
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(page.getByText('مرحبًا بعودتك، Sara!'));
        expect(await page.getByRole('combobox', { name: 'الموقع' }).textContent()).toBe('صيدلية الشفاء — عبدون');
        await chooseLocation(page, /^الموقع$/, 'جميع المواقع');
        await visible(region(page, 'أحدث المبيعات').getByText('عميل عابر').first());
        await visible(region(page, 'أحدث المبيعات').getByText('الآن').first());
        await visible(bodyRows(page).nth(9).getByText('مواقع متعددة'));
        await visible(metric(page, 'مبيعات اليوم').getByText(/12\.5/));
        await page.mouse.move(0, 0);
        await shoot(page, 'dashboard-ar-1-all-locations');

        // A phone, in Arabic.
        await page.setViewportSize({ width: 390, height: 844 });
        await visible(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }));
        await shoot(page, 'dashboard-ar-2-phone');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'offers a pharmacist only the pharmacies they work at',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signIn(app, page, demoAccounts.layla);
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        await page.getByRole('combobox', { name: 'Location' }).click();
        const options = await page.getByRole('option').allTextContents();
        expect(options[0]).toBe('All Locations');
        expect(options.length).toBeLessThan(4);
        await page.keyboard.press('Escape');
        await visible(region(page, 'Recent Sales').getByRole('listitem').first());
        await shoot(page, 'dashboard-en-3-pharmacist');
        // Both alerts (nothing dismissed in this session), right to left.
        await switchToArabic(page);
        await visible(page.getByText('تنبيه انخفاض المخزون'));
        await visible(page.getByText('تنبيه انتهاء الصلاحية'));
        await page.mouse.move(0, 0);
        await shoot(page, 'dashboard-ar-3-pharmacist-alerts');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
