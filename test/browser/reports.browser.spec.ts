import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  inSignedInSession,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// The Reports screen in a real Chromium against the real server: a sale of a product that earns a 4 %
// commission (made through the API) shows in the Sales report with the period's tiles and three charts,
// its commission in the Commission report, and in the CSV that 'Export Report' downloads (named as the
// specification says, starting with the UTF-8 byte order mark, with the Arabic product name in the
// Arabic run); the Inventory and Expiry reports draw their charts and colour the days until expiry; a
// period long ago lists nothing and exports nothing. In English, then in Arabic, at 1280 px, and the
// Sales report once more at 390 px. Needs `npm run build:web` first.
// Screenshots: test/browser/output/reports-*.png.

const TEST_TIMEOUT_MS = 240_000;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Sold {
  saleId: string;
  name: string;
  nameAr: string;
  sku: string;
  /** A product of the same language run whose batch at Downtown expires in 5 days. */
  expiring: { name: string; nameAr: string; batchNumber: string };
}

/** The user's own today, as the browser (same machine, same time zone) writes it into file names. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function aProduct(fields: Record<string, unknown>): Promise<{ id: string; sku: string }> {
  return (await admin.post('/api/products').send(fields).expect(201)).body as { id: string; sku: string };
}

async function aBatch(productId: string, pharmacyId: string, quantity: number, days: number): Promise<string> {
  const batchNumber = unique('RPT-LOT').toUpperCase();
  await admin
    .post('/api/inventory')
    .send({ productId, pharmacyId, batchNumber, quantity, purchasePrice: '6.00', expiryDate: isoDaysFromNow(days) })
    .expect(201);
  return batchNumber;
}

/**
 * A product with a 4 % commission, 20 packs at Downtown and 10 at Abdoun, 3 sold at Downtown
 * (37.50, earning 1.50) and 1 at Abdoun; and a product expiring in 5 days at Downtown.
 */
async function sellWithCommission(label: string, labelAr: string): Promise<Sold> {
  const sku = unique('RPT').toUpperCase();
  const name = `Report ${label} Syrup`;
  const nameAr = `شراب ${labelAr} للتقارير`;
  const product = await aProduct({
    sku,
    name,
    nameAr,
    price: '12.50',
    cost: '7.00',
    commissionEnabled: true,
    commissionRate: '4.00',
  });
  await aBatch(product.id, DOWNTOWN, 20, 200);
  await aBatch(product.id, ABDOUN, 10, 45);
  const expiringName = `Report ${label} Drops`;
  const expiringNameAr = `قطرات ${labelAr} للتقارير`;
  const expiring = await aProduct({
    sku: unique('RPX').toUpperCase(),
    name: expiringName,
    nameAr: expiringNameAr,
    price: '4.00',
  });
  const batchNumber = await aBatch(expiring.id, DOWNTOWN, 6, 5);

  await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: ABDOUN }).expect(200);
  await admin
    .post('/api/sales/complete')
    .send({ cashReceived: '20.00', items: [{ productId: product.id, quantity: 1 }] })
    .expect(201);
  await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  const sale = (
    await admin
      .post('/api/sales/complete')
      .send({ cashReceived: '50.00', items: [{ productId: product.id, quantity: 3 }] })
      .expect(201)
  ).body as { id: string };
  return { saleId: sale.id, name, nameAr, sku, expiring: { name: expiringName, nameAr: expiringNameAr, batchNumber } };
}

interface Texts {
  language: 'en' | 'ar';
  nav: string;
  title: string;
  type: string;
  range: string;
  types: { sales: string; inventory: string; expiry: string; commission: string };
  custom: string;
  from: RegExp;
  to: RegExp;
  export: string;
  tiles: string;
  revenue: string;
  revenueLabel: string;
  orders: RegExp;
  todaySales: string;
  walkIn: string;
  cash: string;
  charts: { perDay: string; byPharmacy: string; topProducts: string; stockValue: string; exposure: string };
  downtown: string;
  exported: string;
  exportedDescription: (type: string) => string;
  typeNames: { sales: string; commission: string };
  failed: string;
  noData: string;
  emptySales: string;
  csvHeader: string;
}

