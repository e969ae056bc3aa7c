import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { axeRecorder } from './axe-support';
import { launchBrowser, openSession, signInAndChoose, switchToArabic, visible } from './support';

// Issue 30: WCAG 2.1 AA in both languages. axe-core (the rules tagged wcag2a, wcag2aa,
// wcag21a, wcag21aa) in a real Chromium on every page the sidebar offers an administrator,
// plus the welcome and sign-in pages, in English and then in Arabic (right to left), in the
// light appearance (the default) and in the dark one (switched on with the 'Dark theme' button).
// Any serious or critical violation fails, listed per page view with the rule, how many
// elements, the first few of them and axe's summary of what is wrong.
// Needs `npm run build:web` first. Screenshots: test/browser/output/a11y-[dark-]<language>-<page>.png.

const TEST_TIMEOUT_MS = 600_000;
/** The signed-in pages of the sidebar for an administrator (apps/web/src/features/shell/nav-items.ts, built ones). */
const SIGNED_IN_PATHS = [
  '/',
  '/inventory',
  '/stock-counts',
  '/products',
  '/pos',
  '/ai-chat',
  '/expiry',
  '/shortages',
  '/discrepancies',
  '/locations',
  '/reports',
  '/audit',
  '/transfers',
  '/user-management',
  '/categories',
  '/suppliers',
];

const axe = axeRecorder();

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  const summary = axe.summary();
  if (summary) console.log(summary);
});

const pictureName = (path: string): string => (path === '/' ? 'dashboard' : path.slice(1));

type Appearance = 'light' | 'dark';

/** Turns the dark theme on with its button (on the page or in the sidebar), as a person does, and sees it took. */
async function chooseAppearance(page: Page, appearance: Appearance): Promise<void> {
  if (appearance === 'light') return;
  const toggle = page.getByRole('button', { name: /^(Dark theme|الوضع الداكن)$/ });
  await toggle.click();
  await page.locator('html[data-appearance="dark"]').waitFor({ state: 'attached' });
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
}

/** 'dark en /inventory' and 'dark-en-inventory'; the light views keep their names ('en /inventory'). */
const viewName = (appearance: Appearance, view: string): string =>
  appearance === 'light' ? view : `${appearance} ${view}`;
const picture = (appearance: Appearance, name: string): string =>
  appearance === 'light' ? name : `${appearance}-${name}`;

describe.each<Appearance>(['light', 'dark'])(
  'Accessibility (WCAG 2.1 AA) in the browser, %s appearance',
  (appearance) => {
    it(
      'has no serious or critical violation on the welcome and sign-in pages, in English and Arabic',
      async () => {
        const { context, page } = await openSession(browser);
        const views: string[] = [];
        try {
          await page.goto(`${app.baseUrl}/`);
          await chooseAppearance(page, appearance);
          for (const language of ['en', 'ar'] as const) {
            await page.goto(`${app.baseUrl}/`);
            if (language === 'ar') await switchToArabic(page);
            await visible(page.getByRole('heading', { level: 1 }));
            views.push(viewName(appearance, `${language} welcome`));
            await axe.check(
              page,
              viewName(appearance, `${language} welcome`),
              picture(appearance, `${language}-welcome`),
            );

            // The language and the appearance are remembered in the browser, so the sign-in page opens in them.
            await page.goto(`${app.baseUrl}/login`);
            await page
              .locator(`html[lang="${language}"][data-appearance="${appearance}"]`)
              .waitFor({ state: 'attached' });
            await visible(page.getByRole('heading', { level: 1 }));
            views.push(viewName(appearance, `${language} /login`));
            await axe.check(page, viewName(appearance, `${language} /login`), picture(appearance, `${language}-login`));
          }
        } finally {
          await context.close();
        }
        expect(axe.report(views)).toBe('');
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'has no serious or critical violation on any page of the sidebar, in English and then Arabic',
      async () => {
        const { context, page } = await openSession(browser);
        const views: string[] = [];
        try {
          await signInAndChoose(app, page, demoAccounts.admin);
          const nav = page.getByRole('navigation', { name: /^(Main navigation|التنقل الرئيسي)$/ });
          await visible(nav);
          await chooseAppearance(page, appearance);
          for (const language of ['en', 'ar'] as const) {
            if (language === 'ar') await switchToArabic(page);
            for (const path of SIGNED_IN_PATHS) {
              // Through the sidebar, as a user goes: the page the link leads to, with its heading.
              await nav.locator(`a[href="${path}"]`).click();
              await page.waitForURL((url) => url.pathname === path);
              await visible(page.locator('main h1, h1').first());
              const view = viewName(appearance, `${language} ${path}`);
              views.push(view);
              await axe.check(page, view, picture(appearance, `${language}-${pictureName(path)}`));
            }
          }
        } finally {
          await context.close();
        }
        expect(axe.report(views)).toBe('');
      },
      TEST_TIMEOUT_MS,
    );
  },
);
