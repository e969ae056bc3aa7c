import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { until } from './axe-support';
import {
  documentDirection,
  openSession,
  screenshot,
  signIn,
  switchToArabic,
  unexpectedErrors,
  launchBrowser,
  stockedPackProducts,
  type PackProduct,
} from './support';

// Issue 30: a whole sale at the till with the keyboard alone (page.keyboard only: no click, fill or
// locator action once the till is open), in English and in Arabic: the scan box's shortcut (F2), a
// barcode typed and Enter as a scanner sends it, Tab to the line's quantity and a new one typed, F9 to
// checkout, the cash typed and Enter, then Tab to "Print receipt" and Enter. window.print is replaced by a
// recorder (an init script), which keeps what the print region held when it was called: the receipt.
// Also what a screen reader is given: the shortcuts as aria-keyshortcuts and in the controls' descriptions,
// and the "Sale completed" toast read out through a live region. Screenshots: output/keyboard-sale-*.png.

const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const TEST_TIMEOUT_MS = 180_000;
/** More than the page has controls between the scan box and the cart, and in the receipt dialog. */
const MAX_TABS = 80;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Texts {
  language: 'en' | 'ar';
  title: string;
  quantityOf: (name: string) => string;
  printReceipt: string;
  completed: string;
  shortcut: (keys: string) => string;
}

const english: Texts = {
  language: 'en',
  title: 'Point of Sale',
  quantityOf: (name) => `Quantity of ${name} in the cart`,
  printReceipt: 'Print receipt',
  completed: 'Sale completed',
  shortcut: (keys) => `Keyboard shortcut: ${keys}`,
};

const arabic: Texts = {
  language: 'ar',
  title: 'نقطة البيع',
  quantityOf: (name) => `كمية ${name} في السلة`,
  printReceipt: 'طباعة الإيصال',
  completed: 'اكتملت عملية البيع',
  shortcut: (keys) => `اختصار لوحة المفاتيح: ${keys}`,
};

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Before the app loads: window.print records what the print region holds instead of opening the dialog,
 * and every text put into a live region (role=status or alert, aria-live) is kept, as a screen reader hears it.
 * Strings: this file is compiled without the DOM's types.
 */
const RECORDERS = `(() => {
  window.__printed = [];
  window.print = () => {
    const region = document.querySelector('.print-region');
    window.__printed.push(region ? region.innerText : '');
  };
  window.__announced = [];
  // A toast's own box is role=status with aria-live=off (Radix reads it out through a separate region): not counted.
  const live = ':is([role="status"], [role="alert"], [aria-live]):not([aria-live="off"])';
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const target = mutation.target.nodeType === 1 ? mutation.target : mutation.target.parentElement;
      const region = target && target.closest(live);
      if (region && region.textContent.trim()) window.__announced.push(region.textContent.trim());
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** The focused element's role-ish description: tag, accessible label and value, for the report. */
const FOCUSED = `(() => {
  const focused = document.activeElement;
  if (!focused) return { tag: 'none', label: '', value: '' };
  return {
    tag: focused.tagName.toLowerCase(),
    label: focused.getAttribute('aria-label') || (focused.textContent || '').trim(),
    value: 'value' in focused ? String(focused.value) : '',
  };
})()`;

type Focused = { tag: string; label: string; value: string };

/** Tab (forwards) until the focused element's label is `label`: what a keyboard user does. */
async function tabTo(page: Page, label: string): Promise<void> {
  const seen: string[] = [];
  for (let press = 0; press < MAX_TABS; press += 1) {
    const focused = await page.evaluate<Focused>(FOCUSED);
    if (focused.label === label) return;
    seen.push(`${focused.tag} "${focused.label.slice(0, 40)}"`);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach "${label}" in ${MAX_TABS} presses; it went through ${seen.join(', ')}`);
}

/** Waits until the page's code `condition` (a string) is true; fails the test otherwise. */
async function waitFor(page: Page, condition: string, what = 'the page'): Promise<void> {
  if (!(await until(page, condition))) throw new Error(`${what}: not true within 10 s: ${condition}`);
}

/**
 * The accessible description Chromium computes for the element `selector` finds, through the accessibility
 * tree (CDP): what a screen reader reads after the name.
 */
async function description(page: Page, selector: string): Promise<string | undefined> {
  const session = await page.context().newCDPSession(page);
  try {
    const { root } = (await session.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodeId } = (await session.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as {
      nodeId: number;
    };
    const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    })) as { nodes: Array<{ description?: { value: string } }> };
    return nodes[0]?.description?.value;
  } finally {
    await session.detach();
  }
}

