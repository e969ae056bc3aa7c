import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  documentDirection,
  gone,
  inSignedInSession,
  launchBrowser,
  openSession,
  screenshot,
  signInAndChoose,
  switchToArabic,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// Stock transfers and shortages in a real Chromium against the real server (demo locations, catalogue
// and stock): a transfer of two products from Downtown to Abdoun is created, approved (dispatched) and
// received with one product short, its discrepancy shown, and the stock of both pharmacies checked
// through the API and the Inventory page; in English, then in Arabic. Then /shortages in both languages,
// with a "Request transfer" that opens the create dialog filled in.
// Needs `npm run build:web` first. Screenshots: test/browser/output/transfers-*.png, shortages-*.png.

const TEST_TIMEOUT_MS = 180_000;
const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const ABDOUN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02';

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Stocked {
  productId: string;
  name: string;
  nameAr: string;
  sku: string;
}

interface Batch {
  id: string;
  productId: string;
  pharmacyId: string;
  quantity: number;
  reservedQuantity?: number;
  expiryDate: string;
  isActive: boolean;
}

async function batchesAt(pharmacyId: string): Promise<Batch[]> {
  return (await admin.get('/api/inventory').query({ pharmacyId }).expect(200)).body as Batch[];
}

/** Packs of a product at a pharmacy (unexpired, active batches), as the Inventory page adds them up. */
async function packs(pharmacyId: string, productId: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  return (await batchesAt(pharmacyId))
    .filter((b) => b.productId === productId && b.isActive && b.expiryDate >= today)
    .reduce((sum, b) => sum + b.quantity, 0);
}

/**
 * Products whose first-expiring unexpired batch at Downtown holds at least 5 packs (so FEFO takes
 * each line from one batch and the transfer has one item per product), with an Arabic name.
 */
async function transferable(): Promise<Stocked[]> {
  const products = (await admin.get('/api/products').query({ pharmacyId: DOWNTOWN }).expect(200)).body as Array<{
    id: string;
    name: string;
    nameAr: string | null;
    sku: string;
    isActive: boolean;
  }>;
  const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const batches = (await batchesAt(DOWNTOWN)).filter((b) => b.isActive && b.quantity > 0);
  return products.flatMap((product) => {
    const held = batches
      .filter((b) => b.productId === product.id && b.expiryDate > soon)
      .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
    const expiringFirst = batches.some((b) => b.productId === product.id && b.expiryDate <= soon);
    return product.isActive && product.nameAr && !expiringFirst && held[0] && held[0].quantity >= 5
      ? [{ productId: product.id, name: product.name, nameAr: product.nameAr, sku: product.sku }]
      : [];
  });
}

interface Texts {
  language: 'en' | 'ar';
  nav: string;
  title: string;
  newTransfer: string;
  dialog: string;
  from: RegExp;
  to: RegExp;
  downtown: string;
  abdoun: string;
  search: string;
  add: (name: string) => string;
  oneMore: (name: string) => string;
  notes: string;
  submit: (count: number) => string;
  created: string;
  approve: (number: string) => string;
  approved: string;
  view: (number: string) => string;
  detail: (number: string) => string;
  receive: string;
  receivedOf: (name: string) => RegExp;
  confirm: string;
  reasonRequired: string;
  reason: RegExp;
  received: string;
  missing: string;
  statuses: { pending: string; approved: string; completed: string };
  inventory: string;
  batchesTab: string;
  batchSearch: string;
  shortagesNav: string;
  shortagesTitle: string;
  close: string;
  cancel: string;
  shortageStatus: RegExp;
  awaiting: (pharmacy: string) => string;
}

