import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeRecorder, until } from './axe-support';
import { gone, inSignedInSession, launchBrowser, screenshot, stockedPackProducts, visible } from './support';

// Issue 30: the main dialogs, in English and then Arabic, opened as a user opens them: the till's checkout and
// the receipt after the sale, the product form, the new transfer and a transfer's detail, the start of a stock count and the count
// sheet it leads to. In each, with the dialog open, axe on the whole page (serious or critical fails, as in
// accessibility.browser.spec.ts), and the keyboard: the focus is in the dialog once it opens, Tab and
// Shift+Tab go round its controls without leaving it, Escape closes it and the focus goes back to the control
// that opened it (at the till: to the scan box, where the next sale starts), and the dialog is named by its
// title (aria-labelledby). Needs `npm run build:web` first. Screenshots: output/a11y-dialog-[dark-]<language>-*.png.

const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const TEST_TIMEOUT_MS = 600_000;
/** Tab presses beyond the dialog's own count of controls, so the focus has to wrap round at least once. */
const EXTRA_TABS = 3;

const axe = axeRecorder();

let app: TestApp;
let browser: Browser;
let barcode: string;

interface Texts {
  language: 'en' | 'ar';
  pos: string;
  scan: string;
  checkoutButton: RegExp;
  checkoutTitle: string;
  cash: RegExp;
  complete: string;
  sale: RegExp;
  products: string;
  addProduct: string;
  productTitle: string;
  transfers: string;
  newTransfer: string;
  transferTitle: string;
  viewTransfer: RegExp;
  counts: string;
  startCount: string;
  startTitle: string;
  startSubmit: string;
  sheetTitle: RegExp;
  darkTheme: string;
}

const english: Texts = {
  language: 'en',
  pos: 'POS',
  scan: 'Barcode or SKU',
  checkoutButton: /^Checkout/,
  checkoutTitle: 'Checkout',
  cash: /^Cash received/,
  complete: 'Complete Sale',
  sale: /^Sale #/,
  products: 'Products',
  addProduct: 'Add Product',
  productTitle: 'Add Product',
  transfers: 'Transfers',
  newTransfer: 'New Transfer',
  transferTitle: 'Create Stock Transfer',
  viewTransfer: /^View transfer #/,
  counts: 'Stock Counts',
  startCount: 'Start count',
  startTitle: 'Start Stock Count',
  startSubmit: 'Start Count',
  sheetTitle: /^Stock Count #/,
  darkTheme: 'Dark theme',
};

const arabic: Texts = {
  language: 'ar',
  pos: 'نقطة البيع',
  scan: 'الباركود أو رمز المنتج',
  checkoutButton: /^الدفع/,
  checkoutTitle: 'الدفع',
  cash: /^المبلغ النقدي المستلم/,
  complete: 'إتمام البيع',
  sale: /^عملية البيع #/,
  products: 'المنتجات',
  addProduct: 'إضافة منتج',
  productTitle: 'إضافة منتج',
  transfers: 'التحويلات',
  newTransfer: 'نقل جديد',
  transferTitle: 'إنشاء عملية نقل مخزون',
  viewTransfer: /^عرض عملية النقل #/,
  counts: 'الجرد',
  startCount: 'بدء جرد',
  startTitle: 'بدء جرد المخزون',
  startSubmit: 'بدء الجرد',
  sheetTitle: /^جرد المخزون #/,
  darkTheme: 'الوضع الداكن',
};

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  const admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  // A product the till sells by the pack from stock at Downtown, with the EAN-13 its scanner reads.
  const [sold] = await stockedPackProducts(admin, DOWNTOWN);
  expect(sold).toBeDefined();
  barcode = sold!.barcode;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  const summary = axe.summary();
  if (summary) console.log(summary);
});

const nav = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|التنقل الرئيسي)$/ });

/** The open dialog, whatever its name (checked on its own: a dialog without one is found, and reported). */
const openDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]');

/** Whether the focused element is inside an open dialog (or alert dialog). A string: no DOM types here. */
const FOCUS_IN_DIALOG = `(() => {
  const focused = document.activeElement;
  return !!focused && focused !== document.body && !!focused.closest('[role="dialog"], [role="alertdialog"]');
})()`;

/** The focused element, told apart from its neighbours (tag, id, name, text), for the report. */
const FOCUSED = `(() => {
  const focused = document.activeElement;
  if (!focused) return 'nothing';
  const name = focused.getAttribute('aria-label') || focused.getAttribute('name') || (focused.textContent || '').trim().slice(0, 30);
  return focused.tagName.toLowerCase() + (focused.id ? '#' + focused.id : '') + ' "' + name + '"';
})()`;

