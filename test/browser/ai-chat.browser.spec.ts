import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import type { Browser, Locator, Page } from 'playwright-core';
import { gone, inSignedInSession, launchBrowser, screenshot, visible } from './support';

// The AI assistant (/ai-chat) in a real Chromium against the real server, with no model configured
// (the built-in assistant answers from the read models): a batch expiring in 10 days at Downtown is
// created through the API; the page greets, shows Quick Stats equal to the API's lists, and a question
// about what expires brings 'AI is thinking...' and then an answer naming that batch. Shift+Enter
// makes a new line without sending, an empty or blank message is not sent, a reload keeps the
// conversation and Clear brings back the welcome message alone. In English, then in Arabic.
// Needs `npm run build:web` first. Screenshots: test/browser/output/ai-chat-en.png, ai-chat-ar.png.

const TEST_TIMEOUT_MS = 180_000;
const DOWNTOWN = demoPharmacyIds.downtown;
const EXPIRES_IN_DAYS = 10;
/** How long the test holds each question, so the typing indicator can be seen before the answer. */
const REPLY_DELAY_MS = 800;

let app: TestApp;
let browser: Browser;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

interface Expiring {
  name: string;
  nameAr: string;
  batchNumber: string;
}

/** A product with one batch of 10 packs at Downtown, expiring in 10 days. */
async function expiringProduct(label: string, labelAr: string): Promise<Expiring> {
  const batchNumber = unique('AIB').toUpperCase();
  const product = (
    await admin
      .post('/api/products')
      .send({
        sku: unique('AIC').toUpperCase(),
        name: `Assistant ${label} Syrup`,
        nameAr: `شراب ${labelAr} للمساعد`,
        price: '12.00',
        initialQuantity: 10,
        expiryDate: isoDaysFromNow(EXPIRES_IN_DAYS),
        batchNumber,
        pharmacyId: DOWNTOWN,
      })
      .expect(201)
  ).body as { name: string; nameAr: string };
  return { name: product.name, nameAr: product.nameAr, batchNumber };
}

/**
 * Today's month leaves room for a batch 10 days away (a day spare for the server's time zone):
 * then the tip "What expires this month?" finds it; otherwise the question names 30 days.
 */
const monthHasRoom = isoDaysFromNow(EXPIRES_IN_DAYS + 1).slice(0, 7) === isoDaysFromNow(0).slice(0, 7);

interface Texts {
  language: 'en' | 'ar';
  locale: string;
  nav: string;
  title: string;
  input: string;
  log: string;
  send: string;
  clear: string;
  welcome: RegExp;
  thinking: string;
  role: string;
  /** A tip to click, and the question it puts in the input. */
  tip: string | null;
  question: string;
  local: string;
  basedOn: string;
  shown: (product: Expiring) => string;
}

const english: Texts = {
  language: 'en',
  locale: 'en',
  nav: 'AI Assistant',
  title: 'AI Assistant',
  input: 'Message',
  log: 'Conversation',
  send: 'Send message',
  clear: 'Clear Chat',
  welcome: /^Hello! I'm your pharmacy assistant\./,
  thinking: 'AI is thinking...',
  role: 'Administrator',
  tip: monthHasRoom ? 'What expires this month?' : null,
  question: monthHasRoom ? 'What expires this month?' : 'What expires in the next 30 days?',
  local: "Answered from your pharmacy's records",
  basedOn: 'Based on: expiring batches',
  shown: (product) => product.name,
};

const arabic: Texts = {
  language: 'ar',
  locale: 'ar-u-nu-latn',
  nav: 'المساعد الذكي',
  title: 'المساعد الذكي',
  input: 'الرسالة',
  log: 'المحادثة',
  send: 'إرسال الرسالة',
  clear: 'مسح المحادثة',
  welcome: /^مرحبًا! أنا مساعد صيدليتك\./,
  thinking: 'الذكاء الاصطناعي يفكر...',
  role: 'مسؤول النظام',
  tip: null,
  question: 'ما الذي تنتهي صلاحيته خلال 30 يومًا؟',
  local: 'إجابة من سجلات صيدليتك',
  basedOn: 'استنادًا إلى: الدفعات القريبة من انتهاء الصلاحية',
  shown: (product) => product.nameAr,
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: /Main navigation|التنقل الرئيسي/ });
/** The conversation's messages (the welcome message first), not the typing indicator. */
const messages = (page: Page, t: Texts): Locator =>
  page.getByRole('log', { name: t.log }).locator('li.chat-message[aria-label]');

/** A Quick Stats value showing exactly `text`. */
const stat = (page: Page, name: string, text: string): Locator =>
  page.locator(`[data-stat="${name}"]`).filter({ hasText: new RegExp(`^${text}$`) });

/** The sign-in's toast would cover the side panels in the screenshot. */
async function dismissToast(page: Page): Promise<void> {
  const shown = page.locator('.app-toast[data-state="open"]');
  if ((await shown.count()) === 0) return;
  await shown.getByRole('button').click();
  await gone(shown);
}

