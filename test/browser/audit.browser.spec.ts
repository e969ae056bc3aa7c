import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  gone,
  inSignedInSession,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// The Audit screen in a real Chromium against the real server. Two days ago at 10:00 a batch of 10
// packs arrived at Downtown (its receipt entered only today: recorded late), at 16:00 that day 3
// were found damaged, and today 2 were lost. The auditor signs in (Audit Trail in the sidebar, no
// point of sale, a Read-only badge) and answers "how many packs of that batch did Downtown hold at
// 14:00 two days ago, and which events made that number": Stock as of says 10, proven equal to a
// replay of the log; the batch's stock card up to that moment shows the receipt; the Events tab lists
// the receipt in words (recorded late) and the adjustments; the period report from that day to today
// shows opening 0, received 10, adjusted -5, closing 5 and exports it as CSV and a printable page;
// the Verification tab shows the administrator's last run, with no Verify now for the auditor; an
// auditor's write through the API is refused. In English, then in Arabic. Last, a corrupted read
// model: the administrator's verification finds it and the dashboard shows the alert.
// Needs `npm run build:web` first (or a build elsewhere named by WEB_DIST_DIR, which the harness passes on).
// Screenshots: test/browser/output/audit-*.png.

const TEST_TIMEOUT_MS = 240_000;
const DOWNTOWN = demoPharmacyIds.downtown;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** Two days ago on this machine's clock (the browser's too). */
const past = new Date();
past.setDate(past.getDate() - 2);
const PAST_DAY = localDay(past);
const TODAY = localDay(new Date());
const pastAt = (hours: number) =>
  new Date(past.getFullYear(), past.getMonth(), past.getDate(), hours, 0, 0).toISOString();

interface History {
  productId: string;
  name: string;
  nameAr: string;
  sku: string;
  batchId: string;
  batchNumber: string;
}

/** A product with one batch at Downtown: 10 packs received two days ago at 10:00, 3 damaged at 16:00, 2 lost today. */
async function history(label: string, labelAr: string): Promise<History> {
  const sku = unique('AUDW').toUpperCase();
  const batchNumber = unique('AUDB').toUpperCase();
  const product = (
    await admin
      .post('/api/products')
      .send({ sku, name: `Audit ${label} Tablets`, nameAr: `أقراص ${labelAr} للتدقيق`, price: '4.00' })
      .expect(201)
  ).body as { id: string; name: string; nameAr: string };
  const batch = (
    await admin
      .post('/api/inventory')
      .send({
        productId: product.id,
        pharmacyId: DOWNTOWN,
        batchNumber,
        quantity: 10,
        expiryDate: isoDaysFromNow(300),
        effectiveAt: pastAt(10),
      })
      .expect(201)
  ).body as { id: string };
  await admin
    .post(`/api/inventory/${batch.id}/adjustments`)
    .send({ quantityChange: -3, reason: 'damaged', effectiveAt: pastAt(16) })
    .expect(201);
  await admin.post(`/api/inventory/${batch.id}/adjustments`).send({ quantityChange: -2, reason: 'lost' }).expect(201);
  return { productId: product.id, name: product.name, nameAr: product.nameAr, sku, batchId: batch.id, batchNumber };
}

interface Texts {
  language: 'en' | 'ar';
  locale: string;
  audit: string;
  pos: string;
  stockCounts: string;
  readOnly: string;
  title: string;
  tabAsOf: string;
  tabCard: string;
  tabEvents: string;
  tabPeriod: string;
  tabVerification: string;
  date: RegExp;
  from: RegExp;
  time: string;
  previousMonth: string;
  showStock: string;
  showReport: string;
  batchesOf: (name: string) => string;
  matches: string;
  proven: RegExp;
  openCard: (batch: string) => string;
  received: string;
  adjusted: string;
  closing: string;
  showEvents: (batch: string) => string;
  receipt: (h: History) => string;
  damaged: (batch: string) => string;
  lost: (batch: string) => string;
  recordedLate: string;
  receiptType: string;
  close: string;
  export: string;
  exported: string;
  print: string;
  printedBy: string;
  csvHeader: string;
  verifyNow: string;
  runBy: string;
  pharmacy: string;
}

