import type { ChatRequest, InventoryBatch } from '@pharmacy/contracts';
import { z } from 'zod';
import type { Role } from '../../../lib/authorization';

/** The server reads at most this many earlier messages (libs/contracts chat.ts). */
export const HISTORY_LIMIT = 20;
/** Specification 001 §9: the context carries the first 10 inventory rows. */
export const CONTEXT_INVENTORY_ROWS = 10;
/** The longest question the server accepts. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The longest earlier message the server accepts in the history. */
const HISTORY_CONTENT_MAX_LENGTH = 8000;

/** Specification 001 §3, "Chat message" (id, content, role, timestamp), and what an answer said about itself. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** When it was written or received (an ISO instant). */
  timestamp: z.string(),
  /** An answer's language (the one asked for): it is shown in that direction whatever the interface is in now. */
  language: z.enum(['en', 'ar']).optional(),
  /** `local`: the built-in assistant answered from the pharmacy's records (no model configured). */
  mode: z.enum(['model', 'local']).optional(),
  /** The read-model lookups the answer was built from, in order. */
  tools: z.array(z.string()).optional(),
  /** The apology posted when no answer came: shown, but not sent back to the assistant as history. */
  failed: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What the page keeps for the browser session: the conversation after the welcome message. */
export const conversationSchema = z.object({
  /** When the conversation began (the welcome message's time): the first visit, or the last Clear. */
  startedAt: z.string(),
  messages: z.array(chatMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Specification 001 §5: an empty or whitespace-only message is not sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * The conversation so far, as the server takes it: the last 20 messages, oldest
 * first. The welcome message is not part of it (it is not stored), and neither
 * are the page's own apologies, which the assistant never said.
 */
export function historyOf(messages: readonly ChatMessage[]): NonNullable<ChatRequest['history']> {
  return messages
    .filter((message) => !message.failed)
    .slice(-HISTORY_LIMIT)
    .map(({ role, content }) => ({ role, content: content.slice(0, HISTORY_CONTENT_MAX_LENGTH) }));
}

export interface ContextSources {
  /** How many products there are. */
  products: number | undefined;
  /** How many products are low on stock. */
  lowStock: number | undefined;
  /** The first inventory rows. */
  inventory: readonly InventoryBatch[] | undefined;
  role: Role;
}

/**
 * Specification 001 §9: the counts of products and low-stock items, the first 10
 * inventory rows and the user's role. A read that has not answered (or failed)
 * is left out rather than sent as zero: the server looks everything up itself
 * anyway, and a wrong number would be worse than none.
 */
export function chatContext({ products, lowStock, inventory, role }: ContextSources): Record<string, unknown> {
  return {
    ...(products !== undefined ? { totalProducts: products } : {}),
    ...(lowStock !== undefined ? { lowStockItems: lowStock } : {}),
    ...(inventory ? { recentInventory: inventory.slice(0, CONTEXT_INVENTORY_ROWS) } : {}),
    userRole: role,
  };
}

/** sessionStorage: one conversation per user of this browser tab, gone when the tab closes. */
export function conversationStorageKey(userId: string): string {
  return `pharmacy-ai-chat:${userId}`;
}

/** A stored conversation, or null when there is none or it cannot be read (then the page starts afresh). */
export function parseConversation(raw: string | null): Conversation | null {
  if (raw === null) return null;
  try {
    const parsed = conversationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
