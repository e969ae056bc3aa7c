import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumFakeCameraArgs, writeBarcodeVideo } from './fake-camera';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  switchToArabic,
  unexpectedErrors,
  visible,
} from './support';

// The point of sale in a real Chromium against the real server (demo catalogue, stock and sales history):
// a GS1 scan that names its batch, a search with quantity and unit, the cart, cash checkout, the receipt and
// its print preview, in English and Arabic; and the camera, fed a generated barcode video by Chromium's fake
// camera, adding the right product. Screenshots: test/browser/output/pos-*.png.

const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const TEST_TIMEOUT_MS = 150_000;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Stocked {
  productId: string;
  name: string;
  nameAr: string;
  barcode: string;
  batchId: string;
  batchNumber: string;
  expiryDate: string;
}

/** Products with a batch at Downtown that has stock and months to go, and an EAN-13 barcode. */
async function stockedProducts(): Promise<Stocked[]> {
  const products = (await admin.get('/api/products').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    id: string;
    name: string;
    nameAr: string;
    barcode: string | null;
    isActive: boolean;
    salesUnit: string;
  }>;
  const batches = (await admin.get('/api/inventory').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    id: string;
    productId: string;
    batchNumber: string;
    quantity: number;
    expiryDate: string;
  }>;
  const soon = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  return products.flatMap((product) => {
    const batch = batches.find((b) => b.productId === product.id && b.quantity >= 10 && b.expiryDate > soon);
    return product.isActive &&
      product.salesUnit === 'whole' &&
      batch &&
      product.barcode &&
      /^\d{13}$/.test(product.barcode)
      ? [
          {
            productId: product.id,
            name: product.name,
            nameAr: product.nameAr,
            barcode: product.barcode,
            batchId: batch.id,
            batchNumber: batch.batchNumber,
            expiryDate: batch.expiryDate,
          },
        ]
      : [];
  });
}

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });

const gs1 = (p: Stocked) => `(01)0${p.barcode}(17)${p.expiryDate.slice(2).replaceAll('-', '')}(10)${p.batchNumber}`;

interface Texts {
  language: 'en' | 'ar';
  nav: string;
  title: string;
  scan: string;
  search: string;
  cart: string;
  checkout: RegExp;
  checkoutTitle: string;
  cash: RegExp;
  customer: string;
  complete: string;
  print: RegExp;
  newSale: string;
  batch: (n: string) => string;
  quantityOf: (name: string) => string;
  addToCart: (name: string) => string;
  oneMore: (name: string) => string;
}

const english: Texts = {
  language: 'en',
  nav: 'POS',
  title: 'Point of Sale',
  scan: 'Barcode or SKU',
  search: 'Search products',
  cart: 'Cart',
  checkout: /^Checkout/,
  checkoutTitle: 'Checkout',
  cash: /^Cash received/,
  customer: 'Customer name',
  complete: 'Complete Sale',
  print: /Print receipt/,
  newSale: 'New sale',
  batch: (n) => `Batch ${n}`,
  quantityOf: (name) => `Quantity of ${name}`,
  addToCart: (name) => `Add ${name} to the cart`,
  oneMore: (name) => `One more ${name}`,
};

const arabic: Texts = {
  language: 'ar',
  nav: 'نقطة البيع',
  title: 'نقطة البيع',
  scan: 'الباركود أو رمز المنتج',
  search: 'البحث عن المنتجات',
  cart: 'السلة',
  checkout: /^الدفع/,
  checkoutTitle: 'الدفع',
  cash: /^المبلغ النقدي المستلم/,
  customer: 'اسم العميل',
  complete: 'إتمام البيع',
  print: /طباعة الإيصال/,
  newSale: 'عملية بيع جديدة',
  batch: (n) => `الدفعة ${n}`,
  quantityOf: (name) => `كمية ${name}`,
  addToCart: (name) => `أضف ${name} إلى السلة`,
  oneMore: (name) => `زِد ${name} واحدًا`,
};