const english: Texts = {
  language: 'en',
  nav: 'Reports',
  title: 'Reports',
  type: 'Report type',
  range: 'Date range',
  types: {
    sales: 'Sales Report',
    inventory: 'Inventory Report',
    expiry: 'Expiry Report',
    commission: 'Commission Report',
  },
  custom: 'Custom range',
  from: /^From: /,
  to: /^To: /,
  export: 'Export Report',
  tiles: 'Report summary',
  revenue: 'Total Revenue',
  revenueLabel: 'Revenue: $',
  orders: /\d+ orders/,
  todaySales: "Today's Sales",
  walkIn: 'Walk-in Customer',
  cash: 'Cash',
  charts: {
    perDay: 'Sales per day',
    byPharmacy: 'Sales by pharmacy',
    topProducts: 'Top products',
    stockValue: 'Stock value by pharmacy',
    exposure: 'Expiry exposure by month',
  },
  downtown: 'Al-Shifa Pharmacy — Downtown',
  exported: 'Export Successful',
  exportedDescription: (type) => `${type} report has been downloaded as CSV file.`,
  typeNames: { sales: 'Sales', commission: 'Commission' },
  failed: 'Export Failed',
  noData: 'No data available to export.',
  emptySales: 'No sales data found for the selected period',
  csvHeader:
    'Pharmacist,Email,Product,SKU,Sale Date,Quantity,Sales Unit,Sale Amount,Commission Rate (%),Commission Amount,Location',
};

const arabic: Texts = {
  language: 'ar',
  nav: 'التقارير',
  title: 'التقارير',
  type: 'نوع التقرير',
  range: 'الفترة الزمنية',
  types: {
    sales: 'تقرير المبيعات',
    inventory: 'تقرير المخزون',
    expiry: 'تقرير انتهاء الصلاحية',
    commission: 'تقرير العمولات',
  },
  custom: 'فترة مخصصة',
  from: /^من: /,
  to: /^إلى: /,
  export: 'تصدير التقرير',
  tiles: 'ملخص التقرير',
  revenue: 'إجمالي الإيرادات',
  revenueLabel: 'الإيرادات: ',
  orders: /\d+ طلب|طلبان|طلب واحد/,
  todaySales: 'مبيعات اليوم',
  walkIn: 'عميل بدون حساب',
  cash: 'نقدًا',
  charts: {
    perDay: 'المبيعات اليومية',
    byPharmacy: 'المبيعات حسب الصيدلية',
    topProducts: 'المنتجات الأكثر مبيعًا',
    stockValue: 'قيمة المخزون حسب الصيدلية',
    exposure: 'قيمة المخزون المعرّض للانتهاء حسب الشهر',
  },
  downtown: 'صيدلية الشفاء — وسط البلد',
  exported: 'تم التصدير بنجاح',
  exportedDescription: (type) => `تم تنزيل تقرير ${type} كملف CSV.`,
  typeNames: { sales: 'المبيعات', commission: 'العمولات' },
  failed: 'فشل التصدير',
  noData: 'لا توجد بيانات متاحة للتصدير.',
  emptySales: 'لا توجد بيانات مبيعات للفترة المحددة',
  csvHeader:
    'الصيدلي,البريد الإلكتروني,المنتج,رمز المنتج,تاريخ البيع,الكمية,وحدة البيع,مبلغ البيع,نسبة العمولة (%),مبلغ العمولة,الموقع',
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });

/** Full-page screenshots from the top, the pointer out of the way and toasts closed (they would cover the page). */
async function shoot(page: Page, name: string): Promise<void> {
  const openToast = page.locator('.app-toast[data-state="open"]');
  if ((await openToast.count()) > 0) {
    await openToast.locator('.app-toast-close').click();
    await openToast.waitFor({ state: 'detached' });
  }
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

/** Digits and the decimal point of a money text ("$1.50", "‏1.50 US$" → "1.50"). */
const amountOf = (text: string | null) => (text ?? '').replace(/[^\d.]/g, '');

async function chooseOption(page: Page, combobox: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The chart region has drawn its SVG (recharts draws once it knows its width). */
async function chartDrawn(page: Page, title: string): Promise<Locator> {
  const region = await visible(page.getByRole('region', { name: title }));
  await visible(region.locator('svg.recharts-surface').first());
  return region;
}

/**
 * In Arabic the value axis stands on the right of the bars; in English on the left. Measured on
 * the per-day chart: its Y axis against the middle of the drawing.
 */
async function valueAxisSide(chart: Locator): Promise<'left' | 'right'> {
  const surface = await chart.locator('svg.recharts-surface').first().boundingBox();
  const axis = await chart.locator('.recharts-yAxis').first().boundingBox();
  expect(surface).not.toBeNull();
  expect(axis).not.toBeNull();
  return axis!.x + axis!.width / 2 > surface!.x + surface!.width / 2 ? 'right' : 'left';
}

async function exportCsv(page: Page, t: Texts): Promise<{ fileName: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.export }).click(),
  ]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), bytes: await readFile(path) };
}

