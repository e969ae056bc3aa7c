import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession as openBrowserSession,
  OUTPUT_DIR,
  screenshot,
  type Session,
  signInAndChoose,
  switchToArabic,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// Walks the Locations page in a real Chromium against the real server (fresh
// database with the demo accounts and locations, built web app), signed in as
// the demo administrator. Needs `npm run build:web` first: the server serves
// apps/web/dist. Screenshots land in test/browser/output (git-ignored).

const TEST_TIMEOUT_MS = 60_000;

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A fresh browser session, signed in as the administrator and on the locations list. */
async function openSession(): Promise<Session> {
  const session = await openBrowserSession(browser);
  await signInAndChoose(app, session.page, demoAccounts.admin);
  await session.page.goto(`${app.baseUrl}/locations`);
  await visible(session.page.getByRole('heading', { level: 1, name: 'Pharmacy Locations' }));
  return session;
}

/** The card (an <article>) whose heading is exactly `name`. */
function card(page: Page, name: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

interface Texts {
  title: string;
  add: string;
  create: string;
  update: string;
  nameRequired: string;
  addressRequired: string;
  name: string;
  nameAr: string;
  address: string;
  addressAr: string;
  phone: string;
  email: string;
  created: string;
  updated: string;
  deleted: string;
  confirmDelete: string;
  deleteButton: string;
  editLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
  inactive: string;
  search: string;
  noMatch: string;
}

const english: Texts = {
  title: 'Pharmacy Locations',
  add: 'Add Location',
  create: 'Create Location',
  update: 'Update Location',
  nameRequired: 'Name is required',
  addressRequired: 'Address is required',
  name: 'Name',
  nameAr: 'Name (Arabic)',
  address: 'Address',
  addressAr: 'Address (Arabic)',
  phone: 'Phone',
  email: 'Email',
  created: 'Pharmacy location created successfully.',
  updated: 'Pharmacy location updated successfully.',
  deleted: 'Pharmacy location deleted successfully.',
  confirmDelete: 'Are you sure you want to delete this pharmacy location?',
  deleteButton: 'Delete',
  editLabel: (name) => `Edit ${name}`,
  deleteLabel: (name) => `Delete ${name}`,
  inactive: 'Inactive',
  search: 'Search locations...',
  noMatch: 'No locations match your search criteria',
};

const arabic: Texts = {
  title: 'مواقع الصيدليات',
  add: 'إضافة موقع',
  create: 'إنشاء الموقع',
  update: 'تحديث الموقع',
  nameRequired: 'الاسم مطلوب',
  addressRequired: 'العنوان مطلوب',
  name: 'الاسم',
  nameAr: 'الاسم (بالعربية)',
  address: 'العنوان',
  addressAr: 'العنوان (بالعربية)',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  created: 'تم إنشاء موقع الصيدلية بنجاح.',
  updated: 'تم تحديث موقع الصيدلية بنجاح.',
  deleted: 'تم حذف موقع الصيدلية بنجاح.',
  confirmDelete: 'هل أنت متأكد من أنك تريد حذف موقع الصيدلية هذا؟',
  deleteButton: 'حذف',
  editLabel: (name) => `تعديل ${name}`,
  deleteLabel: (name) => `حذف ${name}`,
  inactive: 'غير نشط',
  search: 'ابحث في المواقع...',
  noMatch: 'لا توجد مواقع تطابق معايير البحث',
};

interface LocationData {
  name: string;
  nameAr: string;
  address: string;
  addressAr: string;
  phone: string;
  email: string;
}

async function fillForm(dialog: Locator, t: Texts, data: LocationData): Promise<void> {
  const field = (label: string) => dialog.getByRole('textbox', { name: label, exact: true });
  await field(t.name).fill(data.name);
  await field(t.nameAr).fill(data.nameAr);
  await field(t.address).fill(data.address);
  await field(t.addressAr).fill(data.addressAr);
  await field(t.phone).fill(data.phone);
  await field(t.email).fill(data.email);
}

/** Create (after an empty submit shows the required messages), edit, search and delete, in one language. */
async function walkLocations(page: Page, t: Texts, data: LocationData, shownName: string, prefix: string) {
  await visible(page.getByRole('heading', { level: 1, name: t.title }));

  // Create: an empty submit shows both required-field messages and sends nothing.
  await page.getByRole('button', { name: t.add, exact: true }).first().click();
  const dialog = await visible(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: t.create }).click();
  await visible(dialog.getByText(t.nameRequired, { exact: true }));
  await visible(dialog.getByText(t.addressRequired, { exact: true }));
  await screenshot(page, `${prefix}-1-validation`);

  await fillForm(dialog, t, data);
  await dialog.getByRole('button', { name: t.create }).click();
  await toast(page, t.created);
  await gone(page.getByRole('dialog'));
  const created = await visible(card(page, shownName));
  await visible(created.getByText(data.phone));
  await visible(created.getByText(data.email));
  await screenshot(page, `${prefix}-2-created`);

  // Edit: rename and deactivate.
  const renamed = `${shownName} 2`;
  await created.getByRole('button', { name: t.editLabel(shownName) }).click();
  const editDialog = await visible(page.getByRole('dialog'));
  const nameField = editDialog.getByRole('textbox', {
    name: shownName === data.nameAr ? t.nameAr : t.name,
    exact: true,
  });
  expect(await nameField.inputValue()).toBe(shownName);
  await nameField.fill(renamed);
  const activeSwitch = editDialog.getByRole('switch');
  expect(await activeSwitch.getAttribute('aria-checked')).toBe('true');
  await screenshot(page, `${prefix}-3-edit`);
  await activeSwitch.click();
  expect(await activeSwitch.getAttribute('aria-checked')).toBe('false');
  await editDialog.getByRole('button', { name: t.update }).click();
  await toast(page, t.updated);
  await gone(page.getByRole('dialog'));
  const edited = await visible(card(page, renamed));
  await visible(edited.getByText(t.inactive, { exact: true }));
  await edited.screenshot({ path: join(OUTPUT_DIR, `${prefix}-card.png`) });

  // Search: by phone, then by something no location has.
  const search = page.getByPlaceholder(t.search);
  await search.fill(data.phone.slice(-4));
  await visible(card(page, renamed));
  await search.fill('zzz-no-such-location');
  await visible(page.getByText(t.noMatch));
  await gone(card(page, renamed));
  await search.fill('');
  await visible(card(page, renamed));
  await screenshot(page, `${prefix}-4-list`);

  // Delete: asks first.
  await card(page, renamed)
    .getByRole('button', { name: t.deleteLabel(renamed) })
    .click();
  const confirm = await visible(page.getByRole('alertdialog'));
  await visible(confirm.getByText(t.confirmDelete, { exact: false }));
  await screenshot(page, `${prefix}-5-delete`);
  await confirm.getByRole('button', { name: t.deleteButton, exact: true }).click();
  await toast(page, t.deleted);
  await gone(card(page, renamed));
}