const english: Texts = {
  language: 'en',
  nav: 'Transfers',
  title: 'Stock Transfers',
  newTransfer: 'New Transfer',
  dialog: 'Create Stock Transfer',
  from: /^From Pharmacy/,
  to: /^To Pharmacy/,
  downtown: 'Al-Shifa Pharmacy — Downtown',
  abdoun: 'Al-Shifa Pharmacy — Abdoun',
  search: 'Search products...',
  add: (name) => `Add ${name}`,
  oneMore: (name) => `One more ${name}`,
  notes: 'Notes',
  submit: (count) => `Transfer ${count} Product(s)`,
  created: 'Stock transfer completed successfully',
  approve: (number) => `Approve transfer ${number}`,
  approved: 'Transfer approved: the stock is on its way',
  view: (number) => `View transfer ${number}`,
  detail: (number) => `Transfer ${number}`,
  receive: 'Receive',
  receivedOf: (name) => new RegExp(`^Received quantity of ${escapeRegExp(name)}, batch `),
  confirm: 'Confirm Receipt',
  reasonRequired: 'Some packs did not arrive: say what happened to them (damaged, missing, ...) before receiving.',
  reason: /^Discrepancy reason/,
  received: 'Transfer received: the stock is at the destination',
  missing: '1 pack did not arrive.',
  statuses: { pending: 'Pending', approved: 'Approved', completed: 'Completed' },
  inventory: 'Inventory',
  batchesTab: 'Batch Management',
  batchSearch: 'Search products or batch numbers...',
  shortagesNav: 'Shortages',
  shortagesTitle: 'Stock Shortages',
  close: 'Close',
  cancel: 'Cancel',
  shortageStatus: /^(Can Fulfill|Partial|No Source)$/,
  awaiting: (pharmacy) => `Awaiting approval at ${pharmacy}`,
};

const arabic: Texts = {
  language: 'ar',
  nav: 'التحويلات',
  title: 'نقل المخزون',
  newTransfer: 'نقل جديد',
  dialog: 'إنشاء عملية نقل مخزون',
  from: /^من صيدلية/,
  to: /^إلى صيدلية/,
  downtown: 'صيدلية الشفاء — وسط البلد',
  abdoun: 'صيدلية الشفاء — عبدون',
  search: 'البحث عن المنتجات...',
  add: (name) => `أضف ${name}`,
  oneMore: (name) => `زِد ${name} واحدًا`,
  notes: 'ملاحظات',
  submit: (count) => (count === 2 ? 'نقل منتجين' : `نقل ${count} منتج`),
  created: 'تمت عملية نقل المخزون بنجاح',
  approve: (number) => `الموافقة على عملية النقل ${number}`,
  approved: 'تمت الموافقة على النقل: المخزون في الطريق',
  view: (number) => `عرض عملية النقل ${number}`,
  detail: (number) => `عملية النقل ${number}`,
  receive: 'استلام',
  receivedOf: (name) => new RegExp(`^الكمية المستلمة من ${escapeRegExp(name)}، الدفعة `),
  confirm: 'تأكيد الاستلام',
  reasonRequired: 'لم تصل بعض العبوات: اذكر ما حدث لها (تالفة، مفقودة، ...) قبل الاستلام.',
  reason: /^سبب الفرق/,
  received: 'تم استلام النقل: المخزون في صيدلية الوجهة',
  missing: 'لم تصل عبوة واحدة.',
  statuses: { pending: 'قيد الانتظار', approved: 'موافق عليه', completed: 'مكتمل' },
  inventory: 'المخزون',
  batchesTab: 'إدارة الدفعات',
  batchSearch: 'ابحث في المنتجات أو أرقام الدفعات...',
  shortagesNav: 'النواقص',
  shortagesTitle: 'نقص المخزون',
  close: 'إغلاق',
  cancel: 'إلغاء',
  shortageStatus: /^(يمكن التلبية|جزئي|لا مصدر)$/,
  awaiting: (pharmacy) => `بانتظار موافقة ${pharmacy}`,
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const nav = (page: Page): Locator => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });

async function choose(page: Page, scope: Locator, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The newest transfer the server knows (what the browser just created). */
async function newestTransfer(): Promise<{ id: string; status: string }> {
  const list = (await admin.get('/api/transfers').expect(200)).body as Array<{ id: string; status: string }>;
  return list[0]!;
}

/** Full-page screenshots from the top, so the sticky header and sidebar are drawn where they belong. */
async function shoot(page: Page, name: string, options: { viewportOnly?: boolean } = {}): Promise<void> {
  if (!options.viewportOnly) await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name, options);
}

