import { useState } from 'react';

/**
 * One Idempotency-Key per user action. Sending the same request again (the
 * user presses Save once more after a network failure) reuses the key, so the
 * server records the action once; a changed request is a new action with a new
 * key, and so is the next one after a success.
 */
export class ActionKey {
  private last: { request: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  for(request: unknown): string {
    const text = JSON.stringify(request) ?? '';
    if (!this.last || this.last.request !== text) this.last = { request: text, key: this.newKey() };
    return this.last.key;
  }

  /** The action succeeded: the next request is a new action. */
  done(): void {
    this.last = null;
  }
}

/** An `ActionKey` that lives as long as the component (a form dialog is mounted once per opening). */
export function useActionKey(): ActionKey {
  return useState(() => new ActionKey())[0];
}