async function sell(page: Page, t: Texts, scanned: Stocked, searched: Stocked): Promise<string> {
  const prefix = `pos-${t.language}`;
  const shown = (p: Stocked) => (t.language === 'ar' ? p.nameAr : p.name);
  await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));
  const cart = page.getByRole('region', { name: t.cart });

  // A 2D scanner types the GS1 element string and Enter: that pack's batch is sold.
  const scanBox = page.getByRole('textbox', { name: t.scan });
  await scanBox.fill(gs1(scanned));
  await scanBox.press('Enter');
  await visible(cart.getByText(shown(scanned)));
  await visible(cart.getByText(t.batch(scanned.batchNumber)));
  // The scan box has the focus back, ready for the next pack.
  expect(await page.evaluate<string | null>('document.activeElement && document.activeElement.id')).toBe(
    await scanBox.getAttribute('id'),
  );

  // Search from 2 characters, 2 packs, then one more from the cart.
  await page.getByRole('searchbox', { name: t.search }).fill(searched.name.slice(0, 6));
  await page.getByRole('spinbutton', { name: t.quantityOf(shown(searched)) }).fill('2');
  await page.getByRole('button', { name: t.addToCart(shown(searched)) }).click();
  await visible(cart.getByText(shown(searched)));
  await cart.getByRole('button', { name: t.oneMore(shown(searched)) }).click();
  await screenshot(page, `${prefix}-1-cart`);

  // Checkout with F9, cash, a customer.
  await page.keyboard.press('F9');
  const dialog = await visible(page.getByRole('dialog', { name: t.checkoutTitle }));
  await dialog.getByRole('spinbutton', { name: t.cash }).fill('500');
  await dialog.getByRole('textbox', { name: t.customer }).fill(t.language === 'ar' ? 'رنا حداد' : 'Rana Haddad');
  await screenshot(page, `${prefix}-2-checkout`, { viewportOnly: true });
  await dialog.getByRole('button', { name: t.complete }).click();
  const receipt = await visible(page.getByRole('dialog', { name: /#/ }));
  await visible(receipt.getByRole('article'));
  const title = (await receipt.getByRole('heading').first().textContent()) ?? '';
  await screenshot(page, `${prefix}-3-receipt`, { viewportOnly: true });

  // The print preview: only the receipt, on an 80 mm roll.
  await receipt.getByRole('button', { name: t.print }).click();
  await page.locator('.print-region .receipt').waitFor({ state: 'attached' });
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, `${prefix}-4-print-preview`, { viewportOnly: true });
  await page.emulateMedia({ media: 'screen' });
  await receipt.getByRole('button', { name: t.newSale }).click();
  await gone(page.getByRole('dialog'));
  return title.replace(/^.*#/, '').trim();
}

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('The point of sale in the browser', () => {
  it(
    'scans a GS1 pack, searches, adjusts the cart, checks out and prints, in English and in Arabic',
    async () => {
      const [first, second, third, fourth] = await stockedProducts();
      expect(fourth).toBeDefined();
      for (const [t, scanned, searched] of [
        [english, first!, second!],
        [arabic, third!, fourth!],
      ] as const) {
        const { context, page, errors } = await openSession(browser);
        try {
          await signIn(app, page, demoAccounts.layla);
          if (t.language === 'ar') {
            await switchToArabic(page);
            expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          }
          const number = await sell(page, t, scanned, searched);
          // The sale as recorded: the scanned line from its batch, the other by FEFO, prices from the catalogue.
          const sales = (await admin.get('/api/sales').query({ pharmacyId: DOWNTOWN, limit: 1 }).expect(200))
            .body as Array<{
            id: string;
          }>;
          expect(sales[0]!.id.slice(-8).toUpperCase()).toBe(number);
          const sale = (await admin.get(`/api/sales/${sales[0]!.id}`).expect(200)).body as {
            lines: Array<{ productId: string; quantity: number; allocations: Array<{ batchId: string }> }>;
          };
          expect(sale.lines.map((l) => [l.productId, l.quantity])).toEqual([
            [scanned.productId, 1],
            [searched.productId, 3],
          ]);
          expect(sale.lines[0]!.allocations.map((a) => a.batchId)).toEqual([scanned.batchId]);
          expect(unexpectedErrors(errors)).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'adds the product the camera sees',
    async () => {
      const products = await stockedProducts();
      const seen = products[4]!;
      const video = writeBarcodeVideo(
        join(mkdtempSync(join(tmpdir(), 'pos-camera-')), 'pack.y4m'),
        'ean13',
        seen.barcode,
      );
      const cameraBrowser = await launchBrowser(chromiumFakeCameraArgs(video));
      const { context, page, errors } = await openSession(cameraBrowser);
      try {
        await context.grantPermissions(['camera'], { origin: app.baseUrl });
        await signIn(app, page, demoAccounts.layla);
        await nav(page).getByRole('link', { name: 'POS', exact: true }).click();
        await page.getByRole('button', { name: 'Camera' }).click();
        const cart = page.getByRole('region', { name: 'Cart' });
        await cart.getByText(seen.name).waitFor({ state: 'visible', timeout: 30_000 });
        // A screen reader finds the scanner by its name and was told, in its live region, that it reads.
        const scanner = page.getByRole('region', { name: 'Camera barcode scanner' });
        expect(await scanner.getByRole('status').textContent()).toBe('Camera on, reading barcodes.');
        await screenshot(page, 'pos-en-5-camera', { viewportOnly: true });
        // Held in front of the camera, the pack is added once.
        await page.waitForTimeout(2000);
        expect(await cart.getByRole('spinbutton').inputValue()).toBe('1');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
        await cameraBrowser.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
