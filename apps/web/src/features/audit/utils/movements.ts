import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

/**
 * The stock ledger's kinds of movement (projections/src/ledger/movements.ts), in
 * the order a period report shows them: what comes in, what is corrected, what
 * goes out, then what moves no packs at all.
 */
export const movementKinds = [
  'received',
  'transfer_received',
  'returned',
  'transfer_returned',
  'corrected',
  'adjusted',
  'counted',
  'sold',
  'dispatched',
  'written_off',
  'reserved',
  'released',
  'expired',
  'discounted',
  'discount_ended',
] as const;
export type MovementKind = (typeof movementKinds)[number];

const labels = {
  received: { id: 'audit.movement.received' },
  transfer_received: { id: 'audit.movement.transferReceived' },
  returned: { id: 'audit.movement.returned' },
  transfer_returned: { id: 'audit.movement.transferReturned' },
  corrected: { id: 'audit.movement.corrected' },
  adjusted: { id: 'audit.movement.adjusted' },
  counted: { id: 'audit.movement.counted' },
  sold: { id: 'audit.movement.sold' },
  dispatched: { id: 'audit.movement.dispatched' },
  written_off: { id: 'audit.movement.writtenOff' },
  reserved: { id: 'audit.movement.reserved' },
  released: { id: 'audit.movement.released' },
  expired: { id: 'audit.movement.expired' },
  discounted: { id: 'audit.movement.discounted' },
  discount_ended: { id: 'audit.movement.discountEnded' },
} as const satisfies Record<MovementKind, { id: MessageId }>;

/** The label of a kind of movement; null for a kind this version of the app does not know. */
export function movementLabel(kind: string): { id: MessageId } | null {
  return Object.hasOwn(labels, kind) ? labels[kind as MovementKind] : null;
}

/** A kind of movement in the reader's language; one the app does not know yet reads as the ledger names it. */
export function movementText(intl: Pick<IntlShape, 'formatMessage'>, kind: string): string {
  const label = movementLabel(kind);
  return label ? intl.formatMessage(label) : kind;
}

/**
 * The kinds of movement a period report needs a column for: those with a
 * non-zero total anywhere in it, known kinds in their usual order, unknown
 * ones after them by name.
 */
export function movementColumns(totals: ReadonlyArray<Readonly<Record<string, number>>>): string[] {
  const used = new Set<string>();
  for (const movements of totals) {
    for (const [kind, packs] of Object.entries(movements)) if (packs !== 0) used.add(kind);
  }
  const known: readonly string[] = movementKinds;
  return [...known.filter((kind) => used.has(kind)), ...[...used].filter((kind) => !known.includes(kind)).sort()];
}

/**
 * A signed number of packs ("+10", "-5") to show inside a left-to-right
 * isolate (`ltr-value`): the locale's direction marks are dropped, since in
 * Arabic they would turn the isolate's "-5" into "5-".
 */
export function signedPacks(intl: Pick<IntlShape, 'formatNumber'>, packs: number): string {
  return intl.formatNumber(packs, { signDisplay: 'exceptZero' }).replace(/[\u061c\u200e\u200f]/g, '');
}
