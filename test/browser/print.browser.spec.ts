import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  OUTPUT_DIR,
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

// What comes out of the printer (issue 30: "receipts and printed reports readable at the sizes they print"),
// in a real Chromium against the real server, in English and in Arabic: a sale's receipt on the 80 mm roll
// and on A4, the audit trail's period report, and the Reports page (its own Print button, and the browser's
// Print command: the page's report, not a blank page), and any other page (the products list, printed
// without the shell around it). With print media emulated and the window as wide as
// the paper's printable width (so nothing is shrunk to fit), every piece of text printed is measured: its
// size in points, its colour's contrast on white paper, and whether a box cuts its glyphs off. Each is also
// printed to PDF (test/browser/output/print-*.pdf) and pictured (print-*.png).
// Needs `npm run build:web` first.

const TEST_TIMEOUT_MS = 240_000;
const DOWNTOWN = demoPharmacyIds.downtown;
/** CSS pixels in a millimetre (96 to the inch). */
const PX_PER_MM = 96 / 25.4;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let saleId: string;

interface Printed {
  /** Text nodes measured. */
  count: number;
  /** The smallest printed size, in points. */
  smallestPt: number;
  /** Text under `minPt`, or under 4.5:1 on white, or cut off by a box around it. */
  problems: string[];
  /** Every piece of text printed, joined by spaces. */
  text: string;
  /** The test ids of the elements printed. */
  shown: string[];
  /** The page is wider than the paper (Chromium would shrink it, text and all, to fit). */
  overflow: number;
}

/**
 * Every text node the print layout shows (in the window's current media): its size in points (for SVG
 * text, as drawn, after the drawing's own scaling), its colour composed over white paper through the
 * opacity of its boxes, and whether a box that clips its overflow cuts it off. A string: this file is
 * compiled without the DOM's types.
 */
const measure = (minPt: number) => `(() => {
  const minPt = ${minPt};
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const paint = canvas.getContext('2d', { willReadFrequently: true });
  const onWhite = (colour, opacity) => {
    paint.globalAlpha = 1;
    paint.fillStyle = '#fff';
    paint.fillRect(0, 0, 1, 1);
    paint.globalAlpha = opacity;
    paint.fillStyle = '#fff';
    paint.fillStyle = colour;
    paint.fillRect(0, 0, 1, 1);
    return Array.from(paint.getImageData(0, 0, 1, 1).data.slice(0, 3));
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const hiddenByClip = (element) => {
    for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clip !== 'auto' && style.position === 'absolute') return true;
      if (style.clipPath && style.clipPath.startsWith('inset(50%')) return true;
    }
    return false;
  };
  const problems = [];
  const texts = [];
  let smallestPt = Infinity;
  let count = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent.replace(/\\s+/g, ' ').trim();
    const element = node.parentElement;
    if (!words || !element || element.closest('script, style, title, noscript')) continue;
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // Off the page (above or before it: recharts measures its labels in a span at -20000 px) never prints.
    const rects = Array.from(range.getClientRects()).filter(
      (rect) => rect.width > 0 && rect.height > 0 && rect.bottom + scrollY > 0 && rect.right + scrollX > 0,
    );
    if (rects.length === 0 || hiddenByClip(element)) continue;
    count += 1;
    texts.push(words);
    const style = getComputedStyle(element);
    const svgText = element instanceof SVGElement ? element.closest('text') : null;
    let scale = 1;
    if (svgText) {
      const matrix = svgText.getScreenCTM();
      if (matrix) scale = Math.hypot(matrix.a, matrix.b);
    }
    const pt = Math.round(parseFloat(style.fontSize) * scale * 0.75 * 100) / 100;
    smallestPt = Math.min(smallestPt, pt);
    let opacity = 1;
    for (let box = element; box; box = box.parentElement) opacity *= Number(getComputedStyle(box).opacity);
    const rgb = onWhite(svgText ? style.fill : style.color, opacity);
    const contrast = Math.round((1.05 / (luminance(rgb) + 0.05)) * 100) / 100;
    const what = JSON.stringify(words.slice(0, 40)) + ' <' + element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') + '>';
    if (pt < minPt - 0.01) problems.push(what + ': ' + pt + ' pt');
    if (contrast < 4.5) problems.push(what + ': contrast ' + contrast + ':1 (rgb ' + rgb.join(',') + ')');
    // Paper does not scroll: a box that clips what overflows it must hold the whole text, across (a wide table
    // in a scrolling box) and up and down (Arabic glyphs reach far above and below the line). Not a chart's axis
    // labels: the drawing is laid out by recharts, the same on screen, and its figures print in the table under it.
    for (let box = svgText ? null : element; box && box !== document.body; box = box.parentElement) {
      const boxStyle = getComputedStyle(box);
      const edge = box.getBoundingClientRect();
      const across = boxStyle.overflowX !== 'visible' && rects.some((rect) => rect.left < edge.left - 1 || rect.right > edge.right + 1);
      const upDown = boxStyle.overflowY !== 'visible' && rects.some((rect) => rect.top < edge.top - 1 || rect.bottom > edge.bottom + 1);
      if (across || upDown) {
        problems.push(what + ': cut off by <' + box.tagName.toLowerCase() + '.' + String(box.className).trim().split(/\\s+/).join('.') + '>');
        break;
      }
    }
  }
  const shown = Array.from(document.querySelectorAll('[data-testid]'))
    .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
    .map((element) => element.getAttribute('data-testid'));
  return {
    count,
    smallestPt,
    problems,
    text: texts.join(' '),
    shown,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  };
})()`;