async function shoot(page: Page, name: string): Promise<void> {
  await dismissToast(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

/** The stored conversation of this tab (sessionStorage), as the page keeps it. */
async function storedMessages(page: Page): Promise<unknown[] | null> {
  return page.evaluate<unknown[] | null>(`(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('pharmacy-ai-chat:'));
    return key ? JSON.parse(sessionStorage.getItem(key)).messages : null;
  })()`);
}

async function converse(page: Page, t: Texts, product: Expiring): Promise<void> {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/pharmacist') {
      asked.push(request.postData() ?? '');
    }
  });
  // Hold each answer a moment, as a slow model would, so the typing indicator is seen.
  await page.route('**/api/chat/pharmacist', async (route) => {
    await new Promise((settle) => setTimeout(settle, REPLY_DELAY_MS));
    await route.continue();
  });

  await nav(page).getByRole('link', { name: t.nav, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));
  const input = page.getByRole('textbox', { name: t.input });
  await visible(messages(page, t).first().getByText(t.welcome));
  expect(await messages(page, t).count()).toBe(1);

  // Quick Stats: the lengths of the server's lists.
  const format = new Intl.NumberFormat(t.locale);
  const products = (await admin.get('/api/products').expect(200)).body as unknown[];
  const lowStock = (await admin.get('/api/inventory/low-stock').expect(200)).body as unknown[];
  expect(products.length).toBeGreaterThan(0);
  expect(lowStock.length).toBeGreaterThan(0); // the new product holds 10 packs at a minimum of 10
  await visible(stat(page, 'products', format.format(products.length)));
  await visible(stat(page, 'low-stock', format.format(lowStock.length)));
  await visible(stat(page, 'role', t.role));

  // Shift+Enter is a new line, not a message.
  await input.fill('first line');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  expect(await input.inputValue()).toBe('first line\nsecond line');
  // Empty and blank messages are not sent, by Enter or by the button.
  await input.fill('');
  await input.press('Enter');
  await input.fill('   ');
  await input.press('Enter');
  expect(await page.getByRole('button', { name: t.send }).isDisabled()).toBe(true);
  expect(await messages(page, t).count()).toBe(1);
  expect(asked).toEqual([]);

  // The question: from the tip when it fits, else typed.
  if (t.tip) {
    await page.getByRole('button', { name: t.tip, exact: true }).click();
    expect(await input.inputValue()).toBe(t.question);
  } else {
    await input.fill(t.question);
  }
  await input.press('Enter');
  const thinking = await visible(page.getByRole('status').filter({ hasText: t.thinking }));
  expect(await input.isDisabled()).toBe(true);
  await thinking.waitFor({ state: 'detached' });
  expect(asked).toHaveLength(1);
  const body = JSON.parse(asked[0]!) as {
    message: string;
    history: unknown[];
    language: string;
    context: { totalProducts: number; lowStockItems: number; recentInventory: unknown[]; userRole: string };
  };
  expect(body.message).toBe(t.question);
  expect(body.history).toEqual([]);
  expect(body.language).toBe(t.language);
  expect(body.context.totalProducts).toBe(products.length);
  expect(body.context.lowStockItems).toBe(lowStock.length);
  expect(body.context.recentInventory.length).toBeLessThanOrEqual(10);
  expect(body.context.userRole).toBe('admin');

  const answer = messages(page, t).nth(2);
  await visible(answer.getByText(t.shown(product), { exact: false }).first());
  const answerText = (await answer.textContent()) ?? '';
  expect(answerText).toContain(product.batchNumber);
  // The batch is on its own list line.
  await visible(answer.getByRole('listitem').filter({ hasText: product.batchNumber }));
  await visible(answer.getByText(t.local, { exact: true }));
  await visible(answer.getByText(t.basedOn, { exact: true }));
  expect(await answer.locator('time').count()).toBe(1);
  expect(await messages(page, t).nth(1).textContent()).toContain(t.question);
  expect(await input.isDisabled()).toBe(false);
  await shoot(page, `ai-chat-${t.language}`);

  // A reload keeps the conversation (this tab's session).
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: t.title }));
  await visible(messages(page, t).nth(2).getByRole('listitem').filter({ hasText: product.batchNumber }));
  expect(await messages(page, t).count()).toBe(3);

  // Clear: the welcome message alone, and nothing stored; a reload does not bring the rest back.
  await page.getByRole('button', { name: t.clear }).click();
  expect(await messages(page, t).count()).toBe(1);
  await visible(messages(page, t).first().getByText(t.welcome));
  expect(await storedMessages(page)).toEqual([]);
  await page.reload();
  await visible(messages(page, t).first().getByText(t.welcome));
  expect(await messages(page, t).count()).toBe(1);
  expect(asked).toHaveLength(1);
}

beforeAll(async () => {
  app = await startTestApp({ seed: true });
  admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('The AI assistant in the browser', () => {
  it(
    'answers what expires from the pharmacy’s records, in English and in Arabic',
    async () => {
      const products = [await expiringProduct('Amber', 'كهرماني'), await expiringProduct('Coral', 'مرجاني')];
      for (const [t, product] of [
        [english, products[0]!],
        [arabic, products[1]!],
      ] as const) {
        await inSignedInSession(browser, app, demoAccounts.admin, t.language, (page) => converse(page, t, product));
      }
    },
    TEST_TIMEOUT_MS,
  );
});
