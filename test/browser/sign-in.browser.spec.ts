import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import {
  documentDirection,
  gone,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  signInAndChoose,
  switchToArabic,
  textWillAppear,
  toast,
  unexpectedErrors,
  visible,
} from './support';

// Sign-in, pharmacy selection, the shell, sign-out, user management and the
// authenticator app, in a real Chromium against the real server (seeded demo
// accounts and locations). Needs `npm run build:web` first.

const TEST_TIMEOUT_MS = 90_000;

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shell = (page: Page) => page.locator('.shell');
const sidebar = (page: Page) => page.locator('.shell-sidebar');

async function sidebarCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'sidebar_state')?.value;
}

/** RFC 6238 (SHA-1, 30 s, 6 digits), what an authenticator app shows for this base32 secret. */
function totpCode(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

describe('Sign-in and the shell in the browser', () => {
  it(
    'signs a pharmacist with two pharmacies in, through the selection screen, and out again, in both languages',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        // Welcome page, signed out.
        await page.goto(`${app.baseUrl}/`);
        await visible(page.getByRole('heading', { level: 1, name: 'Pharmacy Management System' }));
        await visible(page.getByText('Multi-Location Inventory'));
        await screenshot(page, 'signin-en-1-welcome');
        await page.getByRole('link', { name: 'Login to System' }).click();
        await page.waitForURL(/\/login$/);
        await screenshot(page, 'signin-en-2-login');

        await signIn(app, page, demoAccounts.omar, { screenshotPrefix: 'signin-en-3' });

        // Two pharmacies: the selection screen replaces every route.
        await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Pharmacy Management' }));
        const continueButton = page.getByRole('button', { name: 'Continue' });
        expect(await continueButton.isDisabled()).toBe(true);
        await visible(page.getByText('45 Cairo Street, Abdoun, Amman'));
        await screenshot(page, 'signin-en-4-select-pharmacy');
        await page.getByRole('radio', { name: /Abdoun/ }).click();
        await continueButton.click();
        await toast(page, 'Pharmacy selected successfully!');

        // The shell, on the dashboard.
        await page.waitForURL((url) => url.pathname === '/');
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        await visible(nav.getByRole('link', { name: 'Locations' }));
        expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
        await visible(page.getByTestId('sidebar-user-name').getByText('Omar Khalil'));
        expect(await page.getByTestId('sidebar-user-role').textContent()).toBe('Pharmacist');
        await visible(page.locator('.shell-header').getByText('Al-Shifa Pharmacy — Abdoun'));
        await screenshot(page, 'signin-en-5-shell');

        // Ctrl+B collapses the sidebar to icons (3rem) and remembers it in a cookie.
        await page.keyboard.press('Control+b');
        await expect(shell(page).getAttribute('data-sidebar')).resolves.toBe('collapsed');
        await page.waitForTimeout(300);
        const collapsed = await sidebar(page).boundingBox();
        expect(collapsed && Math.round(collapsed.width)).toBe(48);
        expect(await sidebarCookie(page)).toBe('false');
        await visible(nav.getByRole('link', { name: 'Locations' }));
        await screenshot(page, 'signin-en-6-collapsed');
        // It stays collapsed after a reload.
        await page.reload();
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        await expect(shell(page).getAttribute('data-sidebar')).resolves.toBe('collapsed');
        await page.keyboard.press('Control+b');
        await expect(shell(page).getAttribute('data-sidebar')).resolves.toBe('expanded');
        expect(await sidebarCookie(page)).toBe('true');
        await page.waitForTimeout(300);
        const expanded = await sidebar(page).boundingBox();
        expect(expanded && Math.round(expanded.width)).toBe(256);

        // Switch pharmacy from the sidebar.
        await page.getByRole('combobox', { name: 'Current pharmacy' }).click();
        await page.getByRole('option', { name: 'Al-Shifa Pharmacy — Downtown' }).click();
        await toast(page, 'Pharmacy selected successfully!');
        await visible(page.locator('.shell-header').getByText('Al-Shifa Pharmacy — Downtown'));

        // Arabic: right to left, the sidebar on the right, Arabic labels.
        await switchToArabic(page);
        await visible(page.getByRole('heading', { level: 1, name: 'لوحة التحكم' }));
        expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
        await visible(page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'المواقع' }));
        expect(await page.getByTestId('sidebar-user-role').textContent()).toBe('صيدلي');
        await visible(page.locator('.shell-header').getByText('صيدلية الشفاء — وسط البلد'));
        const side = await sidebar(page).boundingBox();
        const main = await page.locator('.shell-main').boundingBox();
        expect(side && main && side.x > main.x).toBe(true);
        await screenshot(page, 'signin-ar-1-shell');
        await page.keyboard.press('Control+b');
        await expect(shell(page).getAttribute('data-sidebar')).resolves.toBe('collapsed');
        await page.waitForTimeout(300);
        await screenshot(page, 'signin-ar-2-collapsed');
        await page.keyboard.press('Control+b');

        // A phone: the sidebar becomes a sheet over an overlay, opened by the toggle.
        await page.setViewportSize({ width: 390, height: 844 });
        await gone(sidebar(page));
        await page.getByRole('button', { name: 'إظهار الشريط الجانبي أو إخفاؤه' }).click();
        const sheet = await visible(page.getByRole('dialog', { name: 'الشريط الجانبي' }));
        await visible(page.locator('.shell-sheet-overlay'));
        // Let the slide-in finish before measuring.
        await page.waitForTimeout(300);
        const sheetBox = await sheet.boundingBox();
        // 18rem, on the right in Arabic.
        expect(sheetBox && Math.round(sheetBox.width)).toBe(288);
        expect(sheetBox && Math.round(sheetBox.x + sheetBox.width)).toBe(390);
        await screenshot(page, 'signin-ar-3-phone-sheet', { viewportOnly: true });
        // Following a link closes the sheet.
        await sheet.getByRole('link', { name: 'المواقع' }).click();
        await gone(page.getByRole('dialog', { name: 'الشريط الجانبي' }));
        await page.setViewportSize({ width: 1280, height: 900 });

        // Logout: back to the welcome page, in Arabic.
        await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
        await toast(page, 'تم تسجيل خروجك بنجاح.');
        await page.waitForURL((url) => url.pathname === '/');
        await visible(page.getByRole('heading', { level: 1, name: 'نظام إدارة الصيدليات' }));
        await screenshot(page, 'signin-ar-4-welcome');
        // Signed out for real: a protected page now sends the visitor to sign in.
        const unauthorized = await textWillAppear(page, 'غير مصرّح');
        await page.goto(`${app.baseUrl}/settings`);
        await unauthorized();
        await page.waitForURL(/\/login$/);
        await visible(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }));
        await screenshot(page, 'signin-ar-5-login');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'sends a signed-out visitor of a protected page to sign in, and shows 404 for unknown paths',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        // Shown for half a second before the browser goes to sign in: watched from before the visit.
        const loggedOut = await textWillAppear(page, 'You are logged out. Logging in again...');
        await page.goto(`${app.baseUrl}/locations`);
        await loggedOut();
        await screenshot(page, 'signin-en-unauthorized');
        // /api/login answers with a redirect to /login.
        await page.waitForURL(/\/login$/);
        await visible(page.getByRole('heading', { level: 1, name: 'Sign In' }));

        await page.goto(`${app.baseUrl}/no-such-page`);
        await visible(page.getByRole('heading', { level: 1, name: 'Page Not Found' }));
        await page.goto(`${app.baseUrl}/LOGIN`);
        await visible(page.getByRole('heading', { level: 1, name: 'Sign In' }));
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'lets an administrator create, promote, assign, reset and delete a user',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signInAndChoose(app, page, demoAccounts.admin);
        expect(await page.getByTestId('sidebar-user-role').textContent()).toBe('Administrator');
        await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'User Management' }));
        const card = (name: string) =>
          page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
        await visible(card('Layla Nasser'));
        await visible(card('Omar Khalil').getByText('Al-Shifa Pharmacy — Abdoun'));
        // One's own account cannot be deleted.
        expect(await card('Sara Haddad').getByRole('button', { name: 'Delete Sara Haddad' }).isDisabled()).toBe(true);
        await screenshot(page, 'users-en-1-list');

        // Own role: refused by the server, explained.
        await card('Sara Haddad').getByRole('switch').click();
        await toast(page, 'Action Blocked');
        await toast(page, 'You cannot change your own role. Have another admin change it for you.');

        // Create: the form's rules first, then the server.
        await page.getByRole('button', { name: 'Add User' }).click();
        const dialog = await visible(page.getByRole('dialog', { name: 'Create New User' }));
        await dialog.getByRole('button', { name: 'Create User' }).click();
        await toast(page, 'All fields are required.');
        await dialog.getByRole('textbox', { name: 'First Name' }).fill('Nadia');
        await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Saleh');
        await dialog.getByRole('textbox', { name: 'Email Address' }).fill('nadia@pharmacy.example');
        await dialog.getByLabel(/^Password/).fill('Nadia#2026');
        await dialog.getByLabel('Confirm Password').fill('Nadia#2027');
        await dialog.getByRole('button', { name: 'Create User' }).click();
        await toast(page, 'Passwords do not match.');
        await dialog.getByLabel('Confirm Password').fill('Nadia#2026');
        await screenshot(page, 'users-en-2-create');
        await dialog.getByRole('button', { name: 'Create User' }).click();
        await toast(page, 'User created successfully!');
        await gone(page.getByRole('dialog'));
        const nadia = await visible(card('Nadia Saleh'));
        await visible(nadia.getByText('No pharmacy access assigned'));
        const roleBadge = nadia.locator('.rt-Badge').first();
        expect(await roleBadge.textContent()).toBe('Pharmacist');

        // Promote, then back.
        await nadia.getByRole('switch', { name: 'Administrator role for Nadia Saleh' }).click();
        await toast(page, 'User role updated successfully!');
        await visible(nadia.locator('.rt-Badge', { hasText: /^Admin$/ }));
        await nadia.getByRole('switch', { name: 'Administrator role for Nadia Saleh' }).click();
        await visible(nadia.locator('.rt-Badge', { hasText: /^Pharmacist$/ }));

        // Pharmacy access: only unassigned pharmacies are offered.
        await nadia.getByRole('button', { name: 'Add Pharmacy Access' }).click();
        await nadia.getByRole('combobox', { name: 'Pharmacy to assign to Nadia Saleh' }).click();
        await page.getByRole('option', { name: 'Al-Shifa Pharmacy — Downtown' }).click();
        await nadia.getByRole('button', { name: 'Assign' }).click();
        await toast(page, 'Pharmacy assigned successfully!');
        await visible(nadia.getByText('Al-Shifa Pharmacy — Downtown'));
        await nadia.getByRole('button', { name: 'Add Pharmacy Access' }).click();
        await nadia.getByRole('combobox', { name: 'Pharmacy to assign to Nadia Saleh' }).click();
        expect(await page.getByRole('option', { name: 'Al-Shifa Pharmacy — Downtown' }).count()).toBe(0);
        await page.getByRole('option', { name: 'Al-Shifa Pharmacy — Abdoun' }).click();
        await nadia.getByRole('button', { name: 'Assign' }).click();
        await visible(nadia.getByText('Al-Shifa Pharmacy — Abdoun'));
        await nadia
          .getByRole('button', { name: 'Remove access to Al-Shifa Pharmacy — Abdoun for Nadia Saleh' })
          .click();
        await toast(page, 'Pharmacy assignment removed successfully!');
        await gone(nadia.getByText('Al-Shifa Pharmacy — Abdoun'));
        await screenshot(page, 'users-en-3-card');

        // Reset the password; the new one signs her in.
        await nadia.getByRole('button', { name: 'Reset password for Nadia Saleh' }).click();
        const reset = await visible(page.getByRole('dialog', { name: 'Reset User Password' }));
        await reset.getByLabel('New Password').fill('short');
        await reset.getByLabel('Confirm Password').fill('short');
        await reset.getByRole('button', { name: 'Reset Password' }).click();
        await toast(page, 'Password must be at least 8 characters long.');
        await reset.getByLabel('New Password').fill('Renewed#2026');
        await reset.getByLabel('Confirm Password').fill('Renewed#2026');
        await reset.getByRole('button', { name: 'Reset Password' }).click();
        await toast(page, 'Password reset successfully!');
        await gone(page.getByRole('dialog'));

        const other = await openSession(browser);
        try {
          await signIn(app, other.page, { email: 'nadia@pharmacy.example', password: 'Renewed#2026' });
          // One pharmacy: straight in, no selection screen.
          await visible(other.page.getByRole('heading', { level: 1, name: 'Dashboard' }));
          expect(await other.page.getByTestId('sidebar-user-name').textContent()).toBe('Nadia Saleh');
        } finally {
          await other.context.close();
        }

        // Arabic.
        await switchToArabic(page);
        await visible(page.getByRole('heading', { level: 1, name: 'إدارة المستخدمين' }));
        await visible(card('Nadia Saleh').getByText('صيدلية الشفاء — وسط البلد'));
        await screenshot(page, 'users-ar-1-list');
        await page.getByRole('button', { name: 'إضافة مستخدم' }).click();
        await visible(page.getByRole('dialog', { name: 'إنشاء مستخدم جديد' }));
        await screenshot(page, 'users-ar-2-create');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /English/ }).click();

        // Delete, after confirming.
        await card('Nadia Saleh').getByRole('button', { name: 'Delete Nadia Saleh' }).click();
        const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete User' }));
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await toast(page, 'User deleted successfully!');
        await gone(card('Nadia Saleh'));

        // Search.
        await page.getByPlaceholder('Search users by name or email...').fill('zzz');
        await visible(page.getByText('No users found matching your search.'));
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows a pharmacist Access Denied on user management and read-only system settings',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signIn(app, page, demoAccounts.layla);
        // A single pharmacy: no selection screen.
        await visible(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
        expect(
          await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }).count(),
        ).toBe(0);

        await page.goto(`${app.baseUrl}/user-management`);
        await visible(page.getByRole('heading', { level: 1, name: 'Access Denied' }));
        await visible(
          page.getByText('You do not have permission to access user management. Only administrators can manage users.'),
        );
        await screenshot(page, 'users-en-access-denied');

        await page.getByRole('link', { name: 'Settings' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
        await page.getByRole('tab', { name: 'System' }).click();
        await visible(page.getByText('Only administrators can change these settings. They apply to everyone.'));
        expect(await page.getByRole('button', { name: 'Save System Settings' }).count()).toBe(0);
        expect(await page.getByRole('spinbutton', { name: 'Low stock threshold' }).isDisabled()).toBe(true);
        await screenshot(page, 'settings-en-pharmacist-system');
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'saves settings, and enrols an authenticator app that the pharmacist login then asks for',
    async () => {
      const { context, page, errors } = await openSession(browser);
      try {
        await signInAndChoose(app, page, demoAccounts.admin);
        await page.getByRole('link', { name: 'Settings' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));

        // Profile: validation messages, then a save the shell reflects.
        const firstName = page.getByRole('textbox', { name: 'First Name' });
        await visible(firstName);
        await firstName.fill('');
        await page.getByRole('button', { name: 'Save Profile' }).click();
        await visible(page.getByText('First name is required'));
        await firstName.fill('Sarah');
        await page.getByRole('button', { name: 'Save Profile' }).click();
        await toast(page, 'User settings have been saved.');
        await visible(page.getByTestId('sidebar-user-name').getByText('Sarah Haddad'));
        await screenshot(page, 'settings-en-1-profile');

        // System: the currency drives how money is shown.
        await page.getByRole('tab', { name: 'System' }).click();
        await visible(page.getByText('Amounts are shown like $1,234.50.'));
        await page.getByRole('combobox', { name: 'Currency' }).click();
        await page.getByRole('option', { name: 'EUR' }).click();
        const threshold = page.getByRole('spinbutton', { name: 'Low stock threshold' });
        await threshold.fill('0');
        await page.getByRole('button', { name: 'Save System Settings' }).click();
        await visible(page.getByText('Must be at least 1'));
        await threshold.fill('15');
        await page.getByRole('button', { name: 'Save System Settings' }).click();
        await toast(page, 'System settings have been saved.');
        await visible(page.getByText('Amounts are shown like €1,234.50.'));
        await screenshot(page, 'settings-en-2-system');

        await page.getByRole('tab', { name: 'Notifications' }).click();
        await visible(page.getByRole('switch', { name: /Enable notifications/ }));
        await screenshot(page, 'settings-en-3-notifications');

        // Security: enrol an authenticator app.
        await page.getByRole('tab', { name: 'Security' }).click();
        await visible(page.getByText('Active session'));
        await page.getByRole('button', { name: 'Set up authenticator' }).click();
        const qr = await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
        // The SVG from the server, as a data: URL, actually decodes into a picture.
        expect(
          await qr.evaluate((image) => {
            const img = image as unknown as { complete: boolean; naturalWidth: number };
            return img.complete && img.naturalWidth > 0;
          }),
        ).toBe(true);
        const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        await page.getByRole('textbox', { name: 'Username' }).fill('sara.admin');
        await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
        await screenshot(page, 'settings-en-4-totp-setup');
        await page.getByRole('button', { name: 'Turn on' }).click();
        await toast(page, 'The pharmacist login now asks for a code from your app.');
        const backup = await visible(page.getByTestId('totp-backup-codes'));
        const backupCodes = (await backup.getByRole('listitem').allTextContents()).map((code) => code.trim());
        expect(backupCodes.length).toBeGreaterThan(0);
        await screenshot(page, 'settings-en-5-backup-codes');
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await visible(page.getByText('Pharmacist login username:'));

        // Arabic view of the Security tab.
        await switchToArabic(page);
        await visible(page.getByText('جلسة نشطة'));
        await screenshot(page, 'settings-ar-1-security');
        await page.getByRole('tab', { name: 'النظام' }).click();
        await visible(page.getByRole('spinbutton', { name: 'حدّ انخفاض المخزون' }));
        await screenshot(page, 'settings-ar-2-system');
        await page.getByRole('button', { name: /English/ }).click();

        // The pharmacist login asks for the app's code, then signs in with it.
        const other = await openSession(browser);
        try {
          const login = other.page;
          await login.goto(`${app.baseUrl}/pharmacist-login`);
          await login.getByRole('textbox', { name: 'Username' }).fill('sara.admin');
          await login.getByLabel(/^Password/).fill(demoAccounts.admin.password);
          await login.getByRole('button', { name: 'Sign In' }).click();
          await visible(
            login.getByText('Enter the 6-digit code from your authenticator app, or a backup code', { exact: false }),
          );
          await screenshot(login, 'pharmacist-login-en-code-required');
          // The app's current code was just used to turn it on (a code counts once), so a backup code it is.
          await login.getByRole('textbox', { name: 'Authenticator code' }).fill(backupCodes[0] ?? '');
          await login.getByRole('button', { name: 'Sign In' }).click();
          await toast(login, 'Login Successful');
          await visible(
            login
              .getByRole('heading', { level: 1, name: 'Welcome to Pharmacy Management' })
              .or(login.getByRole('heading', { level: 1, name: 'Dashboard' })),
          );
          expect(unexpectedErrors(other.errors)).toEqual([]);
        } finally {
          await other.context.close();
        }

        // Turned off with the password.
        await page.getByRole('tab', { name: 'Security' }).click();
        await page.getByRole('button', { name: 'Turn off' }).click();
        const dialog = await visible(page.getByRole('dialog', { name: 'Turn off authenticator' }));
        await dialog.getByLabel(/^Password/).fill(demoAccounts.admin.password);
        await dialog.getByRole('button', { name: 'Turn off' }).click();
        await toast(page, 'Authenticator turned off');
        await visible(page.getByRole('button', { name: 'Set up authenticator' }));
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