interface Paper {
  /** The printable width, in millimetres: the paper less its margins (the page's @page rule). */
  widthMm: number;
  /** page.pdf's paper. */
  pdf: { width: string; height?: string; landscape?: boolean } | { format: 'A4'; landscape?: boolean };
}

const ROLL_80MM: Paper = { widthMm: 80 - 2 * 3, pdf: { width: '80mm', height: '200mm' } };
const A4_RECEIPT: Paper = { widthMm: 210 - 2 * 15, pdf: { format: 'A4' } };
const A4_LANDSCAPE_12: Paper = { widthMm: 297 - 2 * 12, pdf: { format: 'A4', landscape: true } };
const A4_12: Paper = { widthMm: 210 - 2 * 12, pdf: { format: 'A4' } };

/**
 * The page as printed on `paper`: print media, the window as wide as the printable width, every text
 * measured; then its PDF and its picture, and the screen back as it was.
 */
async function printed(page: Page, paper: Paper, minPt: number, name: string): Promise<Printed> {
  const screen = page.viewportSize()!;
  await page.setViewportSize({ width: Math.floor(paper.widthMm * PX_PER_MM), height: 900 });
  await page.emulateMedia({ media: 'print' });
  try {
    await page.evaluate('document.fonts.ready');
    // A frame for the layout (the charts' own sizes follow the window).
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const result = await page.evaluate<Printed>(measure(minPt));
    await screenshot(page, name);
    await page.pdf({ path: join(OUTPUT_DIR, `${name}.pdf`), ...paper.pdf, preferCSSPageSize: true });
    return result;
  } finally {
    await page.emulateMedia({ media: null });
    await page.setViewportSize(screen);
  }
}

/**
 * The text the page prints with the window as it is (the shell laid out for a desktop, its sidebar
 * drawn: at a paper's width the app would draw the phone layout instead, whose sidebar is a closed sheet).
 */
async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  try {
    return (await page.evaluate<Printed>(measure(0))).text;
  } finally {
    await page.emulateMedia({ media: null });
  }
}

/** Replaces the browser's print dialog with a count of the times it was asked for. */
async function stubPrint(page: Page): Promise<void> {
  await page.evaluate('window.__printed = 0; window.print = () => { window.__printed += 1; }');
}