const english: Texts = {
  language: 'en',
  locale: 'en',
  audit: 'Audit Trail',
  pos: 'POS',
  stockCounts: 'Stock Counts',
  readOnly: 'Read-only',
  title: 'Audit Trail',
  tabAsOf: 'Stock as of',
  tabCard: 'Stock card',
  tabEvents: 'Events',
  tabPeriod: 'Period report',
  tabVerification: 'Verification',
  date: /^Date:/,
  from: /^From:/,
  time: 'Time',
  previousMonth: 'Previous month',
  showStock: 'Show stock',
  showReport: 'Show report',
  batchesOf: (name) => `Batches of ${name}`,
  matches: 'Matches the replay',
  proven: /^Proven equal to a replay of \d+ events? of the log up to that moment\.$/,
  openCard: (batch) => `Stock card of batch ${batch} up to that moment`,
  received: 'Received',
  adjusted: 'Adjusted',
  closing: 'Closing balance',
  showEvents: (batch) => `Show the events of batch ${batch}`,
  receipt: (h) => `10 packs of ${h.name} received into batch ${h.batchNumber} at Al-Shifa Pharmacy — Downtown`,
  damaged: (batch) => `Batch ${batch} adjusted by -3 packs (damaged)`,
  lost: (batch) => `Batch ${batch} adjusted by -2 packs (lost)`,
  recordedLate: 'Recorded late',
  receiptType: 'Batch received',
  close: 'Close',
  export: 'Export CSV',
  exported: 'Export Complete',
  print: 'Print',
  printedBy: 'Printed by',
  csvHeader: 'Product,SKU,Batch,Expiry date,Opening,Received,Adjusted,Closing',
  verifyNow: 'Verify now',
  runBy: 'Sara Haddad',
  pharmacy: 'Al-Shifa Pharmacy — Downtown',
};

const arabic: Texts = {
  language: 'ar',
  locale: 'ar-u-nu-latn',
  audit: 'سجل التدقيق',
  pos: 'نقطة البيع',
  stockCounts: 'الجرد',
  readOnly: 'للقراءة فقط',
  title: 'سجل التدقيق',
  tabAsOf: 'المخزون في لحظة',
  tabCard: 'بطاقة الصنف',
  tabEvents: 'الأحداث',
  tabPeriod: 'تقرير الفترة',
  tabVerification: 'التحقق',
  date: /^التاريخ:/,
  from: /^من:/,
  time: 'الوقت',
  previousMonth: 'الشهر السابق',
  showStock: 'عرض المخزون',
  showReport: 'عرض التقرير',
  batchesOf: (name) => `دفعات ${name}`,
  matches: 'يطابق إعادة التشغيل',
  // Arabic counts in words for one and two ("حدثين"), in figures from three.
  proven: /^ثبتت مطابقته لإعادة تشغيل .*(حدث|أحداث|حدثين).* من السجل حتى تلك اللحظة\.$/,
  openCard: (batch) => `بطاقة صنف الدفعة ${batch} حتى تلك اللحظة`,
  received: 'مستلم',
  adjusted: 'تعديل',
  closing: 'الرصيد الختامي',
  showEvents: (batch) => `عرض أحداث الدفعة ${batch}`,
  receipt: (h) => `استلام 10 عبوة من ${h.nameAr} في الدفعة ${h.batchNumber} في صيدلية الشفاء — وسط البلد`,
  damaged: (batch) => `تعديل الدفعة ${batch} بمقدار -3 عبوة`,
  lost: (batch) => `تعديل الدفعة ${batch} بمقدار -2 عبوة`,
  recordedLate: 'سُجّل متأخرًا',
  receiptType: 'استلام دفعة',
  close: 'إغلاق',
  export: 'تصدير CSV',
  exported: 'اكتمل التصدير',
  print: 'طباعة',
  printedBy: 'طبع بواسطة',
  csvHeader: 'المنتج,رمز المنتج,الدفعة,تاريخ الانتهاء,الافتتاحي,مستلم,تعديل,الختامي',
  verifyNow: 'تحقق الآن',
  runBy: 'Sara Haddad',
  pharmacy: 'صيدلية الشفاء — وسط البلد',
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });
/** The open tab's panel: the others stay mounted but hidden, out of the accessibility tree. */
const panel = (page: Page): Locator => page.getByRole('tabpanel');

