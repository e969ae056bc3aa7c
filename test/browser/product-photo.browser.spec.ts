import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  gtinCheckDigit,
  packPhoto,
  startTestApp,
  type TestApp,
} from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { formatDay, gone, inSignedInSession, launchBrowser, OUTPUT_DIR, screenshot, toast, visible } from './support';

// Add Product by Photo in a real Chromium against the real server (issue 12): a pack photo drawn
// here (an EAN-13 the catalogue does not know, the name printed large, "EXP: 09/2029" in small
// print) is uploaded; the server reads the barcode and the print (OCR), and the form is filled:
// name, SKU and barcode from the pack, the expiry date normalised to the month's last day. The
// product is then created with its first batch. In English, then in Arabic.
// Needs `npm run build:web` first. Screenshots: test/browser/output/product-photo-*.png.

const TEST_TIMEOUT_MS = 180_000;

interface Texts {
  language: 'en' | 'ar';
  nav: string;
  add: string;
  byPhoto: string;
  recognised: string;
  name: RegExp;
  sku: RegExp;
  barcode: string;
  price: RegExp;
  quantity: RegExp;
  pharmacy: RegExp;
  downtown: string;
  batchNumber: RegExp;
  expiry: string;
  create: string;
  created: string;
}

const english: Texts = {
  language: 'en',
  nav: 'Products',
  add: 'Add Product',
  byPhoto: 'Add Product by Photo',
  recognised: 'Product Recognized',
  name: /^Name\s*\*?$/,
  sku: /^SKU\s*\*?$/,
  barcode: 'Barcode',
  price: /^Selling Price\s*\*?$/,
  quantity: /^Initial Quantity/,
  pharmacy: /^Pharmacy Location/,
  downtown: 'Al-Shifa Pharmacy — Downtown',
  batchNumber: /^Batch Number/,
  expiry: 'Expiry Date',
  create: 'Create Product',
  created: 'Product created successfully',
};

const arabic: Texts = {
  language: 'ar',
  nav: 'المنتجات',
  add: 'إضافة منتج',
  byPhoto: 'إضافة منتج بالصورة',
  recognised: 'تم التعرّف على المنتج',
  name: /^الاسم\s*\*?$/,
  sku: /^رمز المنتج \(SKU\)\s*\*?$/,
  barcode: 'الباركود',
  price: /^سعر البيع\s*\*?$/,
  quantity: /^الكمية الأولية/,
  pharmacy: /^موقع الصيدلية/,
  downtown: 'صيدلية الشفاء — وسط البلد',
  batchNumber: /^رقم الدفعة/,
  expiry: 'تاريخ الانتهاء',
  create: 'إنشاء المنتج',
  created: 'تم إنشاء المنتج بنجاح',
};

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function addFromPhoto(page: Page, t: Texts, pack: { name: string; serial: string }): Promise<void> {
  const body = `629${pack.serial}`;
  const gtin = `0${body}${gtinCheckDigit(body)}`;
  const picture = join(OUTPUT_DIR, `product-photo-${t.language}-pack.png`);
  writeFileSync(
    picture,
    await packPhoto({
      barcode: { text: `${body}${gtinCheckDigit(body)}`, format: 'EAN13' },
      name: pack.name,
      print: ['30 film-coated tablets', 'LOT: PH-2291', 'EXP: 09/2029'],
    }),
  );

  await page.getByRole('navigation').getByRole('link', { name: t.nav }).click();
  await page.getByRole('button', { name: t.add, exact: true }).click();
  const form = await visible(page.getByRole('dialog', { name: t.add }));
  await form.getByRole('button', { name: t.byPhoto }).click();
  await form.getByTestId('product-photo-file').setInputFiles(picture);
  await toast(page, t.recognised);

  // What the pack says is in the form; the month-year expiry is that month's last day (§5).
  expect(await form.getByRole('textbox', { name: t.name }).inputValue()).toBe(pack.name);
  expect(await form.getByRole('textbox', { name: t.sku }).inputValue()).toBe(gtin);
  expect(await form.getByRole('textbox', { name: t.barcode, exact: true }).inputValue()).toBe(gtin);
  await visible(form.getByRole('button', { name: `${t.expiry}: ${formatDay('2029-09-30', t.language)}` }));
  await screenshot(page, `product-photo-${t.language}-1-filled`, { viewportOnly: true });

  // The rest is the pharmacist's: price and the first batch.
  await form.getByRole('spinbutton', { name: t.price }).fill('6.50');
  await form.getByRole('spinbutton', { name: t.quantity }).fill('12');
  await form.getByRole('combobox', { name: t.pharmacy }).click();
  await page.getByRole('option', { name: t.downtown }).click();
  await form.getByRole('textbox', { name: t.batchNumber }).fill('PH-2291');
  await form.getByRole('button', { name: t.create }).click();
  await toast(page, t.created);
  await gone(page.getByRole('dialog'));
  await screenshot(page, `product-photo-${t.language}-2-created`, { viewportOnly: true });

  // The server has the product with the pack's barcode, and its batch with the photo's expiry.
  const admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const products = (await admin.get('/api/products').expect(200)).body as Array<{
    id: string;
    name: string;
    barcode: string | null;
  }>;
  const created = products.find((p) => p.barcode === gtin);
  expect(created).toMatchObject({ name: pack.name });
  const batches = (await admin.get('/api/inventory').query({ pharmacyId: demoPharmacyIds.downtown }).expect(200))
    .body as Array<{ productId: string; batchNumber: string; expiryDate: string; quantity: number }>;
  expect(batches.filter((b) => b.productId === created!.id)).toEqual([
    expect.objectContaining({ batchNumber: 'PH-2291', expiryDate: '2029-09-30', quantity: 12 }),
  ]);
}

describe('Add Product by Photo in the browser', () => {
  it(
    'fills the form from a pack photo with a barcode and creates the product, in English and in Arabic',
    async () => {
      await inSignedInSession(browser, app, demoAccounts.admin, 'en', (page) =>
        addFromPhoto(page, english, { name: 'Velorin 20 mg', serial: '000777001' }),
      );
      await inSignedInSession(browser, app, demoAccounts.admin, 'ar', (page) =>
        addFromPhoto(page, arabic, { name: 'Castivel 5 mg', serial: '000777002' }),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
