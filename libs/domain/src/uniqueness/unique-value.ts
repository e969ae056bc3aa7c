import { z } from 'zod';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';

/**
 * Set-wide uniqueness (a product SKU, a barcode) with no cross-stream
 * transaction: each value has a small stream of its own, and claiming it is an
 * append with an expected revision, so of two concurrent claims exactly one wins.
 */
export type UniqueKind = 'product-sku' | 'product-barcode';

export function uniqueValueStreamId(kind: UniqueKind, value: string): string {
  return `unique-${kind}-${normaliseUniqueValue(value)}`;
}

export function normaliseUniqueValue(value: string): string {
  return value.trim().toLowerCase();
}

export const uniqueValueEventSchemas = {
  UniqueValueClaimed: z.object({ kind: z.string(), value: z.string(), ownerId: z.string() }),
  UniqueValueReleased: z.object({ kind: z.string(), value: z.string(), ownerId: z.string() }),
} as const;

type Schemas = typeof uniqueValueEventSchemas;
export type UniqueValueEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export type UniqueValueCommand =
  /**
   * `ownerIsGone`: the current owner no longer holds the value (deleted, or
   * changed it while a release was lost), so the claim may take it over.
   */
  | {
      type: 'ClaimUniqueValue';
      kind: UniqueKind;
      value: string;
      ownerId: string;
      ownerIsGone?: boolean;
      conflictMessage: string;
    }
  | { type: 'ReleaseUniqueValue'; kind: UniqueKind; value: string; ownerId: string };

export type UniqueValueState = { ownerId: string | null };

export const uniqueValueDecider: Decider<UniqueValueCommand, UniqueValueEvent, UniqueValueState> = {
  initialState: () => ({ ownerId: null }),

  decide(command, state) {
    const { kind, value, ownerId } = command;
    switch (command.type) {
      case 'ClaimUniqueValue':
        if (state.ownerId === ownerId) return [];
        if (state.ownerId !== null && !command.ownerIsGone) {
          throw new DomainError('DUPLICATE_VALUE', command.conflictMessage, {
            kind,
            value,
            ownerId: state.ownerId,
          });
        }
        return [{ type: 'UniqueValueClaimed', data: { kind, value, ownerId } }];
      case 'ReleaseUniqueValue':
        return state.ownerId === ownerId ? [{ type: 'UniqueValueReleased', data: { kind, value, ownerId } }] : [];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UniqueValueClaimed':
        return { ownerId: event.data.ownerId };
      case 'UniqueValueReleased':
        return state.ownerId === event.data.ownerId ? { ownerId: null } : state;
      default:
        return assertNever(event);
    }
  },
};