async function reports(page: Page, t: Texts, sold: Sold): Promise<void> {
  const productName = t.language === 'ar' ? sold.nameAr : sold.name;
  const saleNumber = `#${sold.saleId.slice(-8).toUpperCase()}`;
  const today = localToday();

  await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));
  expect(new URL(page.url()).pathname).toBe('/reports');

  // Sales (the last 30 days): the period's tiles, the sale's row and the three charts.
  const row = page.getByRole('row').filter({ hasText: saleNumber });
  await visible(row);
  await visible(row.getByText(t.walkIn));
  await visible(row.getByText(t.downtown));
  await visible(row.getByText(t.cash, { exact: true }));
  expect(amountOf(await row.getByRole('cell').nth(3).textContent())).toBe('37.50');
  const tiles = page.getByRole('list', { name: t.tiles });
  const revenue = tiles.getByRole('listitem').filter({ hasText: t.revenue });
  await visible(revenue);
  expect(Number(amountOf(await revenue.locator('.report-tile-value').textContent()))).toBeGreaterThanOrEqual(50);
  const todaySales = tiles.getByRole('listitem').filter({ hasText: t.todaySales });
  await page.waitForFunction(
    (element) => /\d/.test(element?.querySelector('.report-tile-value')?.textContent ?? ''),
    await todaySales.elementHandle(),
  );
  const perDay = await chartDrawn(page, t.charts.perDay);
  const byPharmacy = await chartDrawn(page, t.charts.byPharmacy);
  const top = await chartDrawn(page, t.charts.topProducts);
  // Names on the axes in the reader's language: the product, and both pharmacies that sold it.
  await visible(top.locator('svg text').filter({ hasText: productName }).first());
  expect(await byPharmacy.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count()).toBe(2);
  expect(await valueAxisSide(perDay)).toBe(t.language === 'ar' ? 'right' : 'left');
  // The tooltip of today's bar speaks the reader's language.
  await perDay.locator('.recharts-bar-rectangle').last().hover();
  const tooltip = await visible(perDay.locator('.report-chart-tooltip'));
  expect(await tooltip.textContent()).toContain(t.revenueLabel);
  expect(await tooltip.textContent()).toMatch(t.orders);
  if (t.language === 'ar') await screenshot(page, 'reports-sales-ar-tooltip', { viewportOnly: true });
  await shoot(page, `reports-sales-${t.language}`);

  if (t.language === 'en') {
    const sales = await exportCsv(page, t);
    expect(sales.fileName).toBe(`sales-report-last-30-days-${today}.csv`);
    expect([...sales.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(sales.bytes.toString('utf8')).toContain(`${saleNumber},`);
    await toast(page, t.exportedDescription(t.typeNames.sales));
  }

  // Commission: the line the sale earned, 4 % of 37.50.
  await chooseOption(page, t.type, t.types.commission);
  const line = page.getByRole('row').filter({ hasText: productName }).filter({ hasText: sold.sku }).first();
  await visible(line);
  await visible(line.getByText(demoAccounts.admin.email));
  expect(amountOf(await line.locator('[data-cell="commission"]').textContent())).toBe('1.50');
  if (t.language === 'ar') await shoot(page, 'reports-commission-ar');
  const commission = await exportCsv(page, t);
  expect(commission.fileName).toBe(`commission-report-last-30-days-${today}.csv`);
  expect([...commission.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = commission.bytes.toString('utf8').slice(1);
  expect(csv.split('\r\n')[0]).toBe(t.csvHeader);
  expect(csv).toContain(productName);
  expect(csv).toMatch(new RegExp(`${sold.sku},[^\\r\\n]*,3,[^,]+,37\\.50,4\\.00,1\\.50,`));
  await toast(page, t.exported);
  await toast(page, t.exportedDescription(t.typeNames.commission));

  // Inventory: stock value by pharmacy, and the product's batches.
  await chooseOption(page, t.type, t.types.inventory);
  await chartDrawn(page, t.charts.stockValue);
  await visible(page.getByRole('row').filter({ hasText: sold.expiring.batchNumber }).first());
  expect(await page.getByRole('combobox', { name: t.range }).isDisabled()).toBe(true);
  if (t.language === 'ar') await shoot(page, 'reports-inventory-ar');

  // Expiry: exposure by month, and the batch expiring in 5 days in red.
  await chooseOption(page, t.type, t.types.expiry);
  await chartDrawn(page, t.charts.exposure);
  const expiringRow = page.getByRole('row').filter({ hasText: sold.expiring.batchNumber });
  await visible(expiringRow);
  await visible(expiringRow.getByText(t.language === 'ar' ? sold.expiring.nameAr : sold.expiring.name));
  expect(await expiringRow.locator('[data-cell="days"]').getAttribute('data-tone')).toBe('red');
  if (t.language === 'en') await shoot(page, 'reports-expiry-en');

  // A period long ago, chosen in the calendars: no sales, and nothing to export.
  await chooseOption(page, t.type, t.types.sales);
  await visible(row);
  await chooseOption(page, t.range, t.custom);
  for (const field of [t.from, t.to]) {
    // The calendar opens on the chosen day, focused: Shift+Page Up goes back a year.
    await page.getByRole('button', { name: field }).click();
    await visible(page.getByRole('grid'));
    for (let year = 0; year < 25; year += 1) await page.keyboard.press('Shift+PageUp');
    await page.keyboard.press('Enter');
    await page.getByRole('grid').waitFor({ state: 'detached' });
  }
  await visible(page.getByText(t.emptySales));
  const search = new URL(page.url()).searchParams;
  expect(search.get('range')).toBe('custom');
  expect(Number(search.get('from')?.slice(0, 4))).toBeLessThan(2010);
  expect(Number(search.get('to')?.slice(0, 4))).toBeLessThan(2010);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: t.export }).click();
  await toast(page, t.failed);
  await toast(page, t.noData);
  expect(downloaded).toBe(false);
}

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Reports in the browser', () => {
  it(
    'reports sales, commission, stock and expiry with charts and CSV export, in English and in Arabic',
    async () => {
      const sold = [await sellWithCommission('Blue', 'أزرق'), await sellWithCommission('Green', 'أخضر')];
      for (const [t, sale] of [
        [english, sold[0]!],
        [arabic, sold[1]!],
      ] as const) {
        await inSignedInSession(browser, app, demoAccounts.admin, t.language, (page) => reports(page, t, sale));
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'fits a phone: the Sales report at 390 px wide scrolls its table, not the page',
    async () => {
      await sellWithCommission('Phone', 'الهاتف');
      const { context, page, errors } = await openSession(browser);
      try {
        // Signed in on a desktop (the phone's menu is a sheet the sign-in helper does not open), then a phone.
        await signInAndChoose(app, page, demoAccounts.admin);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${app.baseUrl}/reports`);
        await visible(page.getByRole('heading', { level: 1, name: 'Reports' }));
        await chartDrawn(page, english.charts.perDay);
        await chartDrawn(page, english.charts.topProducts);
        const widths = await page.evaluate<{ page: number; viewport: number }>(
          '({ page: document.documentElement.scrollWidth, viewport: window.innerWidth })',
        );
        expect(widths.page).toBeLessThanOrEqual(widths.viewport);
        for (const control of [english.type, english.range]) {
          const box = await page.getByRole('combobox', { name: control }).boundingBox();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(widths.viewport);
        }
        await screenshot(page, 'reports-sales-en-phone');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