async function transferRound(page: Page, t: Texts, short: Stocked, whole: Stocked): Promise<void> {
  const prefix = `transfers-${t.language}`;
  const shown = (p: Stocked) => (t.language === 'ar' ? p.nameAr : p.name);
  const before = {
    shortAtSource: await packs(DOWNTOWN, short.productId),
    shortAtDestination: await packs(ABDOUN, short.productId),
    wholeAtDestination: await packs(ABDOUN, whole.productId),
  };

  await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));

  // Create: Downtown → Abdoun, 3 of one product and 1 of another, with a note.
  await page.getByRole('button', { name: t.newTransfer }).click();
  const dialog = await visible(page.getByRole('dialog', { name: t.dialog }));
  await choose(page, dialog, t.from, t.downtown);
  await choose(page, dialog, t.to, t.abdoun);
  for (const product of [short, whole]) {
    await dialog.getByRole('searchbox', { name: t.search }).fill(product.sku);
    await dialog.getByRole('button', { name: t.add(shown(product)) }).click();
  }
  await dialog.getByRole('button', { name: t.oneMore(shown(short)) }).click();
  await dialog.getByRole('button', { name: t.oneMore(shown(short)) }).click();
  await dialog
    .getByRole('textbox', { name: t.notes })
    .fill(t.language === 'ar' ? 'لعطلة نهاية الأسبوع' : 'Weekend stock');
  await shoot(page, `${prefix}-1-create`, { viewportOnly: true });
  await dialog.getByRole('button', { name: t.submit(2) }).click();
  await toast(page, t.created);
  await gone(dialog);

  const transfer = await newestTransfer();
  expect(transfer.status).toBe('pending');
  const number = `#${transfer.id.slice(-8).toUpperCase()}`;
  const row = page.getByRole('row').filter({ hasText: number });
  await visible(row.getByText(t.statuses.pending));
  // The packs are reserved at the source: not sellable, not yet moved.
  expect(await packs(DOWNTOWN, short.productId)).toBe(before.shortAtSource);
  await shoot(page, `${prefix}-2-pending`);

  // Approve from the list: dispatched, in transit.
  await row.getByRole('button', { name: t.approve(number) }).click();
  await toast(page, t.approved);
  await visible(row.getByText(t.statuses.approved));
  expect((await newestTransfer()).status).toBe('approved');
  expect(await packs(DOWNTOWN, short.productId)).toBe(before.shortAtSource - 3);

  // Receive from the detail: one pack of the first product did not arrive.
  await row.getByRole('button', { name: t.view(number) }).click();
  const detail = await visible(page.getByRole('dialog', { name: t.detail(number) }));
  await detail.getByRole('button', { name: t.receive, exact: true }).click();
  await detail.getByRole('spinbutton', { name: t.receivedOf(shown(short)) }).fill('2');
  await detail.getByRole('button', { name: t.confirm }).click();
  await visible(detail.getByText(t.reasonRequired));
  await detail
    .getByRole('textbox', { name: t.reason })
    .fill(t.language === 'ar' ? 'عبوة تالفة أثناء النقل' : 'One pack crushed in transit');
  await shoot(page, `${prefix}-3-receive`, { viewportOnly: true });
  await detail.getByRole('button', { name: t.confirm }).click();
  await toast(page, t.received);
  await visible(detail.getByText(t.missing));
  await shoot(page, `${prefix}-4-received-detail`, { viewportOnly: true });
  // Escape would close the toast first: the dialog's own close button.
  await detail.getByRole('button', { name: t.close, exact: true }).click();
  await gone(detail);
  await visible(row.getByText(t.statuses.completed));

  // The stock: 3 left Downtown, 2 arrived at Abdoun (and all of the other product).
  const completed = (await admin.get(`/api/transfers/${transfer.id}`).expect(200)).body as {
    status: string;
    discrepancyReason: string | null;
    items: Array<{ productId: string; quantity: number; receivedQuantity: number }>;
  };
  expect(completed.status).toBe('completed');
  expect(completed.discrepancyReason).toBeTruthy();
  expect(completed.items.map((item) => [item.productId, item.quantity, item.receivedQuantity])).toEqual([
    [short.productId, 3, 2],
    [whole.productId, 1, 1],
  ]);
  expect(await packs(DOWNTOWN, short.productId)).toBe(before.shortAtSource - 3);
  expect(await packs(ABDOUN, short.productId)).toBe(before.shortAtDestination + 2);
  expect(await packs(ABDOUN, whole.productId)).toBe(before.wholeAtDestination + 1);
  await shoot(page, `${prefix}-5-list`);

  // The Inventory page shows the product's batches at both pharmacies.
  await nav(page).getByRole('link', { name: t.inventory, exact: true }).click();
  await page.getByRole('tab', { name: t.batchesTab }).click();
  await page.getByRole('searchbox', { name: t.batchSearch }).fill(shown(short));
  const batches = page.getByRole('table').locator('tbody tr');
  await visible(batches.filter({ hasText: t.abdoun }).first());
  await visible(batches.filter({ hasText: t.downtown }).first());
  await shoot(page, `${prefix}-6-inventory`);
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

