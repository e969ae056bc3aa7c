import { expect } from '@jest/globals';
import type { TestApp } from '@pharmacy/test-harness';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

// Shared by the browser specs: the Chromium launch, a page that records console
// errors, and the real two-step sign-in (the code is read from the server's outbox).

export const OUTPUT_DIR = join(__dirname, 'output');
export const STEP_TIMEOUT_MS = 10_000;
/** A full-page picture of a long page: longer than a step on a busy machine. */
const SCREENSHOT_TIMEOUT_MS = 30_000;

/** `extraArgs` are added to the usual flags, e.g. the fake camera's (test/browser/fake-camera.ts). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions (a CSP violation or a React error shows up here). */
  errors: string[];
}

/**
 * `serviceWorkers: 'allow'` runs the app's offline service worker, as a real
 * browser does. The other specs leave it out: in every fresh context it would
 * download the whole app (about 4 MB) for its cache while the test runs, and
 * Playwright's request routing does not see what a service worker answers.
 */
export async function openSession(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  // One device pixel per CSS pixel: Chromium draws in software here, and at two the browser specs took
  // 40 % longer (every frame and every picture four times the pixels); the pictures stay readable.
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, acceptDownloads: true, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/**
 * The browser logs every 4xx answer on the console. Reading the session while
 * signed out (401) or before a pharmacy is chosen (409) is how the app learns its
 * state, so those lines are expected; anything else is a real error.
 */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/status of (401|409)\b/.test(error));
}

export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Radix also copies a toast's text into a screen-reader announcement, so a toast's text appears twice. */
export async function toast(page: Page, text: string): Promise<void> {
  await visible(page.getByText(text, { exact: true }).first());
}

/**
 * Starts watching the page for `text`, in this document and every one it
 * navigates to, and returns a wait for it to have appeared, even if it is gone
 * since: a toast shown for half a second before a full-page navigation (the
 * session's "Logging in again...") can be replaced before a visibility check on
 * a busy machine looks. Call it before the step that shows the text.
 */
export async function textWillAppear(page: Page, text: string): Promise<() => Promise<void>> {
  let seen!: () => void;
  const appeared = new Promise<void>((resolve) => (seen = resolve));
  const binding = `textSeen_${Math.random().toString(36).slice(2)}`;
  await page.exposeFunction(binding, () => seen());
  // A string: this file is compiled without the DOM's types.
  await page.addInitScript({
    content: `(() => {
      const text = ${JSON.stringify(text)};
      let told = false;
      const check = () => {
        if (!told && document.documentElement && document.documentElement.textContent.includes(text)) {
          told = true;
          window[${JSON.stringify(binding)}]();
        }
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    })();`,
  });
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`"${text}" did not appear within ${STEP_TIMEOUT_MS} ms`)),
        STEP_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([appeared, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'detached' });
}

/** The whole page, or with `viewportOnly` what is on screen (for fixed overlays such as the phone sheet). */
export async function screenshot(page: Page, name: string, { viewportOnly = false } = {}): Promise<void> {
  // A page that navigates meanwhile (a redirect) has its own fonts to wait for: wait again on the new document.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.evaluate('document.fonts.ready');
      break;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState();
    }
  }
  // A full page of Arabic text takes Chromium a while to lay out and picture on a busy 2-core machine (10 s
  // was seen to run out while it waited for the fonts): a picture gets longer than a step.
  const options = { path: join(OUTPUT_DIR, `${name}.png`), fullPage: !viewportOnly, timeout: SCREENSHOT_TIMEOUT_MS };
  const url = page.url();
  try {
    await page.screenshot(options);
  } catch (error) {
    // A redirect that starts while the picture is taken holds it up until the step times out (seen on a
    // busy machine): the page it went to is pictured instead.
    if (page.url() === url || !String(error).includes('Timeout')) throw error;
    await page.waitForLoadState();
    await page.screenshot(options);
  }
}