/** How many controls in the open dialog Tab stops at. */
const TAB_STOPS = `(() => {
  const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
  if (!dialog) return 0;
  return [...dialog.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].filter(
    (element) => !element.disabled && element.tabIndex >= 0 && element.getClientRects().length > 0,
  ).length;
})()`;

/** The text of what the open dialog's aria-labelledby points at, or null when it is not named that way. */
const LABELLED_BY = `(() => {
  const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
  const ids = dialog && dialog.getAttribute('aria-labelledby');
  if (!ids) return null;
  return ids.split(/\\s+/).map((id) => (document.getElementById(id) || { textContent: '' }).textContent.trim()).join(' ');
})()`;

/** Whether `locator` has (or, as the app moves the focus on the next tick, soon gets) the focus. */
async function focusedOn(page: Page, locator: Locator): Promise<boolean> {
  return locator
    .and(page.locator(':focus'))
    .waitFor({ state: 'attached', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
}

/**
 * What is wrong with the keyboard in each dialog, by view ('en checkout'): every dialog is checked to the
 * end and the test fails once, with the lot, as with axe's findings.
 */
const problems: string[] = [];

/**
 * The checks every dialog gets, `dialog` open: named by its title, the focus inside, axe on the whole page,
 * Tab and Shift+Tab round its controls (more presses than it has controls) without leaving it.
 */
async function checkOpenDialog(page: Page, dialog: Locator, title: string, view: string): Promise<string> {
  await visible(dialog);
  const name = await page.evaluate<string | null>(LABELLED_BY);
  if (name !== title) problems.push(`${view}: named by ${JSON.stringify(name)}, not by its title "${title}"`);
  // And that is the name assistive technology gets (its role and name, as Playwright's accessibility tree has them).
  if ((await page.getByRole('dialog', { name: title, exact: true }).count()) !== 1) {
    problems.push(`${view}: no dialog named "${title}" in the accessibility tree`);
  }
  // Radix moves the focus in as the dialog mounts: waited for, as it is not in the same frame.
  await until(page, FOCUS_IN_DIALOG, 3_000);
  if (!(await page.evaluate<boolean>(FOCUS_IN_DIALOG))) {
    problems.push(`${view}: on opening, the focus is on ${await page.evaluate<string>(FOCUSED)}, outside the dialog`);
  }

  await axe.check(page, view, `dialog-${view.replace(/\s+/g, '-')}`, { viewportOnly: true });

  const stops = await page.evaluate<number>(TAB_STOPS);
  const presses = stops + EXTRA_TABS;
  for (const key of ['Tab', 'Shift+Tab']) {
    const visited = new Set<string>();
    for (let press = 1; press <= presses; press += 1) {
      await page.keyboard.press(key);
      const focused = await page.evaluate<string>(FOCUSED);
      if (!(await page.evaluate<boolean>(FOCUS_IN_DIALOG))) {
        problems.push(`${view}: ${key} × ${press} took the focus out of the dialog, to ${focused}`);
        // Back into the dialog for the rest of the checks.
        await dialog.focus();
        break;
      }
      visited.add(focused);
    }
    // The focus went round the dialog's controls, not stuck on one (a dialog with one control keeps it there).
    if (stops > 1 && visited.size === 1) problems.push(`${view}: ${key} leaves the focus on ${[...visited][0]}`);
  }
  return view;
}

/** Escape closes `dialog`; the focus goes to `returnTo` (`what`). */
async function closeWithEscape(page: Page, dialog: Locator, returnTo: Locator, view: string, what: string) {
  await page.keyboard.press('Escape');
  await gone(dialog);
  if (!(await focusedOn(page, returnTo))) {
    problems.push(`${view}: after Escape the focus is on ${await page.evaluate<string>(FOCUSED)}, not on ${what}`);
  }
}

async function walk(page: Page, t: Texts, appearance: 'light' | 'dark'): Promise<string[]> {
  const views: string[] = [];
  // 'ar', or 'dark ar' with the dark theme on.
  const l = appearance === 'dark' ? `dark ${t.language}` : t.language;
  if (appearance === 'dark') {
    await page.getByRole('button', { name: t.darkTheme, exact: true }).click();
    await page.locator('html[data-appearance="dark"]').waitFor({ state: 'attached' });
  }

  // The till: checkout (from its button), then, after the sale, the receipt.
  await nav(page).getByRole('link', { name: t.pos, exact: true }).click();
  const scan = await visible(page.getByRole('textbox', { name: t.scan }));
  await scan.fill(barcode);
  await scan.press('Enter');
  const checkoutButton = page.getByRole('button', { name: t.checkoutButton });
  // (A click waits for it to be enabled: the cart has the pack once the scan is looked up.)
  await checkoutButton.click();
  const checkout = openDialog(page);
  views.push(await checkOpenDialog(page, checkout, t.checkoutTitle, `${l} checkout`));
  // The till sends the focus back to the scan box after its dialogs: the next sale starts there.
  await closeWithEscape(page, checkout, scan, `${l} checkout`, 'the scan box');

  await checkoutButton.click();
  await visible(checkout);
  await checkout.getByRole('spinbutton', { name: t.cash }).fill('1000');
  await checkout.getByRole('button', { name: t.complete }).click();
  const receipt = openDialog(page);
  await visible(receipt.getByRole('article'));
  const saleTitle = ((await receipt.getByRole('heading').first().textContent()) ?? '').trim();
  expect(saleTitle).toMatch(t.sale);
  views.push(await checkOpenDialog(page, receipt, saleTitle, `${l} receipt`));
  // The "Sale completed" toast is the top layer while it shows, so the first Escape may close it (Radix).
  await page.keyboard.press('Escape');
  if (await receipt.isVisible()) await page.keyboard.press('Escape');
  await gone(receipt);
  if (!(await focusedOn(page, scan))) {
    problems.push(
      `${l} receipt: after Escape the focus is on ${await page.evaluate<string>(FOCUSED)}, not on the scan box`,
    );
  }

  // The product form, from Add Product.
  await nav(page).getByRole('link', { name: t.products, exact: true }).click();
  const addProduct = page.getByRole('button', { name: t.addProduct, exact: true });
  await addProduct.click();
  const productForm = openDialog(page);
  views.push(await checkOpenDialog(page, productForm, t.productTitle, `${l} product form`));
  await closeWithEscape(page, productForm, addProduct, `${l} product form`, 'Add Product');

  // A new transfer.
  await nav(page).getByRole('link', { name: t.transfers, exact: true }).click();
  const newTransfer = page.getByRole('button', { name: t.newTransfer, exact: true });
  await newTransfer.click();
  const transfer = openDialog(page);
  views.push(await checkOpenDialog(page, transfer, t.transferTitle, `${l} new transfer`));
  await closeWithEscape(page, transfer, newTransfer, `${l} new transfer`, 'New Transfer');
  // A transfer's detail, from its row's View (a row action: the focus goes back to that row's button).
  const view = page.getByRole('button', { name: t.viewTransfer }).first();
  await view.click();
  const detail = openDialog(page);
  await visible(detail.getByRole('heading').first());
  const detailTitle = ((await detail.getByRole('heading').first().textContent()) ?? '').trim();
  views.push(await checkOpenDialog(page, detail, detailTitle, `${l} transfer detail`));
  await closeWithEscape(page, detail, view, `${l} transfer detail`, 'View transfer');

  // A stock count: the dialog that starts it, then the count sheet it opens (a page: axe only).
  await nav(page).getByRole('link', { name: t.counts, exact: true }).click();
  const startCount = page.getByRole('button', { name: t.startCount, exact: true });
  await startCount.click();
  const start = openDialog(page);
  views.push(await checkOpenDialog(page, start, t.startTitle, `${l} start count`));
  await closeWithEscape(page, start, startCount, `${l} start count`, 'Start count');
  await startCount.click();
  await visible(start);
  await start.getByRole('button', { name: t.startSubmit, exact: true }).click();
  await gone(start);
  await visible(page.getByRole('heading', { level: 1, name: t.sheetTitle }));
  views.push(`${l} count sheet`);
  await axe.check(page, `${l} count sheet`, `dialog-${l.replace(' ', '-')}-count-sheet`);
  return views;
}

describe('Accessibility of the main dialogs (WCAG 2.1 AA) in the browser', () => {
  // Both languages in the light appearance; the dark theme once, in Arabic (its colours are the same in both).
  for (const [t, appearance] of [
    [english, 'light'],
    [arabic, 'light'],
    [arabic, 'dark'],
  ] as const) {
    it(
      `has no serious or critical violation in the dialogs, and keeps the keyboard in them, in ${t.language === 'ar' ? 'Arabic' : 'English'}${appearance === 'dark' ? ' with the dark theme' : ''}`,
      async () => {
        let views: string[] = [];
        problems.length = 0;
        await inSignedInSession(browser, app, demoAccounts.admin, t.language, async (page) => {
          try {
            views = await walk(page, t, appearance);
          } catch (error) {
            await screenshot(page, `a11y-dialog-${appearance}-${t.language}-failed`, { viewportOnly: true });
            throw error;
          }
        });
        expect(problems).toEqual([]);
        expect(axe.report(views)).toBe('');
      },
      TEST_TIMEOUT_MS,
    );
  }
});
