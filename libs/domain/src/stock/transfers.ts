import { z } from 'zod';
import { DomainError } from '../shared/errors';
import type { EventVersions } from '../shared/event-versions';
import { allocateFefo, isExpired, type StockOfBatch } from '../sales/fefo';
import { transferStatusConflict, type TransferStatus } from '../transfers/transfer';
import { batchesOf, decimalText, indexBatch, type StockState } from './state';

/**
 * The stock side of a transfer between pharmacies (ADR 0011). The transfer's
 * own stream (`transfer-{id}`) decides its lifecycle; each pharmacy's stock
 * stream records what that means for its batches:
 *
 *   source:       TransferStockReserved → TransferDispatched → (TransferStockReturned)
 *                                       ↘ TransferStockReleased
 *   destination:  TransferStockArrived
 *
 * Reserved packs stay in their batches but cannot be sold, adjusted away or
 * reserved twice; dispatched packs are in transit (in no batch) until they
 * arrive or come back. Transfers move whole packs. A request from outside the
 * source reserves nothing until the source approves it: the reservation is
 * then the approval (`approval`), and the process records it on the transfer.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const transferredBatch = z.object({
  batchId: z.string().uuid(),
  productId: z.string().uuid(),
  batchNumber: z.string().min(1),
  expiryDate: isoDate,
  purchasePrice: decimalText.nullable(),
  quantity: z.number().int().positive(),
});
export type TransferredBatch = z.infer<typeof transferredBatch>;

const movedPacks = z.object({
  batchId: z.string().uuid(),
  productId: z.string().uuid(),
  quantity: z.number().int().positive(),
});

export const transferStockEventSchemas = {
  /**
   * Packs of the source's batches held for a transfer (FEFO, or the named
   * batch): no longer for sale. `approval`: the source's approval of a
   * request that held nothing, by whom and when (null: held from the request on).
   */
  TransferStockReserved: z.object({
    transferId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    notes: z.string().nullable(),
    requestedBy: z.string().uuid().nullable(),
    requestedAt: z.string().datetime({ offset: true }),
    items: z.array(transferredBatch).min(1),
    approval: z
      .object({ approvedBy: z.string().uuid().nullable(), approvedAt: z.string().datetime({ offset: true }) })
      .nullable(),
  }),
  /** A pending transfer was cancelled: its reserved packs are for sale again. */
  TransferStockReleased: z.object({
    transferId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    items: z.array(movedPacks).min(1),
  }),
  /** The reserved packs left the source's batches: in transit. */
  TransferDispatched: z.object({
    transferId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    toPharmacyId: z.string().uuid(),
    items: z.array(movedPacks).min(1),
  }),
  /** A dispatched transfer was cancelled: its packs are back in the batches they left. */
  TransferStockReturned: z.object({
    transferId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    items: z.array(movedPacks).min(1),
  }),
  /**
   * What the destination counted in, as batches with the source's batch
   * number, expiry date and purchase price (topping up its own batch of that
   * number when it holds one). `sourceBatchId` names the batch it came from.
   */
  TransferStockArrived: z.object({
    transferId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    fromPharmacyId: z.string().uuid(),
    receivedDate: isoDate,
    items: z.array(transferredBatch.extend({ sourceBatchId: z.string().uuid() })).min(1),
  }),
} as const;

/** Version 2 of TransferStockReserved says whether it is an approval; every one before it was not. */
export const transferStockEventVersions = {
  TransferStockReserved: {
    current: 2,
    upcasters: { 1: (data: Record<string, unknown>) => ({ ...data, approval: null }) },
  },
} as const satisfies EventVersions;

export type TransferStockReservedData = z.infer<(typeof transferStockEventSchemas)['TransferStockReserved']>;
export type TransferStockArrivedData = z.infer<(typeof transferStockEventSchemas)['TransferStockArrived']>;
type MovedPacks = z.infer<typeof movedPacks>;