export async function documentDirection(page: Page): Promise<{ dir: string; lang: string }> {
  return page.evaluate<{ dir: string; lang: string }>(
    '({ dir: document.documentElement.dir, lang: document.documentElement.lang })',
  );
}

/**
 * Switches the app to Arabic with the shell's language button and waits until
 * the page has turned: the Arabic messages are fetched on the first switch,
 * and text, `dir` and `lang` change together once they arrive.
 */
export async function switchToArabic(page: Page): Promise<void> {
  await page.getByRole('button', { name: /العربية/ }).click();
  await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached' });
}

/**
 * Signs in through /login in English: e-mail, then password and the e-mailed
 * code. Ends once the app has moved on from the form (to the pharmacy selection
 * screen or a signed-in page).
 */
export async function signIn(
  app: TestApp,
  page: Page,
  { email, password }: { email: string; password: string },
  options: { screenshotPrefix?: string } = {},
): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Verify Identity' }));
  await toast(page, 'Verification Code Sent');
  const code = await app.latestOtp(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('textbox', { name: 'Verification Code' }).fill(code);
  if (options.screenshotPrefix) await screenshot(page, `${options.screenshotPrefix}-verify`);
  await page.getByRole('button', { name: 'Verify & Login' }).click();
  await toast(page, 'Login Successful');
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Signs in and, when the selection screen asks (an administrator without a
 * default pharmacy, a pharmacist with several), picks the pharmacy named.
 */
export async function signInAndChoose(
  app: TestApp,
  page: Page,
  account: { email: string; password: string },
  pharmacy = 'Al-Shifa Pharmacy — Downtown',
): Promise<void> {
  await signIn(app, page, account);
  const selection = page.getByRole('heading', { level: 1, name: 'Welcome to Pharmacy Management' });
  const shell = page.getByRole('navigation', { name: 'Main navigation' });
  await visible(selection.or(shell));
  if (await selection.isVisible()) {
    await page.getByRole('radio', { name: new RegExp(pharmacy) }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(shell);
  }
}

/**
 * One walk through the app in a fresh browser session: signed in as `account`
 * at Downtown, switched to Arabic (and checked right to left) for 'ar', and
 * no unexpected console error by the end.
 */
export async function inSignedInSession(
  browser: Browser,
  app: TestApp,
  account: { email: string; password: string },
  language: 'en' | 'ar',
  walk: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page, errors } = await openSession(browser);
  try {
    await signInAndChoose(app, page, account);
    if (language === 'ar') {
      await switchToArabic(page);
      expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    }
    await walk(page);
    expect(unexpectedErrors(errors)).toEqual([]);
  } finally {
    await context.close();
  }
}

/** A calendar day as the date picker's button shows it (medium date, Latin digits in Arabic too). */
export function formatDay(iso: string, language: 'en' | 'ar'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** A product the till sells by the pack: its id, names and the EAN-13 barcode its scanner reads. */
export interface PackProduct {
  id: string;
  name: string;
  nameAr: string;
  barcode: string;
}

/**
 * The active products sold by the pack at a pharmacy, with an EAN-13 barcode and a batch there holding
 * 10 packs or more that expires more than 120 days from now: what a browser spec can sell a few of.
 */
export async function stockedPackProducts(
  agent: Awaited<ReturnType<TestApp['signIn']>>,
  pharmacyId: string,
): Promise<PackProduct[]> {
  const products = (await agent.get('/api/products').query({ pharmacyId }).expect(200)).body as Array<
    PackProduct & { barcode: string | null; isActive: boolean; salesUnit: string }
  >;
  const batches = (await agent.get('/api/inventory').query({ pharmacyId }).expect(200)).body as Array<{
    productId: string;
    quantity: number;
    expiryDate: string;
  }>;
  const soon = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  return products.filter(
    (product): product is PackProduct & { isActive: boolean; salesUnit: string } =>
      product.isActive &&
      product.salesUnit === 'whole' &&
      /^\d{13}$/.test(product.barcode ?? '') &&
      batches.some((batch) => batch.productId === product.id && batch.quantity >= 10 && batch.expiryDate > soon),
  );
}
