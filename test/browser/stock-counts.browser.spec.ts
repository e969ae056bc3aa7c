import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import type { Browser, Locator, Page } from 'playwright-core';
import { gone, inSignedInSession, launchBrowser, screenshot, toast, visible } from './support';

// Stock counts in a real Chromium against the real server: an administrator starts a count of one
// category at Downtown, scans a product's SKU to jump to its line, counts 8 packs where 10 were
// expected (with a reason) and the other product as expected, saves, reads the variance report and
// posts; the batch then holds 8 packs, on the sheet and through the API. In English, then in Arabic,
// each round on a category of its own (created through the API with two products, so the sheet is short).
// Needs `npm run build:web` first. Screenshots: test/browser/output/stock-counts-*.png.

const TEST_TIMEOUT_MS = 180_000;
const DOWNTOWN = demoPharmacyIds.downtown;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Stocked {
  productId: string;
  name: string;
  nameAr: string;
  sku: string;
  batchId: string;
  batchNumber: string;
}

interface Category {
  id: string;
  name: string;
  nameAr: string;
  products: [Stocked, Stocked];
}

async function stocked(categoryId: string, label: string, labelAr: string, quantity: number): Promise<Stocked> {
  const sku = unique('CNT').toUpperCase();
  const batchNumber = unique('CB').toUpperCase();
  const product = (
    await admin
      .post('/api/products')
      .send({
        sku,
        name: `Count ${label} Syrup`,
        nameAr: `شراب ${labelAr} للجرد`,
        price: '5.00',
        categoryId,
        initialQuantity: quantity,
        expiryDate: isoDaysFromNow(200),
        batchNumber,
        pharmacyId: DOWNTOWN,
      })
      .expect(201)
  ).body as { id: string; name: string; nameAr: string };
  const batch = (await batchesAtDowntown()).find((candidate) => candidate.productId === product.id);
  expect(batch).toBeDefined();
  return { productId: product.id, name: product.name, nameAr: product.nameAr, sku, batchId: batch!.id, batchNumber };
}

async function batchesAtDowntown(): Promise<Array<{ id: string; productId: string; quantity: number }>> {
  return (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    id: string;
    productId: string;
    quantity: number;
  }>;
}

/** A category of its own with two products at Downtown: 10 packs and 6 packs. */
async function categoryToCount(label: string, labelAr: string): Promise<Category> {
  const name = `Count shelf ${label} ${unique('c')}`;
  const nameAr = `رف الجرد ${labelAr}`;
  const category = (await admin.post('/api/categories').send({ name, nameAr }).expect(201)).body as { id: string };
  const first = await stocked(category.id, `${label} A`, `${labelAr} أ`, 10);
  const second = await stocked(category.id, `${label} B`, `${labelAr} ب`, 6);
  return { id: category.id, name, nameAr, products: [first, second] };
}

interface Texts {
  language: 'en' | 'ar';
  nav: string;
  title: string;
  start: string;
  startDialog: string;
  category: RegExp;
  note: string;
  startSubmit: string;
  started: string;
  sheetTitle: RegExp;
  scan: RegExp;
  countedOf: (name: string, batch: string) => string;
  reasonOf: (name: string, batch: string) => string;
  damaged: string;
  save: (count: number) => string;
  saved: string;
  ready: string;
  report: string;
  post: string;
  postDialog: string;
  posted: string;
  postedBadge: string;
  back: string;
  progress: string;
}

const english: Texts = {
  language: 'en',
  nav: 'Stock Counts',
  title: 'Stock Counts',
  start: 'Start count',
  startDialog: 'Start Stock Count',
  category: /^Category/,
  note: 'Note',
  startSubmit: 'Start Count',
  started: '2 batches to count.',
  sheetTitle: /^Stock Count #/,
  scan: /^Scan a pack/,
  countedOf: (name, batch) => `Counted packs of ${name}, batch ${batch}`,
  reasonOf: (name, batch) => `Reason for the difference in ${name}, batch ${batch}`,
  damaged: 'Damaged',
  save: (count) => `Save counts (${count})`,
  saved: 'Counts Saved',
  ready: 'Ready to post: 1 batch will be adjusted.',
  report: 'Variance report',
  post: 'Post Count',
  postDialog: 'Post this count?',
  posted: 'Count Posted',
  postedBadge: 'Posted',
  back: 'All counts',
  progress: '2 of 2',
};

const arabic: Texts = {
  language: 'ar',
  nav: 'الجرد',
  title: 'الجرد',
  start: 'بدء جرد',
  startDialog: 'بدء جرد المخزون',
  category: /^الفئة/,
  note: 'ملاحظة',
  startSubmit: 'بدء الجرد',
  started: 'دفعتان لعدّهما.',
  sheetTitle: /^جرد المخزون #/,
  scan: /^امسح عبوة/,
  countedOf: (name, batch) => `العبوات المعدودة من ${name}، الدفعة ${batch}`,
  reasonOf: (name, batch) => `سبب الفرق في ${name}، الدفعة ${batch}`,
  damaged: 'تالف',
  save: (count) => `حفظ الأعداد (${count})`,
  saved: 'تم حفظ الأعداد',
  ready: 'جاهز للترحيل: ستُعدَّل دفعة واحدة.',
  report: 'تقرير الفروقات',
  post: 'ترحيل الجرد',
  postDialog: 'ترحيل هذا الجرد؟',
  posted: 'تم ترحيل الجرد',
  postedBadge: 'مُرحَّل',
  back: 'كل عمليات الجرد',
  progress: '2 من 2',
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });

/** The accessible label of the focused field (read as text: this file is compiled without the DOM's types). */
const focusedLabel = (page: Page) =>
  page.evaluate<string | null>(
    "document.activeElement && (document.activeElement.getAttribute('aria-label') || document.activeElement.id)",
  );

/** The value `read` gives once it equals `expected` (or the last one read, when the time is up). */
async function settled<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Full-page screenshots from the top, so the sticky header and sidebar are drawn where they belong. */
async function shoot(page: Page, name: string, options: { viewportOnly?: boolean } = {}): Promise<void> {
  if (!options.viewportOnly) await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name, options);
}

async function countAndPost(page: Page, t: Texts, category: Category): Promise<void> {
  const prefix = `stock-counts-${t.language}`;
  const [short, exact] = category.products;
  const shown = (product: Stocked) => (t.language === 'ar' ? product.nameAr : product.name);

  await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title, exact: true }));

  // Start: Downtown (the pharmacy the user is in) is chosen already; one category, with a note.
  await page.getByRole('button', { name: t.start, exact: true }).click();
  const dialog = await visible(page.getByRole('dialog', { name: t.startDialog }));
  await dialog.getByRole('combobox', { name: t.category }).click();
  await page.getByRole('option', { name: t.language === 'ar' ? category.nameAr : category.name, exact: true }).click();
  await dialog.getByRole('textbox', { name: t.note }).fill(t.language === 'ar' ? 'جرد الرف' : 'Shelf count');
  await shoot(page, `${prefix}-1-start`, { viewportOnly: true });
  await dialog.getByRole('button', { name: t.startSubmit, exact: true }).click();
  await toast(page, t.started);
  await gone(dialog);
  await visible(page.getByRole('heading', { level: 1, name: t.sheetTitle }));
  await page.waitForURL((url) => url.pathname === '/stock-counts' && url.searchParams.has('count'));
  const countId = new URL(page.url()).searchParams.get('count')!;

  // A scanned SKU puts the cursor in that product's count; Enter goes back to the scan box.
  const scan = page.getByRole('textbox', { name: t.scan });
  await scan.fill(short.sku);
  await scan.press('Enter');
  const shortLabel = t.countedOf(shown(short), short.batchNumber);
  expect(await settled(() => focusedLabel(page), shortLabel)).toBe(shortLabel);
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  expect(await focusedLabel(page)).toBe(await scan.getAttribute('id'));
  await page.getByRole('spinbutton', { name: t.countedOf(shown(exact), exact.batchNumber) }).fill('6');

  // Two packs short: a reason is asked for that line only.
  await page.getByRole('combobox', { name: t.reasonOf(shown(short), short.batchNumber) }).click();
  await page.getByRole('option', { name: t.damaged, exact: true }).click();
  expect(await page.getByRole('combobox', { name: t.reasonOf(shown(exact), exact.batchNumber) }).count()).toBe(0);
  await page.getByRole('button', { name: t.save(2), exact: true }).click();
  await toast(page, t.saved);
  await visible(page.getByTestId('post-hint').getByText(t.ready));
  const report = page.getByRole('region', { name: t.report });
  await visible(report.getByRole('row').filter({ hasText: short.batchNumber }));
  expect(await report.getByRole('row').filter({ hasText: exact.batchNumber }).count()).toBe(0);
  await shoot(page, `${prefix}-2-sheet`);

  // Post (an administrator may): the batch moves by counted − expected.
  await page.getByRole('button', { name: t.post, exact: true }).click();
  const confirm = await visible(page.getByRole('alertdialog', { name: t.postDialog }));
  await shoot(page, `${prefix}-3-confirm`, { viewportOnly: true });
  await confirm.getByRole('button', { name: t.post, exact: true }).click();
  await toast(page, t.posted);
  await gone(confirm);
  await visible(page.getByText(t.postedBadge, { exact: true }).first());

  const posted = (await admin.get(`/api/stock-counts/${countId}`).expect(200)).body as {
    status: string;
    lines: Array<{ batchId: string; counted: number; change: number | null; reason: string | null }>;
  };
  expect(posted.status).toBe('posted');
  expect(posted.lines.find((line) => line.batchId === short.batchId)).toMatchObject({
    counted: 8,
    change: -2,
    reason: 'damaged',
  });
  const batches = await batchesAtDowntown();
  expect(batches.find((batch) => batch.id === short.batchId)?.quantity).toBe(8);
  expect(batches.find((batch) => batch.id === exact.batchId)?.quantity).toBe(6);

  // The sheet shows what each batch holds now: 8 where 10 were.
  const sheetRow = page.getByRole('row').filter({ hasText: short.batchNumber }).first();
  expect(await settled(async () => (await sheetRow.getByRole('cell').last().textContent())?.trim(), '8')).toBe('8');
  await shoot(page, `${prefix}-4-posted`);

  // Back to the list: the count is there, posted, with every line counted.
  await page.getByRole('button', { name: t.back, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title, exact: true }));
  const listed = page.getByRole('row').filter({ hasText: `#${countId.slice(-8).toUpperCase()}` });
  await visible(listed.getByText(t.postedBadge, { exact: true }));
  await visible(listed.getByText(t.progress));
  await shoot(page, `${prefix}-5-list`);
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

describe('Stock counts in the browser', () => {
  it(
    'starts a count, scans, enters a difference with its reason, posts it and shows the adjusted stock, in English and in Arabic',
    async () => {
      const categories = [await categoryToCount('North', 'الشمالي'), await categoryToCount('South', 'الجنوبي')];
      for (const [t, category] of [
        [english, categories[0]!],
        [arabic, categories[1]!],
      ] as const) {
        await inSignedInSession(browser, app, demoAccounts.admin, t.language, (page) =>
          countAndPost(page, t, category),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );
});