describe('Locations page in the browser', () => {
  it(
    'creates, edits, searches, exports and deletes a location in English',
    async () => {
      const { context, page, errors } = await openSession();
      try {
        expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
        // The demo locations are there.
        await visible(card(page, 'Al-Shifa Pharmacy — Downtown'));

        const data: LocationData = {
          name: 'Downtown Pharmacy',
          nameAr: 'صيدلية وسط البلد',
          address: 'King Hussein St, Amman',
          addressAr: 'شارع الملك حسين، عمّان',
          phone: '+962 6 555 0100',
          email: 'downtown@example.com',
        };

        // A second location that stays, for the export and the reload check.
        await page.getByRole('button', { name: 'Add Location', exact: true }).first().click();
        const dialog = await visible(page.getByRole('dialog'));
        await fillForm(dialog, english, {
          name: 'Airport Branch, "Terminal 1"',
          nameAr: 'فرع المطار',
          address: 'Queen Alia Airport',
          addressAr: 'مطار الملكة علياء',
          phone: '+962 6 555 0200',
          email: 'airport@example.com',
        });
        await dialog.getByRole('button', { name: 'Create Location' }).click();
        await visible(card(page, 'Airport Branch, "Terminal 1"'));

        await walkLocations(page, english, data, data.name, 'en');

        // Export: the filtered list as UTF-8 CSV with a byte order mark, Arabic intact.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^pharmacy-locations-\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = readFileSync(await download.path(), 'utf8');
        expect(csv.charCodeAt(0)).toBe(0xfeff);
        expect(csv).toContain('ID,Name,Name (Arabic),Address,Address (Arabic),Phone,Email,Status');
        expect(csv).toContain('"Airport Branch, ""Terminal 1""",فرع المطار,Queen Alia Airport,مطار الملكة علياء');

        // What the server stored survives a reload.
        await page.reload();
        await visible(card(page, 'Airport Branch, "Terminal 1"'));
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'works in Arabic, right to left, after switching language',
    async () => {
      const { context, page, errors } = await openSession();
      try {
        await switchToArabic(page);
        await visible(page.getByRole('heading', { level: 1, name: arabic.title }));
        expect(await page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(page.getByRole('link', { name: 'المواقع' }));
        await visible(page.getByRole('button', { name: /English/ }));

        // Mirrored: the title sits to the right of the header's buttons.
        const title = await page.getByRole('heading', { level: 1 }).boundingBox();
        const addButton = await page.getByRole('button', { name: arabic.add, exact: true }).first().boundingBox();
        expect(title && addButton && title.x > addButton.x).toBe(true);

        // The Arabic font is the one drawing the Arabic text.
        expect(await page.evaluate<boolean>(`document.fonts.check('16px "Noto Sans Arabic"', 'صيدلية')`)).toBe(true);

        const data: LocationData = {
          name: 'Jabal Amman Pharmacy',
          nameAr: 'صيدلية جبل عمّان',
          address: 'Rainbow St, Amman',
          addressAr: 'شارع الرينبو، جبل عمّان',
          phone: '+962 6 555 0300',
          email: 'jabal@example.com',
        };
        // In Arabic the Arabic name leads on the card.
        await walkLocations(page, arabic, data, data.nameAr, 'ar');

        // The Switch is mirrored (Radix leaves it left-to-right): "on" puts the thumb on the left.
        await page.getByRole('button', { name: arabic.add, exact: true }).first().click();
        const dialog = await visible(page.getByRole('dialog'));
        await fillForm(dialog, arabic, { ...data, name: 'Switch check', nameAr: 'فحص المفتاح' });
        await dialog.getByRole('button', { name: arabic.create }).click();
        await visible(card(page, 'فحص المفتاح'));
        await gone(page.getByRole('dialog'));
        await card(page, 'فحص المفتاح')
          .getByRole('button', { name: arabic.editLabel('فحص المفتاح') })
          .click();
        const toggle = await visible(page.getByRole('dialog').getByRole('switch'));
        // Let the thumb's transition finish before measuring.
        await page.waitForTimeout(300);
        const track = await toggle.boundingBox();
        const thumb = await toggle.locator('.rt-SwitchThumb').boundingBox();
        expect(track && thumb && thumb.x + thumb.width / 2 < track.x + track.width / 2).toBe(true);
        await page.keyboard.press('Escape');
        await gone(page.getByRole('dialog'));

        // The choice survives a reload, applied before the app starts.
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: arabic.title }));
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });

        // On a phone the grid has one column: every card spans the content width.
        await page.setViewportSize({ width: 390, height: 844 });
        const switchCard = await visible(card(page, 'فحص المفتاح'));
        const box = await switchCard.boundingBox();
        expect(box && box.width > 300).toBe(true);
        await screenshot(page, 'ar-6-phone');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows skeletons while loading and a retry when loading fails',
    async () => {
      const { context, page, errors } = await openSession();
      try {
        // Hold the list request until the skeletons have been seen.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/pharmacies', async (route) => {
          await held;
          await route.continue();
        });
        await page.reload();
        const skeleton = await visible(page.getByRole('status', { name: 'Loading pharmacy locations' }));
        expect(await skeleton.locator(':scope > *').count()).toBe(6);
        await screenshot(page, 'en-loading');
        release();
        await gone(skeleton);
        await page.unroute('**/api/pharmacies');

        await page.route('**/api/pharmacies', (route) => route.fulfill({ status: 500, body: '' }));
        await page.reload();
        await visible(page.getByText('Failed to fetch pharmacies'));
        await screenshot(page, 'en-load-error');
        await page.unroute('**/api/pharmacies');
        await page.getByRole('button', { name: 'Try again' }).click();
        await gone(page.getByText('Failed to fetch pharmacies'));
        // The browser reports the deliberate 500 on the console; that one is expected.
        expect(unexpectedErrors(errors).filter((error) => !error.includes('status of 500'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'matches paths case-insensitively and shows a 404 page for unknown ones',
    async () => {
      const { context, page, errors } = await openSession();
      try {
        await page.goto(`${app.baseUrl}/LOCATIONS`);
        await visible(page.getByRole('heading', { level: 1, name: 'Pharmacy Locations' }));

        await page.goto(`${app.baseUrl}/no-such-page`);
        await visible(page.getByRole('heading', { level: 1, name: 'Page Not Found' }));
        await screenshot(page, 'not-found');
        await page.getByRole('link', { name: 'Go to home page' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