export interface ReserveTransferCommand {
  type: 'ReserveTransfer';
  transferId: string;
  pharmacyId: string;
  toPharmacyId: string;
  notes: string | null;
  requestedBy: string | null;
  requestedAt: string;
  today: string;
  /** Whole packs of each product; from the named batch when `batchId` is set (the expiry screen), else FEFO. */
  items: Array<{ productId: string; productName: string; quantity: number; batchId: string | null }>;
  /**
   * The source's approval of a request made from outside it, which reserves
   * only now; null for a transfer its own staff start. `transferStatus` is the
   * transfer's as the approver found it: anything but pending refuses (so a
   * retried approval is answered from its first attempt).
   */
  approval: { approvedBy: string | null; approvedAt: string; transferStatus: TransferStatus } | null;
}

export type TransferStockCommand =
  | ReserveTransferCommand
  | { type: 'DispatchTransfer'; transferId: string; pharmacyId: string; toPharmacyId: string }
  | { type: 'ReleaseTransfer'; transferId: string; pharmacyId: string }
  | { type: 'ReturnTransfer'; transferId: string; pharmacyId: string; items: MovedPacks[] }
  | {
      type: 'ArriveTransfer';
      transferId: string;
      pharmacyId: string;
      fromPharmacyId: string;
      today: string;
      /** What was counted in, per source batch, with the id a new batch here would get. */
      items: Array<TransferredBatch & { newBatchId: string }>;
    };

const packs = (n: number) => `${n} ${n === 1 ? 'pack' : 'packs'}`;

/** Packs of a batch that are neither sold nor held for a transfer. */
export const unreservedPacks = (batch: { quantity: number; reserved: number }) =>
  Math.max(0, batch.quantity - batch.reserved);

export function decideReservation(
  command: ReserveTransferCommand,
  state: StockState,
): TransferStockReservedData | null {
  if (command.approval && command.approval.transferStatus !== 'pending') {
    throw transferStatusConflict(command.transferId, command.approval.transferStatus, ['pending'], 'approved');
  }
  if (state.reservations[command.transferId]) return null;
  const working = new Map<string, StockOfBatch>();
  for (const productId of new Set(command.items.map((item) => item.productId))) {
    for (const [id, batch] of batchesOf(state, productId)) {
      working.set(id, {
        batchId: id,
        productId: batch.productId,
        expiryDate: batch.expiryDate,
        receivedDate: batch.receivedDate,
        packs: batch.quantity,
        looseUnits: 0,
        reservedPacks: batch.reserved,
      });
    }
  }
  const items: TransferredBatch[] = [];
  for (const item of command.items) {
    if (state.withdrawn[item.productId]) {
      throw new DomainError('PRODUCT_BEING_DELETED', `${item.productName} is being deleted from the catalogue.`, {
        productId: item.productId,
      });
    }
    if (item.batchId) {
      const named = state.batches[item.batchId];
      if (!named || named.productId !== item.productId) {
        throw new DomainError('BATCH_NOT_FOUND', `This pharmacy holds no such batch of ${item.productName}.`, {
          batchId: item.batchId,
        });
      }
      if (isExpired(named.expiryDate, command.today)) {
        throw new DomainError(
          'BATCH_EXPIRED',
          `Batch ${named.batchNumber} of ${item.productName} expired on ${named.expiryDate}: expired stock is not transferred.`,
          { batchId: item.batchId, expiryDate: named.expiryDate },
        );
      }
    }
    const result = allocateFefo(
      [...working.values()],
      { productId: item.productId, quantity: item.quantity, unit: 'pack', unitsPerPackage: 1, batchId: item.batchId },
      command.today,
    );
    if (!result.ok) {
      const batch = item.batchId ? state.batches[item.batchId] : undefined;
      throw new DomainError(
        'INSUFFICIENT_STOCK',
        `Only ${packs(result.available)} of ${item.productName} ${
          batch ? `in batch ${batch.batchNumber} ` : ''
        }can be transferred from here (${item.quantity} asked).`,
        {
          productId: item.productId,
          available: result.available,
          requested: item.quantity,
          ...(item.batchId ? { batchId: item.batchId } : {}),
        },
      );
    }
    for (const allocation of result.allocations) {
      const batch = working.get(allocation.batchId)!;
      working.set(allocation.batchId, { ...batch, reservedPacks: (batch.reservedPacks ?? 0) + allocation.quantity });
      // One entry per batch, even when two lines of a product reach the same batch.
      const same = items.find((entry) => entry.batchId === allocation.batchId);
      if (same) {
        same.quantity += allocation.quantity;
        continue;
      }
      const held = state.batches[allocation.batchId]!;
      items.push({
        batchId: allocation.batchId,
        productId: item.productId,
        batchNumber: held.batchNumber,
        expiryDate: held.expiryDate,
        purchasePrice: held.purchasePrice,
        quantity: allocation.quantity,
      });
    }
  }
  return {
    transferId: command.transferId,
    pharmacyId: command.pharmacyId,
    toPharmacyId: command.toPharmacyId,
    notes: command.notes,
    requestedBy: command.requestedBy,
    requestedAt: command.requestedAt,
    items,
    approval: command.approval && { approvedBy: command.approval.approvedBy, approvedAt: command.approval.approvedAt },
  };
}

