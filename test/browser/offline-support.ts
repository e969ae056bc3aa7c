import { demoPharmacyIds, isoDaysFromNow, unique, type TestApp } from '@pharmacy/test-harness';
import type { Page } from 'playwright-core';
import { gone, screenshot, visible } from './support';

/** What the offline-till specs sell: a product with an EAN-13 barcode and one batch at Downtown. */
export interface TillProduct {
  id: string;
  name: string;
  nameAr: string;
  barcode: string;
  batchId: string;
}

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

/** A new product (`name` and its Arabic name with a unique SKU) with `packs` packs in one batch at Downtown. */
export async function stockedForTill(
  admin: Agent,
  {
    name,
    nameAr,
    price,
    packs,
    barcodePrefix,
  }: { name: string; nameAr: string; price: string; packs: number; barcodePrefix: string },
): Promise<TillProduct> {
  const sku = unique('TILL');
  const barcode = `${barcodePrefix}${String(Date.now()).slice(-9)}`.padEnd(13, '0');
  const product = { name: `${name} ${sku}`, nameAr: `${nameAr} ${sku}` };
  const { id } = (
    await admin
      .post('/api/products')
      .send({ sku, barcode, ...product, price })
      .expect(201)
  ).body as { id: string };
  const batch = (
    await admin
      .post('/api/inventory')
      .send({
        productId: id,
        pharmacyId: demoPharmacyIds.downtown,
        batchNumber: unique('TILL-LOT'),
        quantity: packs,
        expiryDate: isoDaysFromNow(300),
      })
      .expect(201)
  ).body as { id: string };
  return { id, ...product, barcode, batchId: batch.id };
}

const texts = {
  en: {
    scan: 'Barcode or SKU',
    cart: 'Cart',
    checkout: 'Checkout',
    cash: /^Cash received/,
    complete: 'Complete Sale',
    newSale: 'New sale',
  },
  ar: {
    scan: 'الباركود أو رمز المنتج',
    cart: 'السلة',
    checkout: 'الدفع',
    cash: /^المبلغ النقدي المستلم/,
    complete: 'إتمام البيع',
    newSale: 'عملية بيع جديدة',
  },
};

/** The number an offline till gives a sale: its code and a running number. */
export const OFFLINE_NUMBER = /[A-Z2-9]{4}-\d{4}/;

/**
 * At the point of sale: scans the product `packs` times (a scanner types the barcode and Enter), pays
 * cash, and closes the offline receipt (pictured as `shot` when given). The sale's offline number.
 */
export async function sellOffline(
  page: Page,
  product: TillProduct,
  { language = 'en', packs = 1, shot }: { language?: 'en' | 'ar'; packs?: number; shot?: string } = {},
): Promise<string> {
  const t = texts[language];
  const scanBox = page.getByRole('textbox', { name: t.scan });
  for (let n = 0; n < packs; n += 1) {
    await scanBox.fill(product.barcode);
    await scanBox.press('Enter');
  }
  await visible(
    page.getByRole('region', { name: t.cart }).getByText(language === 'en' ? product.name : product.nameAr),
  );
  await page.keyboard.press('F9');
  const dialog = await visible(page.getByRole('dialog', { name: t.checkout }));
  await dialog.getByRole('spinbutton', { name: t.cash }).fill('50');
  await dialog.getByRole('button', { name: t.complete }).click();
  // Seen once in a clean-clone CI run, not since: no receipt within the step. What the page showed instead is kept.
  const receipt = await visible(page.getByRole('dialog', { name: OFFLINE_NUMBER })).catch(async (error: unknown) => {
    await screenshot(page, `offline-sale-no-receipt-${Date.now()}`, { viewportOnly: true });
    throw error;
  });
  const line = await visible(receipt.getByTestId('receipt-offline'));
  const number = OFFLINE_NUMBER.exec((await line.textContent()) ?? '')![0];
  if (shot) await screenshot(page, shot);
  await receipt.getByRole('button', { name: t.newSale }).click();
  await gone(page.getByRole('dialog'));
  return number;
}

/** Until the page is controlled by the worker, which has cached the app by then (it takes over once installed). */
export async function serviceWorkerInCharge(page: Page): Promise<void> {
  // A function, not a string: a string predicate is eval'd in the page while it polls, which the app's CSP refuses.
  await page.waitForFunction(
    // Runs in the page (the tests' own TypeScript has no DOM types).
    () =>
      (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker
        .controller !== null,
    undefined,
    { timeout: 30_000 },
  );
}

/** Until the service worker controls the page and the till holds its copy of the catalogue. */
export async function tillReady(page: Page): Promise<void> {
  await serviceWorkerInCharge(page);
  await visible(page.getByTestId('offline-catalogue-age').getByText(/Catalogue updated/));
}
