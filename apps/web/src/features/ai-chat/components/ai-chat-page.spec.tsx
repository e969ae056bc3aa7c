import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChatAnswer, CurrentUser, LowStockItem } from '@pharmacy/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aBatch, aProduct } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import { deferred, type FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser } from '../../../test/users';
import { conversationStorageKey } from '../utils/conversation';
import { AiChatPage } from './ai-chat-page';

const realFetch = globalThis.fetch;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const CHAT = 'POST /api/chat/pharmacist';
const products = [aProduct(), aProduct({ id: 'p2', name: 'Zinc 10 mg' }), aProduct({ id: 'p3', name: 'Vitamin C' })];
const lowStock: LowStockItem[] = [
  {
    productId: 'p2',
    productName: 'Zinc 10 mg',
    productNameAr: null,
    productSku: 'ZN-10',
    currentStock: 2,
    minStockLevel: 10,
  },
  {
    productId: 'p3',
    productName: 'Vitamin C',
    productNameAr: null,
    productSku: 'VC-1',
    currentStock: 0,
    minStockLevel: 5,
  },
];
const inventory = Array.from({ length: 12 }, (_, i) =>
  aBatch({ id: `7a1b2c3d-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, batchNumber: `LOT-${i}` }),
);

function anAnswer(data: Partial<ChatAnswer['data']> = {}): ChatAnswer {
  return {
    success: true,
    message: 'Answered',
    data: {
      response: 'Low in stock:\n- Zinc 10 mg: 2 packs (minimum 10)\n- Vitamin C: 0 packs (minimum 5)',
      mode: 'local',
      tools: [{ name: 'lowStock', arguments: {} }],
      ...data,
    },
  };
}

/** The first `limit` rows of a list, and how many it holds in X-Total-Count, as the server pages it. */
function fakePage(rows: readonly unknown[], limit: number) {
  return fakeResponse(200, rows.slice(0, limit), '', { 'X-Total-Count': String(rows.length) });
}

function renderPage({
  routes = {},
  language = 'en',
  user = aUser(),
}: { routes?: Record<string, FakeHandler>; language?: 'en' | 'ar'; user?: CurrentUser } = {}) {
  return renderSignedIn(<AiChatPage />, {
    user,
    language,
    routes: {
      // The page asks for counts (one row, the total in X-Total-Count) and the first ten inventory rows.
      'GET /api/products?limit=1&offset=0': () => fakePage(products, 1),
      'GET /api/inventory/low-stock?limit=1&offset=0': () => fakePage(lowStock, 1),
      'GET /api/inventory?limit=10&offset=0': () => fakePage(inventory, 10),
      [CHAT]: () => fakeResponse(200, anAnswer()),
      ...routes,
    },
  });
}

const input = () => screen.getByRole('textbox', { name: 'Message' });
const log = () => screen.getByRole('log', { name: 'Conversation' });
const messages = () => within(log()).getAllByRole('listitem', { name: /^(You|Assistant)$/ });
const stat = (name: string) => document.querySelector(`[data-stat="${name}"]`)?.textContent;

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}
function pressEnter(options: { shiftKey?: boolean } = {}) {
  fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', ...options });
}

/** Waits until every read the context uses has answered, so a question carries the whole context. */
async function statsLoaded() {
  await waitFor(() => expect(stat('products')).toBe('3'));
  await waitFor(() => expect(stat('low-stock')).toBe('2'));
}

describe('The AI assistant page', () => {
  it('greets with the welcome message, shows Quick Stats from the server, the tips, the notice and the disclaimer', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Assistant' })).toBeTruthy();
    expect(messages()).toHaveLength(1);
    expect(within(log()).getByText(/^Hello! I'm your pharmacy assistant\./)).toBeTruthy();
    await statsLoaded();
    expect(stat('role')).toBe('Administrator');
    for (const tip of [
      'What is low in stock?',
      'What expires this month?',
      'Where is Amoxicillin in stock?',
      'How much Panadol did we sell this week?',
      'What happened to batch LOT-123?',
    ]) {
      expect(screen.getByRole('button', { name: tip })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Safety Notice' })).toBeTruthy();
    expect(screen.getByTestId('chat-disclaimer').textContent).toBe(
      "Responses are for information only. Clinical questions need a pharmacist's judgement.",
    );
    // Nothing to clear yet.
    expect(screen.getByRole('button', { name: 'Clear Chat' }).hasAttribute('disabled')).toBe(true);
  });

  it('names an auditor’s role, who may use the assistant too', async () => {
    renderPage({ user: aUser({ role: 'auditor' }) });
    await statsLoaded();
    expect(stat('role')).toBe('Auditor');
    expect(input().hasAttribute('disabled')).toBe(false);
  });

  it('says when the stats could not be loaded, and loads them again on request', async () => {
    let fail = true;
    renderPage({
      routes: {
        'GET /api/inventory/low-stock?limit=1&offset=0': () =>
          fail ? fakeResponse(500, 'down') : fakePage(lowStock, 1),
      },
    });
    expect(await screen.findByText('Could not load the stats')).toBeTruthy();
    expect(stat('low-stock')).toBe('—');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stat('low-stock')).toBe('2'));
    expect(screen.queryByText('Could not load the stats')).toBeNull();
  });

  it('sends the question on Enter with the context, the language and no history, shows the typing indicator, then the answer', async () => {
    const reply = deferred<Response>();
    const { callsTo, queryClient } = renderPage({ routes: { [CHAT]: () => reply.promise } });
    await statsLoaded();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    type('  What is low in stock?  ');
    pressEnter();

    expect(await screen.findByText('AI is thinking...')).toBeTruthy();
    expect(input().hasAttribute('disabled')).toBe(true);
    expect((input() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear Chat' }).hasAttribute('disabled')).toBe(true);
    expect(within(messages()[1]!).getByText('What is low in stock?')).toBeTruthy();

    const [call] = callsTo('POST', '/api/chat/pharmacist');
    expect(call?.body).toEqual({
      message: 'What is low in stock?',
      context: {
        totalProducts: 3,
        lowStockItems: 2,
        recentInventory: JSON.parse(JSON.stringify(inventory.slice(0, 10))) as unknown,
        userRole: 'admin',
      },
      history: [],
      language: 'en',
    });

    await act(async () => reply.resolve(fakeResponse(200, anAnswer())));
    await waitFor(() => expect(screen.queryByText('AI is thinking...')).toBeNull());
    const answer = messages()[2]!;
    expect(within(answer).getByText('Low in stock:')).toBeTruthy();
    expect(
      within(answer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Zinc 10 mg: 2 packs (minimum 10)', 'Vitamin C: 0 packs (minimum 5)']);
    expect(within(answer).getByTestId('chat-local-note').textContent).toBe("Answered from your pharmacy's records");
    expect(within(answer).getByTestId('chat-tools').textContent).toBe('Based on: low stock');
    expect(answer.querySelector('time')?.getAttribute('dateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(input().hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it('sends the conversation so far with the next question, without the welcome message', async () => {
    const { callsTo } = renderPage({
      routes: {
        [CHAT]: (body) =>
          fakeResponse(
            200,
            anAnswer({
              response: (body as { message: string }).message === 'first' ? 'one' : 'two',
              mode: 'model',
              tools: [
                { name: 'findProduct', arguments: { query: 'Panadol' } },
                { name: 'productSales', arguments: { query: 'Panadol', days: 7 } },
              ],
            }),
          ),
      },
    });
    type('first');
    pressEnter();
    await within(log()).findByText('one');
    type('second');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await within(log()).findByText('two');
    const calls = callsTo('POST', '/api/chat/pharmacist');
    expect(calls.map((call) => (call.body as { history: unknown }).history)).toEqual([
      [],
      [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'one' },
      ],
    ]);
    // A model's answer: no "records" note, but what it looked up.
    const last = messages().at(-1)!;
    expect(within(last).queryByTestId('chat-local-note')).toBeNull();
    expect(within(last).getByTestId('chat-tools').textContent).toBe('Based on: product search, product sales');
  });

  it('does not send on Shift+Enter, nor an empty or whitespace-only message', async () => {
    const { callsTo } = renderPage();
    await statsLoaded();
    pressEnter();
    type('   \n  ');
    pressEnter();
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    fireEvent.submit(input().closest('form')!);
    type('What expires');
    const shiftEnter = fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', shiftKey: true });
    // Not prevented: the textarea inserts its newline itself.
    expect(shiftEnter).toBe(true);
    expect((input() as HTMLTextAreaElement).value).toBe('What expires');
    expect(callsTo('POST', '/api/chat/pharmacist')).toHaveLength(0);
    expect(messages()).toHaveLength(1);
  });

  it('keeps a question’s lines, and shows markup in an answer as text', async () => {
    renderPage({
      routes: {
        [CHAT]: () =>
          fakeResponse(200, anAnswer({ response: 'See <img src=x onerror="alert(1)"> **now**', tools: [] })),
      },
    });
    type('Line one\nLine two');
    pressEnter();
    const answer = await within(log()).findByText(/See <img src=x/);
    expect(log().querySelector('img')).toBeNull();
    expect(within(answer).getByText('now').tagName).toBe('STRONG');
    const question = messages()[1]!;
    expect(question.querySelector('br')).not.toBeNull();
    expect(question.textContent).toContain('Line oneLine two');
    expect(within(messages()[2]!).queryByTestId('chat-tools')).toBeNull();
  });

  it('apologises and shows the Chat Error toast when the assistant is unavailable, and leaves the apology out of the history', async () => {
    let unavailable = true;
    const { callsTo } = renderPage({
      routes: {
        [CHAT]: () =>
          unavailable
            ? fakeResponse(503, {
                statusCode: 503,
                code: 'AI_UNAVAILABLE',
                message: 'The assistant did not answer in time',
              })
            : fakeResponse(200, anAnswer({ response: 'Back again' })),
      },
    });
    type('What is low in stock?');
    pressEnter();
    const apology = await within(log()).findByText(
      "I'm sorry, I'm having trouble responding right now. Please try again in a moment.",
    );
    expect(apology.closest('li')?.hasAttribute('data-failed')).toBe(true);
    expect((await screen.findAllByText('Chat Error')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed to get AI response. Please try again.').length).toBeGreaterThan(0);
    expect(input().hasAttribute('disabled')).toBe(false);

    unavailable = false;
    type('Again?');
    pressEnter();
    await within(log()).findByText('Back again');
    expect((callsTo('POST', '/api/chat/pharmacist')[1]?.body as { history: unknown }).history).toEqual([
      { role: 'user', content: 'What is low in stock?' },
    ]);
  });

  it('apologises when the network fails too', async () => {
    renderPage({ routes: { [CHAT]: () => Promise.reject(new TypeError('Failed to fetch')) } });
    type('Hello?');
    pressEnter();
    expect(await within(log()).findByText(/^I'm sorry, I'm having trouble responding right now/)).toBeTruthy();
    expect((await screen.findAllByText('Chat Error')).length).toBeGreaterThan(0);
  });

  it('clears the conversation back to the welcome message', async () => {
    renderPage();
    type('What is low in stock?');
    pressEnter();
    await within(log()).findByText('Low in stock:');
    expect(messages()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Chat' }));
    expect(messages()).toHaveLength(1);
    expect(within(log()).getByText(/^Hello! I'm your pharmacy assistant\./)).toBeTruthy();
    const stored = JSON.parse(sessionStorage.getItem(conversationStorageKey(aUser().id)) ?? 'null') as {
      messages: unknown[];
    };
    expect(stored.messages).toEqual([]);
  });

  it('keeps the conversation for the browser session, per user', async () => {
    const first = renderPage();
    type('What is low in stock?');
    pressEnter();
    await within(log()).findByText('Low in stock:');
    first.unmount();

    // The page again (a reload): the same conversation.
    const again = renderPage();
    expect(messages()).toHaveLength(3);
    expect(within(messages()[1]!).getByText('What is low in stock?')).toBeTruthy();
    again.unmount();

    // Someone else signed in on this browser: their own, empty conversation.
    renderPage({ user: aUser({ id: '0f6a7c2e-1111-4a4a-8b8b-000000000002', email: 'omar@pharmacy.example' }) });
    expect(messages()).toHaveLength(1);
  });

  it('keeps an answer that arrives after the user left the page, and waits for it when they come back', async () => {
    const reply = deferred<Response>();
    const first = renderPage({ routes: { [CHAT]: () => reply.promise } });
    type('What expires this month?');
    pressEnter();
    await screen.findByText('AI is thinking...');
    first.unmount();
    await act(async () => reply.resolve(fakeResponse(200, anAnswer({ response: 'Nothing expires this month.' }))));
    renderPage();
    expect(within(log()).getByText('Nothing expires this month.')).toBeTruthy();
  });

  it('puts a tip’s question in the input, in Arabic in the Arabic interface, and asks in Arabic', async () => {
    const { callsTo } = renderPage({
      language: 'ar',
      routes: {
        [CHAT]: () =>
          fakeResponse(
            200,
            anAnswer({
              response: 'تنتهي صلاحية:\n- باراسيتامول ٥٠٠ ملغ، الدفعة LOT-1',
              tools: [{ name: 'expiringBatches', arguments: { days: 30 } }],
            }),
          ),
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'المساعد الذكي' })).toBeTruthy();
    const arabicLog = screen.getByRole('log', { name: 'المحادثة' });
    expect(within(arabicLog).getByText(/^مرحبًا! أنا مساعد صيدليتك\./)).toBeTruthy();
    await waitFor(() => expect(stat('role')).toBe('مسؤول النظام'));
    fireEvent.click(screen.getByRole('button', { name: 'ما الذي تنتهي صلاحيته هذا الشهر؟' }));
    const arabicInput = screen.getByRole('textbox', { name: 'الرسالة' }) as HTMLTextAreaElement;
    expect(arabicInput.value).toBe('ما الذي تنتهي صلاحيته هذا الشهر؟');
    expect(document.activeElement).toBe(arabicInput);
    fireEvent.keyDown(arabicInput, { key: 'Enter', code: 'Enter' });
    const answer = await within(arabicLog).findByText('تنتهي صلاحية:');
    const bubble = answer.closest('[data-testid="chat-bubble"]');
    expect(bubble?.getAttribute('dir')).toBe('rtl');
    expect(bubble?.getAttribute('lang')).toBe('ar');
    const item = answer.closest('li[data-role="assistant"]') as HTMLElement;
    expect(within(item).getByTestId('chat-local-note').textContent).toBe('إجابة من سجلات صيدليتك');
    expect(within(item).getByTestId('chat-tools').textContent).toBe('استنادًا إلى: الدفعات القريبة من انتهاء الصلاحية');
    expect((callsTo('POST', '/api/chat/pharmacist')[0]?.body as { language: string }).language).toBe('ar');
  });
});
