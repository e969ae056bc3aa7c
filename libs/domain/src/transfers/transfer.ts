import { z } from 'zod';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { EventVersions } from '../shared/event-versions';
import { decimalText } from '../stock/state';

/**
 * A transfer of stock between two pharmacies: its lifecycle, decided on its
 * own stream. What each step does to the pharmacies' batches is recorded on
 * their stock streams by the transfer process (ADR 0011), which reacts to
 * these events; nothing here touches stock.
 *
 *   pending ──approve──▶ approved (dispatched, in transit) ──receive──▶ completed
 *      └──────cancel─────────┴──cancel──▶ cancelled
 *
 * A transfer started by the source's own staff holds its packs at the source
 * from the start. One requested by someone who does not work at the source
 * holds nothing while pending: the source's approval reserves the packs (on
 * its stock stream, where a shortage refuses it) and the process then records
 * the approval with what was reserved ("Requests from outside the source").
 */
export const transferStreamId = (transferId: string) => `transfer-${transferId}`;

export const transferStatuses = ['pending', 'approved', 'completed', 'cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string().datetime({ offset: true });

const transferItem = z.object({
  /** The source batch the packs were reserved in. */
  batchId: z.string().uuid(),
  productId: z.string().uuid(),
  batchNumber: z.string().min(1),
  expiryDate: isoDate,
  purchasePrice: decimalText.nullable(),
  quantity: z.number().int().positive(),
});
export type TransferItem = z.infer<typeof transferItem>;

/** What was asked, per product: whole packs, from the named batch or first expiry first. */
const requestedLine = z.object({
  productId: z.string().uuid(),
  quantity: z.number().int().positive(),
  batchId: z.string().uuid().nullable(),
});
export type RequestedLine = z.infer<typeof requestedLine>;

export const transferEventSchemas = {
  /**
   * The transfer is pending. `reserved`: the source holds the packs (its
   * TransferStockReserved came first; this is the process's step after it).
   * Not reserved: asked by someone who does not work at the source, written
   * by the request itself; `items` are what the source's stock would give at
   * that moment, and its approval reserves `lines` again from the stock as it
   * is then.
   */
  TransferRequested: z.object({
    transferId: z.string().uuid(),
    fromPharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    notes: z.string().nullable(),
    requestedBy: z.string().uuid().nullable(),
    requestedAt: instant,
    items: z.array(transferItem).min(1),
    reserved: z.boolean(),
    lines: z.array(requestedLine).min(1),
  }),
  /**
   * Approved at the source: the packs are dispatched, in transit to the
   * destination. `items`: what the approval reserved, for a request that held
   * nothing (they replace the request's); null when the packs were held from
   * the start.
   */
  TransferApproved: z.object({
    transferId: z.string().uuid(),
    fromPharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    approvedBy: z.string().uuid().nullable(),
    approvedAt: instant,
    items: z.array(transferItem).min(1).nullable(),
  }),
  /**
   * Counted in at the destination: per item what arrived. Units that did not
   * arrive are a discrepancy, recorded with its reason, never dropped silently.
   */
  TransferReceived: z.object({
    transferId: z.string().uuid(),
    fromPharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    receivedBy: z.string().uuid().nullable(),
    receivedAt: instant,
    receivedOn: isoDate,
    items: z.array(transferItem.extend({ receivedQuantity: z.number().int().min(0) })).min(1),
    discrepancyReason: z.string().nullable(),
  }),
  /** Cancelled while pending (the reservation is released) or in transit (the packs go back to their batches). */
  TransferCancelled: z.object({
    transferId: z.string().uuid(),
    fromPharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    cancelledBy: z.string().uuid().nullable(),
    cancelledAt: instant,
    /** The status it was cancelled from: what has to be undone at the source. */
    stage: z.enum(['pending', 'approved']),
    reason: z.string().nullable(),
    items: z.array(transferItem).min(1),
  }),
} as const;

/**
 * Version 2 of TransferRequested says whether the source holds the packs and
 * what was asked; of TransferApproved, what an approval reserved. Every
 * transfer before them was reserved when it was made, and approved as
 * requested.
 */
export const transferEventVersions = {
  TransferRequested: {
    current: 2,
    upcasters: {
      1: (data: { items: TransferItem[] }) => ({
        ...data,
        reserved: true,
        lines: data.items.map(({ productId, quantity, batchId }) => ({ productId, quantity, batchId })),
      }),
    },
  },
  TransferApproved: {
    current: 2,
    upcasters: { 1: (data: Record<string, unknown>) => ({ ...data, items: null }) },
  },
} as const satisfies EventVersions;

type Schemas = typeof transferEventSchemas;
export type TransferEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];
export type TransferRequestedData = z.infer<Schemas['TransferRequested']>;

export interface TransferState {
  status: TransferStatus;
  fromPharmacyId: string;
  toPharmacyId: string;
  items: TransferItem[];
  /** Whether the source held the packs from the request on (false: its approval reserves them). */
  reservedOnRequest: boolean;
  /** What was asked: what an approval of a request that held nothing reserves. */
  lines: RequestedLine[];
  notes: string | null;
  requestedBy: string | null;
  requestedAt: string;
}

/** Pending, and nothing held at the source yet: the request waits for the source's approval. */
export const awaitsSourceApproval = (state: Pick<TransferState, 'status' | 'reservedOnRequest'>) =>
  state.status === 'pending' && !state.reservedOnRequest;

