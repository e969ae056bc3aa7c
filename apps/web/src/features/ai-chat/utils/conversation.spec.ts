import { describe, expect, it } from '@jest/globals';
import { aBatch } from '../../../test/catalogue';
import {
  chatContext,
  conversationStorageKey,
  historyOf,
  isSendable,
  parseConversation,
  type ChatMessage,
} from './conversation';

const at = '2026-03-02T09:15:00.000Z';
const question = (n: number): ChatMessage => ({ id: `q${n}`, role: 'user', content: `question ${n}`, timestamp: at });
const answer = (n: number): ChatMessage => ({
  id: `a${n}`,
  role: 'assistant',
  content: `answer ${n}`,
  timestamp: at,
  language: 'en',
  mode: 'local',
  tools: ['lowStock'],
});

describe('what may be sent', () => {
  it('refuses an empty or whitespace-only message and takes anything else', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('   ')).toBe(false);
    expect(isSendable('\n\t \n')).toBe(false);
    expect(isSendable(' ?')).toBe(true);
    expect(isSendable('What is low in stock?')).toBe(true);
  });
});

describe('the history sent with a question', () => {
  it('is the conversation so far as role and content, oldest first', () => {
    expect(historyOf([question(1), answer(1)])).toEqual([
      { role: 'user', content: 'question 1' },
      { role: 'assistant', content: 'answer 1' },
    ]);
  });

  it('keeps only the last 20 messages', () => {
    const messages = Array.from({ length: 15 }, (_, i) => [question(i + 1), answer(i + 1)]).flat();
    const history = historyOf(messages);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ role: 'user', content: 'question 6' });
    expect(history.at(-1)).toEqual({ role: 'assistant', content: 'answer 15' });
  });

  it('leaves out the page’s own apologies, which the assistant never said', () => {
    const apology: ChatMessage = { ...answer(1), id: 'x', content: 'I’m sorry…', failed: true };
    expect(historyOf([question(1), apology, question(2)])).toEqual([
      { role: 'user', content: 'question 1' },
      { role: 'user', content: 'question 2' },
    ]);
  });

  it('shortens an answer longer than the server takes', () => {
    const long = { ...answer(1), content: 'x'.repeat(9000) };
    expect(historyOf([long])[0]?.content).toHaveLength(8000);
  });
});

describe('the context sent with a question', () => {
  it('carries the counts of products and low-stock items, the first 10 inventory rows and the role', () => {
    const inventory = Array.from({ length: 12 }, (_, i) => aBatch({ id: `batch-${i}`, batchNumber: `LOT-${i}` }));
    const context = chatContext({
      products: 3,
      lowStock: 1,
      inventory: inventory.slice(0, 10),
      role: 'pharmacist',
    });
    expect(context).toEqual({
      totalProducts: 3,
      lowStockItems: 1,
      recentInventory: inventory.slice(0, 10),
      userRole: 'pharmacist',
    });
  });

  it('leaves out what has not loaded rather than claiming zero', () => {
    expect(chatContext({ products: undefined, lowStock: 0, inventory: undefined, role: 'auditor' })).toEqual({
      lowStockItems: 0,
      userRole: 'auditor',
    });
  });
});

describe('the stored conversation', () => {
  it('is kept per user', () => {
    expect(conversationStorageKey('u1')).not.toBe(conversationStorageKey('u2'));
  });

  it('reads back what was stored, and nothing from a missing or damaged entry', () => {
    const conversation = { startedAt: at, messages: [question(1), answer(1)] };
    expect(parseConversation(JSON.stringify(conversation))).toEqual(conversation);
    expect(parseConversation(null)).toBeNull();
    expect(parseConversation('{not json')).toBeNull();
    expect(
      parseConversation(JSON.stringify({ startedAt: at, messages: [{ role: 'system', content: 'x' }] })),
    ).toBeNull();
  });
});