async function keyboardSale(page: Page, t: Texts, product: PackProduct): Promise<void> {
  const prefix = `keyboard-sale-${t.language}`;
  const name = t.language === 'ar' ? product.nameAr : product.name;
  await page.goto(`${app.baseUrl}/pos`);
  await page.getByRole('heading', { level: 1, name: t.title }).waitFor();

  // What a screen reader is told about the shortcuts: aria-keyshortcuts, and the description after the name.
  const shortcuts = await page.evaluate<Record<string, string | null>>(`(() => {
    const scan = document.querySelector('input[aria-keyshortcuts]');
    const buttons = [...document.querySelectorAll('.pos-cart button[aria-keyshortcuts]')];
    return Object.fromEntries([scan, ...buttons].filter(Boolean).map((element) => [
      element.getAttribute('aria-keyshortcuts'),
      element.tagName.toLowerCase(),
    ]));
  })()`);
  expect(shortcuts).toEqual({ F2: 'input', F7: 'button', F9: 'button' });
  expect(await description(page, 'input[aria-keyshortcuts="F2"]')).toBe(t.shortcut('F2'));
  expect(await description(page, 'button[aria-keyshortcuts="F9"]')).toBe(t.shortcut('F9'));
  expect(await description(page, 'button[aria-keyshortcuts="F7"]')).toBe(t.shortcut('F7'));

  // F2 from anywhere: the scan box. A scanner types the barcode and Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('F2');
  await waitFor(page, `document.activeElement && document.activeElement.getAttribute('aria-keyshortcuts') === 'F2'`);
  await page.keyboard.type(product.barcode);
  await page.keyboard.press('Enter');
  const quantity = t.quantityOf(name);
  await waitFor(page, `!!document.querySelector('input[aria-label=${JSON.stringify(quantity)}]')`);
  // The scan box has the focus back, empty, for the next pack.
  await waitFor(
    page,
    `document.activeElement.getAttribute('aria-keyshortcuts') === 'F2' && document.activeElement.value === ''`,
  );

  // To the line's quantity with Tab; 3 packs.
  await tabTo(page, quantity);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  expect(await page.evaluate<Focused>(FOCUSED)).toEqual({ tag: 'input', label: quantity, value: '3' });
  await screenshot(page, `${prefix}-1-cart`, { viewportOnly: true });

  // F9: checkout, the cursor in the cash box; 500 and Enter completes the sale.
  await page.keyboard.press('F9');
  await waitFor(
    page,
    `!!document.activeElement.closest('[role="dialog"]') && document.activeElement.type === 'number'`,
  );
  await page.keyboard.type('500');
  await screenshot(page, `${prefix}-2-checkout`, { viewportOnly: true });
  await page.keyboard.press('Enter');

  // The receipt: Tab to "Print receipt", Enter.
  await waitFor(page, `!!document.querySelector('[role="dialog"] article')`);
  await waitFor(page, `!!document.activeElement.closest('[role="dialog"]')`);
  await tabTo(page, t.printReceipt);
  await page.keyboard.press('Enter');
  await waitFor(page, 'window.__printed.length === 1');
  const printed = await page.evaluate<string>('window.__printed[0]');
  await screenshot(page, `${prefix}-3-receipt`, { viewportOnly: true });

  // The sale as recorded: 3 packs of the product scanned; the printed receipt is that sale's.
  const sales = (await admin.get('/api/sales').query({ pharmacyId: DOWNTOWN, limit: 1 }).expect(200)).body as Array<{
    id: string;
  }>;
  const sale = (await admin.get(`/api/sales/${sales[0]!.id}`).expect(200)).body as {
    id: string;
    lines: Array<{ productId: string; quantity: number }>;
  };
  expect(sale.lines.map((line) => [line.productId, line.quantity])).toEqual([[product.id, 3]]);
  const number = sale.id.slice(-8).toUpperCase();
  expect(printed).toContain(number);
  expect(printed).toContain(name);

  // The toast was read out: its title went through a live region.
  const announced = await page.evaluate<string[]>('window.__announced');
  expect(announced.some((text) => text.includes(t.completed) && text.includes(number))).toBe(true);
}

describe('A sale with the keyboard alone', () => {
  const cases = [
    ['English', english, 0],
    ['Arabic', arabic, 1],
  ] as const;
  for (const [language, t, index] of cases) {
    it(
      `scans, sets the quantity, checks out and prints with the keyboard, in ${language}`,
      async () => {
        const product = (await stockedPackProducts(admin, DOWNTOWN))[index]!;
        expect(product).toBeDefined();
        const { context, page, errors } = await openSession(browser);
        try {
          await page.addInitScript({ content: RECORDERS });
          await signIn(app, page, demoAccounts.layla);
          if (t.language === 'ar') {
            await switchToArabic(page);
            expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          }
          await keyboardSale(page, t, product).catch(async (error: unknown) => {
            await screenshot(page, `keyboard-sale-${t.language}-failed`, { viewportOnly: true });
            throw error;
          });
          expect(unexpectedErrors(errors)).toEqual([]);
        } finally {
          await context.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