/** Full-page screenshots from the top, so the sticky header and sidebar are drawn where they belong. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

/** Closes the toast on show (one at a time), so it does not cover what a screenshot is for. */
async function dismissToast(page: Page): Promise<void> {
  const shown = page.locator('.app-toast[data-state="open"]');
  if ((await shown.count()) === 0) return;
  await shown.getByRole('button').click();
  await gone(shown);
}

/** A figure as shown ("+10", "‏-5", "−5") as plain signed digits. */
const figure = (text: string | null) => (text ?? '').replace(/\u2212/g, '-').replace(/[^\d+-]/g, '');

/** Picks a day in the calendar of the date field named `field`, going back from this month. */
async function pickDay(page: Page, t: Texts, field: RegExp, day: string): Promise<void> {
  await panel(page).getByRole('button', { name: field }).click();
  const grid = await visible(page.getByRole('grid'));
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const now = new Date();
  for (let back = now.getFullYear() * 12 + now.getMonth() - (year * 12 + month - 1); back > 0; back -= 1) {
    await page.getByRole('button', { name: t.previousMonth }).click();
  }
  const label = new Intl.DateTimeFormat(t.locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, date),
  );
  await grid.getByRole('button', { name: label, exact: true }).click();
  await gone(grid);
}

async function walk(page: Page, t: Texts, h: History): Promise<void> {
  const name = (step: string) => `audit-${step}-${t.language}`;
  const shown = t.language === 'ar' ? h.nameAr : h.name;

  // The auditor's sidebar: the Audit entry before Transfers, no point of sale, no stock counts; read-only.
  const entries = (await nav(page).getByRole('link').allTextContents()).map((entry) => entry.trim());
  expect(entries).toContain(t.audit);
  expect(entries[entries.indexOf(t.audit) + 1]).toBe(t.language === 'ar' ? 'التحويلات' : 'Transfers');
  expect(entries).not.toContain(t.pos);
  expect(entries).not.toContain(t.stockCounts);
  await visible(page.getByTestId('sidebar-read-only').getByText(t.readOnly));

  await dismissToast(page);
  await nav(page).getByRole('link', { name: t.audit, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));

  // Stock as of 14:00 two days ago: 10 packs, proven equal to a replay of the log.
  await page.getByRole('tab', { name: t.tabAsOf }).click();
  if (PAST_DAY !== TODAY) await pickDay(page, t, t.date, PAST_DAY);
  await panel(page).getByLabel(t.time, { exact: true }).fill('14:00:00');
  await panel(page).getByRole('button', { name: t.showStock }).click();
  await visible(panel(page).getByText(t.matches, { exact: true }));
  await visible(panel(page).getByText(t.proven));
  await panel(page)
    .getByRole('button', { name: t.batchesOf(shown), exact: true })
    .click();
  const batchRow = await visible(panel(page).locator(`tr[data-batch="${h.batchNumber}"]`));
  expect(await batchRow.locator('[data-cell="quantity"]').textContent()).toBe('10');
  await shoot(page, name('as-of'));

  // Its stock card up to that moment: the receipt made the 10; the damage at 16:00 is not in it yet.
  await batchRow.getByRole('button', { name: t.openCard(h.batchNumber) }).click();
  await visible(page.getByRole('tab', { name: t.tabCard, selected: true }));
  const movements = panel(page).getByRole('table').getByRole('row');
  await visible(movements.filter({ hasText: t.received }));
  expect(await movements.count()).toBe(2); // the header and the receipt
  const receiptRow = movements.filter({ hasText: t.received });
  expect(figure(await receiptRow.locator('[data-cell="balance"]').textContent())).toBe('10');
  expect(await movements.filter({ hasText: t.adjusted }).count()).toBe(0);
  const closing = panel(page).locator('[data-card="closing"]');
  expect(await closing.textContent()).toContain(t.closing);
  expect(figure(await closing.locator('[data-cell="value"]').textContent())).toBe('10');
  await shoot(page, name('stock-card'));

  // The events of that batch, in words: the receipt (entered two days late) and both adjustments.
  await receiptRow.getByRole('button', { name: t.showEvents(h.batchNumber) }).click();
  await visible(page.getByRole('tab', { name: t.tabEvents, selected: true }));
  const events = panel(page).getByRole('table').getByRole('row');
  const receiptEvent = await visible(events.filter({ hasText: t.receipt(h) }));
  await visible(receiptEvent.getByText(t.recordedLate, { exact: true }));
  await visible(events.filter({ hasText: t.damaged(h.batchNumber) }));
  await visible(events.filter({ hasText: t.lost(h.batchNumber) }));
  expect(await events.count()).toBe(4);
  await shoot(page, name('events'));
  await receiptEvent.getByRole('button', { name: t.receipt(h) }).click();
  const dialog = await visible(page.getByRole('dialog', { name: t.receiptType }));
  expect(await dialog.locator('pre').textContent()).toContain(`"batchNumber": "${h.batchNumber}"`);
  await dialog.getByRole('button', { name: t.close, exact: true }).click();
  await gone(dialog);

  // The period report from that day to today: opening 0, received 10, adjusted -5, closing 5.
  await page.getByRole('tab', { name: t.tabPeriod }).click();
  await pickDay(page, t, t.from, PAST_DAY);
  await panel(page).getByRole('button', { name: t.showReport }).click();
  const line = await visible(panel(page).locator(`tr[data-product="${h.sku}"]`));
  expect(figure(await line.locator('[data-cell="opening"]').textContent())).toBe('0');
  expect(figure(await line.locator('[data-cell="received"]').textContent())).toBe('+10');
  expect(figure(await line.locator('[data-cell="adjusted"]').textContent())).toBe('-5');
  expect(figure(await line.locator('[data-cell="closing"]').textContent())).toBe('5');
  await visible(panel(page).locator('tr[data-product="total"]'));
  await line.getByRole('button', { name: t.batchesOf(shown), exact: true }).click();
  const batchLine = await visible(panel(page).locator(`tr[data-batch="${h.batchNumber}"]`));
  expect(figure(await batchLine.locator('[data-cell="closing"]').textContent())).toBe('5');
  await shoot(page, name('period'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: t.export }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`period-report-al-shifa-pharmacy-downtown-${PAST_DAY}-${TODAY}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith(`\uFEFF`)).toBe(true);
  const csvLines = csv.slice(1).split('\r\n');
  // Only this product moved in the period, besides whatever the demo data did: its columns are at least these.
  expect(csvLines[0]!.startsWith(t.csvHeader.split(',').slice(0, 5).join(','))).toBe(true);
  const header = csvLines[0]!.split(',');
  const productLine = csvLines.find((csvLine) => csvLine.includes(h.sku) && csvLine.split(',')[2] === '')!.split(',');
  const column = (name: string) => productLine[header.indexOf(name)];
  const [, , , , opening, received, adjusted] = t.csvHeader.split(',');
  expect([column(opening!), column(received!), column(adjusted!), productLine.at(-1)]).toEqual(['0', '10', '-5', '5']);
  await toast(page, t.exported);
  await dismissToast(page);

  // The printable page: the browser's print dialog is opened for a page headed with who printed what.
  await page.evaluate('window.__printed = 0; window.print = () => { window.__printed += 1; }');
  await panel(page).getByRole('button', { name: t.print }).click();
  // (Polled from outside: the page's content security policy forbids evaluating a predicate in it.)
  for (let tries = 0; (await page.evaluate('window.__printed')) !== 1; tries += 1) {
    expect(tries).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const printed = page.getByTestId('period-report-print');
  const printedText = (await printed.textContent()) ?? '';
  expect(printedText).toContain(t.printedBy);
  expect(printedText).toContain('Rami Saleh');
  expect(printedText).toContain(t.pharmacy);
  expect(printedText).toContain(h.batchNumber);
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, name('period-print'));
  await page.emulateMedia({ media: 'screen' });

  // Verification: the administrator's last run, and no Verify now for an auditor.
  await page.getByRole('tab', { name: t.tabVerification }).click();
  await visible(panel(page).getByText(t.matches, { exact: true }).first());
  await visible(panel(page).getByTestId('verification-trigger').getByText(t.runBy));
  expect(Number(figure(await panel(page).getByTestId('verification-events').textContent()))).toBeGreaterThan(0);
  expect(await page.getByRole('button', { name: t.verifyNow }).count()).toBe(0);
  await shoot(page, name('verification'));
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

describe('the Audit screen in the browser', () => {
  it(
    'lets an auditor find what a branch held at an instant in the past, and why, proven by a replay, in English and in Arabic',
    async () => {
      const histories = [await history('Blue', 'زرقاء'), await history('Green', 'خضراء')];
      const run = (await admin.post('/api/audit/verification').expect(200)).body as { status: string };
      expect(run.status).toBe('ok');

      for (const [t, h] of [
        [english, histories[0]!],
        [arabic, histories[1]!],
      ] as const) {
        await inSignedInSession(browser, app, demoAccounts.auditor, t.language, (page) => walk(page, t, h));
      }

      // The server refuses an auditor's write, whatever the screens offer.
      const auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
      const refused = await auditor.post('/api/products').send({ sku: unique('AUDX'), name: 'Refused', price: '1.00' });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        403,
        'READ_ONLY',
        'Auditors can see everything but change nothing.',
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  // Last: it corrupts this app's read model.
  it(
    'alerts administrators on the dashboard when the read models differ from a replay',
    async () => {
      const client = new Client({ connectionString: app.database.url });
      await client.connect();
      try {
        await client.query(
          'UPDATE inventory_batches SET quantity = quantity + 1 WHERE id = (SELECT id FROM inventory_batches LIMIT 1)',
        );
      } finally {
        await client.end();
      }
      const run = (await admin.post('/api/audit/verification').expect(200)).body as { status: string };
      expect(run.status).toBe('differences');

      const { context, page, errors } = await openSession(browser);
      try {
        await signInAndChoose(app, page, demoAccounts.admin);
        await dismissToast(page);
        const alert = await visible(page.getByTestId('verification-alert'));
        await visible(alert.getByText('The read models differ from a replay of the event log'));
        await shoot(page, 'audit-dashboard-alert-en');
        await alert.getByRole('link', { name: 'Open verification' }).click();
        await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('tab') === 'verification');
        await visible(panel(page).getByText('Differences found', { exact: true }));
        const corrupted = await visible(panel(page).locator('tr[data-table="inventory_batches"]'));
        await visible(corrupted.getByText('Differs', { exact: true }));
        await corrupted.getByRole('button', { name: 'Sample rows of inventory_batches' }).click();
        await visible(panel(page).getByText('Read model', { exact: true }).first());
        // An administrator may verify again; the auditor above could not.
        await visible(panel(page).getByRole('button', { name: 'Verify now' }));
        await shoot(page, 'audit-verification-differences-en');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
