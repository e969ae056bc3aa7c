import { useCallback, useSyncExternalStore } from 'react';
import { conversationStorageKey, parseConversation, type ChatMessage, type Conversation } from '../utils/conversation';

// The conversation lives outside React, in sessionStorage (keyed by the user's id):
// it survives a reload and leaving the page, and an answer that arrives after the
// user has gone to another screen is still added to it. The copy below keeps one
// object per stored text, so React sees the same snapshot until something changes,
// and keeps the conversation for this tab when the browser refuses storage.

const copies = new Map<string, { raw: string | null; conversation: Conversation }>();
const listeners = new Set<() => void>();

function readStorage(key: string): string | null | undefined {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, raw: string): void {
  try {
    sessionStorage.setItem(key, raw);
  } catch {
    // Private modes and full storage: the conversation is kept for this page only.
  }
}

export function readConversation(userId: string, now: () => Date = () => new Date()): Conversation {
  const key = conversationStorageKey(userId);
  const raw = readStorage(key);
  const copy = copies.get(key);
  if (copy && (raw === undefined || raw === copy.raw)) return copy.conversation;
  const conversation = parseConversation(raw ?? null) ?? { startedAt: now().toISOString(), messages: [] };
  copies.set(key, { raw: raw ?? null, conversation });
  return conversation;
}

function store(userId: string, conversation: Conversation): void {
  const key = conversationStorageKey(userId);
  const raw = JSON.stringify(conversation);
  writeStorage(key, raw);
  copies.set(key, { raw, conversation });
  for (const listener of listeners) listener();
}

/** Adds a message to the user's conversation (whether or not the page is still open). */
export function appendMessage(userId: string, message: ChatMessage, now: () => Date = () => new Date()): void {
  const current = readConversation(userId, now);
  store(userId, { ...current, messages: [...current.messages, message] });
}

/** Empties the user's conversation: only the welcome message remains, dated now (a reload keeps that date). */
export function clearConversation(userId: string, now: () => Date = () => new Date()): void {
  store(userId, { startedAt: now().toISOString(), messages: [] });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConversation(userId: string) {
  const conversation = useSyncExternalStore(
    subscribe,
    useCallback(() => readConversation(userId), [userId]),
  );
  const append = useCallback((message: ChatMessage) => appendMessage(userId, message), [userId]);
  const clear = useCallback(() => clearConversation(userId), [userId]);
  return { conversation, append, clear };
}