describe('Stock transfers in the browser', () => {
  it(
    'creates, approves and receives a transfer with a shortfall, in English and in Arabic',
    async () => {
      const products = await transferable();
      expect(products.length).toBeGreaterThanOrEqual(4);
      for (const [t, short, whole] of [
        [english, products[0]!, products[1]!],
        [arabic, products[2]!, products[3]!],
      ] as const) {
        await inSignedInSession(browser, app, demoAccounts.admin, t.language, (page) =>
          transferRound(page, t, short, whole),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "shows a pharmacist's request from another pharmacy as awaiting that pharmacy's approval, which is not theirs to give",
    async () => {
      // Layla works at Downtown only: her request from Abdoun holds nothing until Abdoun approves it.
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const [product] = await transferable();
      await admin
        .post('/api/inventory')
        .send({
          productId: product!.productId,
          pharmacyId: ABDOUN,
          batchNumber: `REQ-${Date.now()}`,
          quantity: 5,
          purchasePrice: '1.00',
          expiryDate: new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10),
        })
        .expect(201);
      for (const t of [english, arabic]) {
        const request = (
          await layla
            .post('/api/transfers')
            .send({
              fromPharmacyId: ABDOUN,
              toPharmacyId: DOWNTOWN,
              items: [{ productId: product!.productId, quantity: 2 }],
            })
            .expect(201)
        ).body as { id: string; awaitingSourceApproval: boolean };
        expect(request.awaitingSourceApproval).toBe(true);
        const number = `#${request.id.slice(-8).toUpperCase()}`;
        await inSignedInSession(browser, app, demoAccounts.layla, t.language, async (page) => {
          await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
          await visible(page.getByRole('heading', { level: 1, name: t.title }));
          const row = page.getByRole('row').filter({ hasText: number });
          await visible(row.getByText(t.awaiting(t.abdoun)));
          await visible(row.getByText(t.statuses.pending));
          expect(await row.getByRole('button', { name: t.approve(number) }).count()).toBe(0);
          await row.getByRole('button', { name: t.view(number) }).click();
          const detail = await visible(page.getByRole('dialog', { name: t.detail(number) }));
          await visible(detail.getByText(t.awaiting(t.abdoun)));
          expect(await detail.getByRole('button', { name: t.language === 'ar' ? 'موافقة' : 'Approve' }).count()).toBe(
            0,
          );
          await shoot(page, `transfers-${t.language}-7-awaiting-approval`, { viewportOnly: true });
        });
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows the shortages with their suggested sources, and requests a transfer from one, in English and in Arabic',
    async () => {
      for (const t of [english, arabic]) {
        const { context, page, errors } = await openSession(browser);
        try {
          await signInAndChoose(app, page, demoAccounts.admin);
          if (t.language === 'ar') {
            await switchToArabic(page);
            expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          }
          await nav(page).getByRole('link', { name: t.shortagesNav, exact: true }).click();
          await visible(page.getByRole('heading', { level: 1, name: t.shortagesTitle }));
          // Rows with a status badge: the data, not the loading placeholders.
          await visible(page.getByRole('table').locator('tbody tr').first().getByText(t.shortageStatus));
          await shoot(page, `shortages-${t.language}-1-list`, { viewportOnly: true });

          const request = page.getByRole('button', {
            name: t.language === 'ar' ? /^طلب نقل/ : /^Request a transfer of /,
          });
          if ((await request.count()) > 0) {
            await request.first().click();
            const dialog = await visible(page.getByRole('dialog', { name: t.dialog }));
            await page.waitForURL((url) => url.pathname === '/transfers' && url.searchParams.has('quantity'));
            await visible(dialog.getByRole('spinbutton').first());
            await shoot(page, `shortages-${t.language}-2-request`, { viewportOnly: true });
            await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
            await gone(dialog);
            await page.waitForURL((url) => !url.searchParams.has('quantity'));
          }
          expect(unexpectedErrors(errors)).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    TEST_TIMEOUT_MS,
  );
});