export type TransferCommand =
  /**
   * Written by the transfer process after the source reserved the packs, or by
   * a request from outside the source, which reserves nothing (idempotent: a
   * second time changes nothing).
   */
  | { type: 'RecordTransferRequest'; request: TransferRequestedData }
  | {
      type: 'ApproveTransfer';
      transferId: string;
      by: string | null;
      at: string;
      /** What the source's approval reserved, for a request that held nothing (the process's step after it). */
      reserved?: TransferItem[];
    }
  | {
      type: 'ReceiveTransfer';
      transferId: string;
      by: string | null;
      at: string;
      today: string;
      /** Units counted in per source batch; absent: everything sent arrived. */
      received: Array<{ batchId: string; receivedQuantity: number }> | null;
      discrepancyReason: string | null;
    }
  | { type: 'CancelTransfer'; transferId: string; by: string | null; at: string; reason: string | null };

export const transferNotFound = (transferId: string) =>
  new DomainError('TRANSFER_NOT_FOUND', 'Stock transfer not found', { transferId });

const statusNames: Record<TransferStatus, string> = {
  pending: 'pending',
  approved: 'approved and in transit',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** A step asked of a transfer in a status that does not allow it. */
export function transferStatusConflict(
  transferId: string,
  status: TransferStatus,
  allowed: TransferStatus[],
  action: string,
): DomainError {
  return new DomainError(
    'TRANSFER_STATUS_CONFLICT',
    `This transfer is ${statusNames[status]}; only ${allowed.map((s) => statusNames[s]).join(' or ')} transfers can be ${action}.`,
    { transferId, status },
  );
}

function requireStatus(state: TransferState | null, transferId: string, allowed: TransferStatus[], action: string) {
  if (!state) throw transferNotFound(transferId);
  if (!allowed.includes(state.status)) throw transferStatusConflict(transferId, state.status, allowed, action);
  return state;
}

function decideReceipt(
  command: Extract<TransferCommand, { type: 'ReceiveTransfer' }>,
  state: TransferState,
): TransferEvent {
  const counted = new Map((command.received ?? []).map((r) => [r.batchId, r.receivedQuantity]));
  for (const batchId of counted.keys()) {
    if (!state.items.some((item) => item.batchId === batchId)) {
      throw new DomainError('TRANSFER_ITEM_UNKNOWN', 'A received item is not part of this transfer.', { batchId });
    }
  }
  const items = state.items.map((item) => {
    const receivedQuantity = command.received ? (counted.get(item.batchId) ?? 0) : item.quantity;
    if (!Number.isInteger(receivedQuantity) || receivedQuantity < 0 || receivedQuantity > item.quantity) {
      throw new DomainError(
        'RECEIVED_QUANTITY_INVALID',
        `Batch ${item.batchNumber}: between 0 and ${item.quantity} packs can be received (${receivedQuantity} given).`,
        { batchId: item.batchId, sent: item.quantity },
      );
    }
    return { ...item, receivedQuantity };
  });
  const short = items.some((item) => item.receivedQuantity < item.quantity);
  const reason = command.discrepancyReason?.trim() || null;
  if (short && !reason) {
    throw new DomainError(
      'DISCREPANCY_REASON_REQUIRED',
      'Some packs did not arrive: say what happened to them (damaged, missing, ...) before receiving.',
    );
  }
  return {
    type: 'TransferReceived',
    data: {
      transferId: command.transferId,
      fromPharmacyId: state.fromPharmacyId,
      toPharmacyId: state.toPharmacyId,
      receivedBy: command.by,
      receivedAt: command.at,
      receivedOn: command.today,
      items,
      discrepancyReason: short ? reason : null,
    },
  };
}

export const transferDecider: Decider<TransferCommand, TransferEvent, TransferState | null> = {
  initialState: () => null,

  decide(command, state) {
    switch (command.type) {
      case 'RecordTransferRequest':
        return state ? [] : [{ type: 'TransferRequested', data: command.request }];
      case 'ApproveTransfer': {
        const current = requireStatus(state, command.transferId, ['pending'], 'approved');
        if (!current.reservedOnRequest && !command.reserved) {
          throw new DomainError(
            'TRANSFER_NOT_RESERVED',
            'Nothing is held at the source for this request yet: its approval reserves the packs first.',
            { transferId: command.transferId },
          );
        }
        return [
          {
            type: 'TransferApproved',
            data: {
              transferId: command.transferId,
              fromPharmacyId: current.fromPharmacyId,
              toPharmacyId: current.toPharmacyId,
              approvedBy: command.by,
              approvedAt: command.at,
              items: current.reservedOnRequest ? null : (command.reserved ?? null),
            },
          },
        ];
      }
      case 'ReceiveTransfer':
        return [decideReceipt(command, requireStatus(state, command.transferId, ['approved'], 'received'))];
      case 'CancelTransfer': {
        const current = requireStatus(state, command.transferId, ['pending', 'approved'], 'cancelled');
        return [
          {
            type: 'TransferCancelled',
            data: {
              transferId: command.transferId,
              fromPharmacyId: current.fromPharmacyId,
              toPharmacyId: current.toPharmacyId,
              cancelledBy: command.by,
              cancelledAt: command.at,
              stage: current.status === 'pending' ? 'pending' : 'approved',
              reason: command.reason,
              items: current.items,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TransferRequested':
        return {
          status: 'pending',
          fromPharmacyId: event.data.fromPharmacyId,
          toPharmacyId: event.data.toPharmacyId,
          items: event.data.items,
          reservedOnRequest: event.data.reserved,
          lines: event.data.lines,
          notes: event.data.notes,
          requestedBy: event.data.requestedBy,
          requestedAt: event.data.requestedAt,
        };
      case 'TransferApproved':
        return state && { ...state, status: 'approved', items: event.data.items ?? state.items };
      case 'TransferReceived':
        return state && { ...state, status: 'completed' };
      case 'TransferCancelled':
        return state && { ...state, status: 'cancelled' };
      default:
        return assertNever(event);
    }
  },
};
