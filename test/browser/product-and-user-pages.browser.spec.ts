import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import type { Browser, Page } from 'playwright-core';
import { inSignedInSession, launchBrowser, screenshot, STEP_TIMEOUT_MS, visible } from './support';

// Product Management and User Management read pages from the server (issue 13), in a real
// Chromium against the real server with the demo catalogue (300+ products): 50 products a page
// with the specification's pagination line, a search the server answers, a column sort, the
// next page; the users searched and sorted by the server. In English, then in Arabic.
// Needs `npm run build:web` first. Screenshots: test/browser/output/product-pages-*.png, user-pages-*.png.

const TEST_TIMEOUT_MS = 180_000;

let app: TestApp;
let browser: Browser;
let productCount: number;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

/** Waits until `condition` holds (the page answers the server's page asynchronously), at most the step timeout. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not so after ${STEP_TIMEOUT_MS} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Texts {
  language: 'en' | 'ar';
  productsNav: string;
  productsTitle: string;
  productSearch: string;
  showing: (from: number, to: number, total: number) => string;
  price: string;
  page: (n: number) => string;
  usersNav: string;
  usersTitle: string;
  userSearch: string;
  sortUsers: string;
  newest: string;
}

const english: Texts = {
  language: 'en',
  productsNav: 'Products',
  productsTitle: 'Product Management',
  productSearch: 'Search by name, SKU or barcode...',
  showing: (from, to, total) => `Showing ${from} to ${to} of ${total} products`,
  price: 'Price',
  page: (n) => `Page ${n}`,
  usersNav: 'Users',
  usersTitle: 'User Management',
  userSearch: 'Search users by name or email...',
  sortUsers: 'Sort users',
  newest: 'Newest first',
};

const arabic: Texts = {
  language: 'ar',
  productsNav: 'المنتجات',
  productsTitle: 'إدارة المنتجات',
  productSearch: 'ابحث بالاسم أو الرمز أو الباركود...',
  showing: (from, to, total) => `عرض ${from} إلى ${to} من أصل ${total} منتج`,
  price: 'السعر',
  page: (n) => `الصفحة ${n}`,
  usersNav: 'المستخدمون',
  usersTitle: 'إدارة المستخدمين',
  userSearch: 'ابحث عن المستخدمين بالاسم أو البريد الإلكتروني...',
  sortUsers: 'ترتيب المستخدمين',
  newest: 'الأحدث أولًا',
};

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });

/** Full-page screenshots from the top, so the sticky header and sidebar are drawn where they belong. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

/** The product names of the table's rows, as shown. */
async function productNames(page: Page): Promise<string[]> {
  return page.locator('tbody tr th bdi').allTextContents();
}

async function productsWalk(page: Page, t: Texts): Promise<void> {
  const prefix = `product-pages-${t.language}`;
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') requests.push(url.search);
  });
  await nav(page).getByRole('link', { name: t.productsNav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.productsTitle }));
  await visible(page.getByText(t.showing(1, 50, productCount), { exact: true }));
  expect(await page.locator('tbody tr').count()).toBe(50);
  // Only a page was asked for: never the whole catalogue.
  expect(requests.every((search) => search.includes('limit=50'))).toBe(true);
  await shoot(page, `${prefix}-1-first-page`);

  // The server searches: Amoxicillin in either language.
  await page.getByPlaceholder(t.productSearch).fill('amox');
  await until(async () => {
    const rows = await page.locator('tbody tr').count();
    return rows > 0 && rows < 50;
  });
  const found = await productNames(page);
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((name) => /amox|أموكس/i.test(name))).toBe(true);
  expect(requests.at(-1)).toContain('q=amox');
  await shoot(page, `${prefix}-2-search`);
  await page.getByPlaceholder(t.productSearch).fill('');
  await visible(page.getByText(t.showing(1, 50, productCount), { exact: true }));

  // Sorted by price on the server, cheapest first, then the next page.
  await page.getByRole('button', { name: t.price, exact: true }).click();
  await until(
    async () => (await page.getByRole('columnheader', { name: t.price }).getAttribute('aria-sort')) === 'ascending',
  );
  expect(requests.at(-1)).toContain('sort=price');
  const cheapest = (await admin.get('/api/products').query({ sort: 'price', limit: 1 }).expect(200)).body as Array<{
    name: string;
    nameAr: string | null;
  }>;
  const first = cheapest[0]!;
  await until(
    async () => (await productNames(page))[0] === (t.language === 'ar' ? (first.nameAr ?? first.name) : first.name),
  );
  await shoot(page, `${prefix}-3-by-price`);
  await page.getByRole('button', { name: t.page(2), exact: true }).click();
  await visible(page.getByText(t.showing(51, 100, productCount), { exact: true }));
  expect(requests.at(-1)).toContain('offset=50');
  await shoot(page, `${prefix}-4-page-2`);
}

async function usersWalk(page: Page, t: Texts): Promise<void> {
  const prefix = `user-pages-${t.language}`;
  await nav(page).getByRole('link', { name: t.usersNav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.usersTitle }));
  await visible(page.getByRole('heading', { name: 'Layla Nasser' }));
  await page.getByPlaceholder(t.userSearch).fill('layla');
  await until(async () => (await page.getByRole('article').count()) === 1);
  await visible(page.getByRole('heading', { name: 'Layla Nasser' }));
  await shoot(page, `${prefix}-1-search`);
  await page.getByPlaceholder(t.userSearch).fill('');
  await until(async () => (await page.getByRole('article').count()) === 4);
  await page.getByRole('combobox', { name: t.sortUsers }).click();
  await page.getByRole('option', { name: t.newest, exact: true }).click();
  // The demo accounts were created in order: the auditor last.
  await until(
    async () => (await page.getByRole('article').first().getByRole('heading').first().textContent()) === 'Rami Saleh',
  );
  await shoot(page, `${prefix}-2-newest`);
}

beforeAll(async () => {
  app = await startTestApp({ seed: true, seedCatalogue: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  productCount = Number((await admin.get('/api/products').query({ limit: 1 }).expect(200)).headers['x-total-count']);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Product and user pages in the browser', () => {
  it(
    'pages, searches and sorts on the server, in English',
    async () => {
      expect(productCount).toBeGreaterThan(100);
      await inSignedInSession(browser, app, demoAccounts.admin, 'en', async (page) => {
        await productsWalk(page, english);
        await usersWalk(page, english);
      });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'pages, searches and sorts on the server, in Arabic, right to left',
    async () => {
      await inSignedInSession(browser, app, demoAccounts.admin, 'ar', async (page) => {
        await productsWalk(page, arabic);
        await usersWalk(page, arabic);
      });
    },
    TEST_TIMEOUT_MS,
  );
});