/** Where each item lands at the destination: its own batch of that number and expiry, else a new one. */
export function decideArrival(
  command: Extract<TransferStockCommand, { type: 'ArriveTransfer' }>,
  state: StockState,
): TransferStockArrivedData['items'] {
  return command.items.map(({ newBatchId, batchId: sourceBatchId, ...item }) => {
    const same = batchesOf(state, item.productId).find(
      ([, held]) =>
        held.batchNumber.trim().toLowerCase() === item.batchNumber.trim().toLowerCase() &&
        held.expiryDate === item.expiryDate,
    );
    return { ...item, batchId: same ? same[0] : newBatchId, sourceBatchId };
  });
}

/** Packs held for transfers are not there to take: adjustments and corrections leave them. */
export function assertNotReserved(state: StockState, batchId: string, quantityAfter: number): void {
  const batch = state.batches[batchId];
  if (batch && quantityAfter < batch.reserved) {
    throw new DomainError(
      'STOCK_RESERVED',
      `${packs(batch.reserved)} of batch ${batch.batchNumber} are reserved for a pending transfer; the batch cannot go below that. Cancel or dispatch the transfer first.`,
      { batchId, reserved: batch.reserved },
    );
  }
}

export function evolveTransferStock(
  state: StockState,
  event:
    | { type: 'TransferStockReserved'; data: TransferStockReservedData }
    | {
        type: 'TransferStockReleased' | 'TransferDispatched' | 'TransferStockReturned';
        data: { transferId: string; items: MovedPacks[] };
      }
    | { type: 'TransferStockArrived'; data: TransferStockArrivedData },
): StockState {
  const touch = (batchId: string, change: { quantity?: number; reserved?: number }) => {
    const batch = state.batches[batchId];
    if (!batch) return;
    batch.quantity += change.quantity ?? 0;
    batch.reserved += change.reserved ?? 0;
    batch.version += 1;
  };
  switch (event.type) {
    case 'TransferStockReserved':
      state.reservations[event.data.transferId] = event.data.items.map(({ batchId, productId, quantity }) => ({
        batchId,
        productId,
        quantity,
      }));
      for (const item of event.data.items) touch(item.batchId, { reserved: item.quantity });
      return state;
    case 'TransferStockReleased':
      delete state.reservations[event.data.transferId];
      for (const item of event.data.items) touch(item.batchId, { reserved: -item.quantity });
      return state;
    case 'TransferDispatched':
      delete state.reservations[event.data.transferId];
      for (const item of event.data.items) touch(item.batchId, { quantity: -item.quantity, reserved: -item.quantity });
      return state;
    case 'TransferStockReturned':
      for (const item of event.data.items) touch(item.batchId, { quantity: item.quantity });
      return state;
    case 'TransferStockArrived':
      for (const item of event.data.items) {
        const held = state.batches[item.batchId];
        if (held) {
          touch(item.batchId, { quantity: item.quantity });
          continue;
        }
        state.batches[item.batchId] = {
          productId: item.productId,
          batchNumber: item.batchNumber,
          quantity: item.quantity,
          purchasePrice: item.purchasePrice,
          expiryDate: item.expiryDate,
          receivedDate: event.data.receivedDate,
          supplierId: null,
          looseUnits: 0,
          reserved: 0,
          discountPercentage: null,
          expiredOn: null,
          version: 1,
        };
        indexBatch(state, item.batchId, item.productId);
      }
      return state;
  }
}