/** Waits (polled from outside: the page's content security policy forbids evaluating a predicate in it) for one print. */
async function printedOnce(page: Page): Promise<void> {
  for (let tries = 0; (await page.evaluate('window.__printed')) !== 1; tries += 1) {
    expect(tries).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectReadable(result: Printed, minPt: number): void {
  expect(result.problems).toEqual([]);
  expect(result.count).toBeGreaterThan(5);
  expect(result.smallestPt).toBeGreaterThanOrEqual(minPt);
  expect(result.overflow).toBeLessThanOrEqual(1);
}

interface Texts {
  language: 'en' | 'ar';
  reports: string;
  printReport: string;
  allPharmacies: string;
  salesReport: string;
  chartTitle: string;
  chartColumn: string;
  reprint: string;
  paper: string;
  a4: string;
  total: string;
  audit: string;
  periodTab: string;
  showReport: string;
  print: string;
  printedBy: string;
  products: string;
  darkTheme: string;
}

const english: Texts = {
  language: 'en',
  reports: 'Reports',
  printReport: 'Print report',
  allPharmacies: 'All Locations',
  salesReport: 'Sales Report',
  chartTitle: 'Sales by pharmacy',
  chartColumn: 'Pharmacy',
  reprint: 'Reprint receipt',
  paper: 'Paper',
  a4: 'A4',
  total: 'Total',
  audit: 'Audit Trail',
  periodTab: 'Period report',
  showReport: 'Show report',
  print: 'Print',
  printedBy: 'Printed by',
  products: 'Product Management',
  darkTheme: 'Dark theme',
};

const arabic: Texts = {
  language: 'ar',
  reports: 'التقارير',
  printReport: 'طباعة التقرير',
  allPharmacies: 'جميع المواقع',
  salesReport: 'تقرير المبيعات',
  chartTitle: 'المبيعات حسب الصيدلية',
  chartColumn: 'الصيدلية',
  reprint: 'إعادة طباعة الإيصال',
  paper: 'الورق',
  a4: 'A4 ورق',
  total: 'الإجمالي',
  audit: 'سجل التدقيق',
  periodTab: 'تقرير الفترة',
  showReport: 'عرض التقرير',
  print: 'طباعة',
  printedBy: 'طبع بواسطة',
  products: 'إدارة المنتجات',
  darkTheme: 'الوضع الداكن',
};

/** A sale at Downtown of two products in stock there, one pack and three. */
async function aSale(): Promise<string> {
  const batches = (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    productId: string;
    quantity: number;
  }>;
  const products = [...new Set(batches.filter((batch) => batch.quantity >= 10).map((batch) => batch.productId))];
  await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
  const sale = (
    await admin
      .post('/api/sales/complete')
      .send({
        cashReceived: '500.00',
        customerName: 'Rana Haddad',
        items: [
          { productId: products[0], quantity: 1 },
          { productId: products[1], quantity: 3 },
        ],
      })
      .expect(201)
  ).body as { id: string };
  return sale.id;
}

async function reportsPage(page: Page, t: Texts, appearance = ''): Promise<void> {
  const name = (step: string) => `print-reports-${step}-${t.language}${appearance}`;
  await page.goto(`${app.baseUrl}/reports`);
  await visible(page.getByRole('heading', { level: 1, name: t.reports }));
  const chart = page.getByRole('region', { name: t.chartTitle });
  await visible(chart.locator('.recharts-surface'));

  // The browser's own Print command (Ctrl+P): the report, not a blank page, without the shell around it
  // (the sidebar's links) or the controls (the page's buttons).
  const onDesktop = await printedText(page);
  expect(onDesktop).toContain(t.reports);
  expect(onDesktop).not.toContain(t.audit);
  expect(onDesktop).not.toContain(t.printReport);
  // As Chrome prints it from this window: the page laid out on A4, the charts as drawn for the window.
  await page.pdf({ path: join(OUTPUT_DIR, `${name('from-desktop')}.pdf`), preferCSSPageSize: true });
  const result = await printed(page, A4_12, 9, name('ctrl-p'));
  expectReadable(result, 9);
  expect(result.text).toContain(t.reports);
  // The filters as words: the report, the pharmacy and the period.
  expect(result.shown).toContain('report-print-facts');
  expect(result.text).toContain(t.salesReport);
  expect(result.text).toContain(t.allPharmacies);
  // Each of the three charts with its figures as a table under it.
  expect(result.shown.filter((id) => id === 'chart-print-table')).toHaveLength(3);
  expect(result.text).toContain(`${t.chartColumn} `);
  expect(result.text).not.toContain(t.printReport);

  // The page's own Print button opens the browser's dialog.
  await stubPrint(page);
  await page.getByRole('button', { name: t.printReport }).click();
  await printedOnce(page);
}

async function receipts(page: Page, t: Texts, appearance = ''): Promise<void> {
  const name = (paper: string) => `print-receipt-${paper}-${t.language}${appearance}`;
  await page.goto(`${app.baseUrl}/pos?sale=${saleId}`);
  const dialog = await visible(page.getByRole('dialog'));
  await visible(dialog.getByRole('article'));
  await stubPrint(page);

  // The 80 mm roll: only the receipt, not the page or the dialog behind it; nothing under 8 pt, the total
  // larger than the lines.
  await dialog.getByRole('button', { name: t.reprint }).click();
  await printedOnce(page);
  await page.locator('.print-region.print-80mm .receipt').waitFor({ state: 'attached' });
  const onDesktop = await printedText(page);
  expect(onDesktop).toContain(t.total);
  expect(onDesktop).not.toContain(t.audit);
  expect(onDesktop).not.toContain(t.reprint);
  await page.emulateMedia({ media: 'print' });
  const sizes = await page.evaluate<{ line: number; total: number }>(`(() => ({
    line: parseFloat(getComputedStyle(document.querySelector('.print-region .receipt-line span')).fontSize),
    total: parseFloat(getComputedStyle(document.querySelector('.print-region .receipt-totals div:first-child dd')).fontSize),
  }))()`);
  await page.emulateMedia({ media: null });
  expect(sizes.total).toBeGreaterThan(sizes.line);
  const roll = await printed(page, ROLL_80MM, 8, name('80mm'));
  expectReadable(roll, 8);
  expect(roll.text).toContain(t.total);
  // Printed (page.pdf prints, with the beforeprint and afterprint events of a real print): the receipt's
  // region has gone, and the browser's Print command prints the page again (here the sale's dialog).
  expect(await page.locator('.print-region').count()).toBe(0);
  expect(await printedText(page)).toContain(t.reprint);

  // A4: nothing under 10 pt.
  await dialog.getByRole('combobox', { name: t.paper }).click();
  await page.getByRole('option', { name: t.a4 }).click();
  await page.evaluate('window.__printed = 0');
  await dialog.getByRole('button', { name: t.reprint }).click();
  await printedOnce(page);
  await page.locator('.print-region.print-a4 .receipt').waitFor({ state: 'attached' });
  expectReadable(await printed(page, A4_RECEIPT, 10, name('a4')), 10);
  await page.keyboard.press('Escape');
  await gone(page.getByRole('dialog'));
}

async function auditReport(page: Page, t: Texts): Promise<void> {
  await page.goto(`${app.baseUrl}/audit`);
  await visible(page.getByRole('heading', { level: 1, name: t.audit }));
  await page.getByRole('tab', { name: t.periodTab }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: t.showReport }).click();
  await visible(panel.locator('tr[data-product="total"]'));
  await stubPrint(page);
  await panel.getByRole('button', { name: t.print, exact: true }).click();
  await printedOnce(page);
  const result = await printed(page, A4_LANDSCAPE_12, 8, `print-audit-period-${t.language}`);
  expectReadable(result, 8);
  expect(result.text).toContain(t.printedBy);
}

/** Any other page: the browser's Print command prints its content (the products list), not a blank page. */
async function anotherPage(page: Page, t: Texts): Promise<void> {
  await page.goto(`${app.baseUrl}/products`);
  await visible(page.getByRole('heading', { level: 1, name: t.products }));
  await visible(page.getByRole('table').getByRole('row').nth(1));
  const text = await printedText(page);
  expect(text).toContain(t.products);
  expect(text).not.toContain(t.audit);
}

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  saleId = await aSale();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('What is printed, at the size it prints', () => {
  for (const t of [english, arabic]) {
    it(
      `the Reports page, a receipt on 80 mm and on A4, the audit period report and another page (${t.language})`,
      async () => {
        const { context, page, errors } = await openSession(browser);
        try {
          await signInAndChoose(app, page, demoAccounts.admin);
          if (t.language === 'ar') {
            await switchToArabic(page);
            expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          }
          await reportsPage(page, t);
          await receipts(page, t);
          await auditReport(page, t);
          await anotherPage(page, t);
          // In the dark theme too: paper is white, and the text on it black.
          await page.getByRole('button', { name: t.darkTheme, exact: true }).click();
          await page.locator('html[data-appearance="dark"]').waitFor({ state: 'attached' });
          await reportsPage(page, t, '-dark');
          await receipts(page, t, '-dark');
          expect(unexpectedErrors(errors)).toEqual([]);
        } finally {
          await context.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
