import { z } from 'zod';
import { diff } from '../shared/changes';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isExpired } from '../sales/fefo';
import {
  decideReturn,
  decideSale,
  evolveSaleCompleted,
  evolveSaleReturned,
  saleEventSchemas,
  type CompleteSaleCommand,
  type ReturnSaleCommand,
} from './sales';
import {
  batchesOf,
  batchFieldsSchema,
  decimalText,
  indexBatch,
  type BatchFields,
  type HeldBatch,
  type StockState,
} from './state';
import { countEventSchemas, decideCount, evolveCount, type CountCommand } from './counts';
import {
  decideOfflineSale,
  decideResolution,
  evolveDiscrepancy,
  offlineSaleEventSchemas,
  type OfflineSaleCommand,
} from './offline-sales';
import {
  assertNotReserved,
  decideArrival,
  decideReservation,
  evolveTransferStock,
  transferStockEventSchemas,
  type TransferStockCommand,
} from './transfers';

export { batchFieldsSchema, STOCK_SNAPSHOTS, type BatchFields, type HeldBatch, type StockState } from './state';

/**
 * Every batch held at one pharmacy lives in one stream, so a sale or a dispatch
 * that touches several batches is one atomic append: no oversell without
 * distributed transactions (ADR 0001). Quantities are whole units.
 */
export const stockStreamId = (pharmacyId: string) => `stock-${pharmacyId}`;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = decimalText;
/** What the batch dialog corrects in place; the quantity changes only by signed adjustments. */
export type CorrectableBatchFields = Omit<BatchFields, 'quantity'>;
const correctableKeys: Array<keyof CorrectableBatchFields> = [
  'productId',
  'batchNumber',
  'purchasePrice',
  'expiryDate',
];

/** Why units appeared or disappeared outside a receipt, sale or transfer. */
export const adjustmentReasons = ['count_correction', 'damaged', 'lost', 'found', 'returned_to_supplier'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

export const stockEventSchemas = {
  /** Units received into a batch; a receipt of a batch already held (same product, number and expiry) adds to it. */
  BatchReceived: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    batchNumber: z.string().min(1),
    quantity: z.number().int().positive(),
    purchasePrice: decimal.nullable(),
    expiryDate: isoDate,
    receivedDate: isoDate,
    supplierId: z.string().uuid().nullable(),
  }),
  /**
   * The batch dialog's edit: what was recorded wrongly, with the old values.
   * Since quantities change by StockAdjusted, `changes` holds no quantity; events
   * written before that may (an absolute quantity), and are still read so.
   */
  BatchCorrected: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    changes: batchFieldsSchema.partial(),
    previous: batchFieldsSchema.partial(),
  }),
  /** Units counted, damaged, lost, found or returned to the supplier: a signed change, never an absolute number. */
  StockAdjusted: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    quantityChange: z
      .number()
      .int()
      .refine((n) => n !== 0),
    reason: z.enum(adjustmentReasons),
    note: z.string().nullable(),
  }),
  /** The product is being deleted from the catalogue: this pharmacy holds none and receives no more. */
  ProductWithdrawn: z.object({
    pharmacyId: z.string().uuid(),
    productId: z.string().uuid(),
    /** When the deletion started: a withdrawal whose deletion never finished is undone after a while. */
    withdrawnAt: z.string().datetime({ offset: true }),
  }),
  /** Sales of this batch are at the list price less this percentage from now on (until changed or ended). */
  BatchDiscountSet: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    discountPercentage: z.string().regex(/^\d{1,2}\.\d{2}$/),
    reason: z.string().min(1),
    previousPercentage: z.string().nullable(),
  }),
  /**
   * The expiry scan found the batch past its expiry date with units left:
   * from now on they are expired stock (never sold; to be written off or
   * returned to the supplier), counted as such in reports.
   */
  BatchExpired: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    batchNumber: z.string(),
    expiryDate: isoDate,
    /** Packs and loose units it held when its expiry was recorded. */
    quantity: z.number().int().min(0),
    looseUnits: z.number().int().min(0),
    recordedOn: isoDate,
  }),
  /** The batch sells at the list price again. */
  BatchDiscountEnded: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    reason: z.string().min(1),
    previousPercentage: z.string(),
  }),
  /** A deletion that could not finish gave the product back to this pharmacy. */
  ProductReinstated: z.object({ pharmacyId: z.string().uuid(), productId: z.string().uuid() }),
  ...saleEventSchemas,
  ...offlineSaleEventSchemas,
  ...transferStockEventSchemas,
  ...countEventSchemas,
} as const;

type Schemas = typeof stockEventSchemas;
export type StockEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export type StockCommand =
  | {
      type: 'ReceiveBatch';
      pharmacyId: string;
      /** Id for a new batch; ignored when the receipt tops up a batch already held. */
      batchId: string;
      productId: string;
      batchNumber: string;
      quantity: number;
      purchasePrice: string | null;
      expiryDate: string;
      supplierId: string | null;
      /** Today at the pharmacy, YYYY-MM-DD (the clock is passed in). */
      today: string;
    }
  | {
      type: 'CorrectBatch';
      pharmacyId: string;
      batchId: string;
      fields: CorrectableBatchFields;
      /** The quantity the form shows; a difference from the batch's quantity is recorded as an adjustment. */
      quantity: number;
      reason: AdjustmentReason;
      note: string | null;
      /** The batch's version when the form was loaded; null when the client did not say (no stale-edit check). */
      expectedVersion: number | null;
    }
  | {
      type: 'AdjustStock';
      pharmacyId: string;
      batchId: string;
      quantityChange: number;
      reason: AdjustmentReason;
      note: string | null;
      expectedVersion: number | null;
    }
  | {
      type: 'SetBatchDiscount';
      pharmacyId: string;
      batchId: string;
      /** Two decimals, 1.00 to 90.00. */
      discountPercentage: string;
      reason: string;
      today: string;
    }
  | { type: 'EndBatchDiscount'; pharmacyId: string; batchId: string; reason: string }
  /** Records the expiry of every batch past its expiry date that still holds units (once per batch). */
  | { type: 'RecordExpiries'; pharmacyId: string; today: string }
  | { type: 'WithdrawProduct'; pharmacyId: string; productId: string; /** now, ISO 8601 */ at: string }
  | { type: 'ReinstateProduct'; pharmacyId: string; productId: string }
  | CompleteSaleCommand
  | ReturnSaleCommand
  | OfflineSaleCommand
  | TransferStockCommand
  | CountCommand;

export const batchNotFound = (batchId: string) =>
  new DomainError('BATCH_NOT_FOUND', 'Inventory batch not found', { batchId });

/** An edit made on an older version of the batch: someone (or a sale) changed it since the form was loaded. */
export const staleBatchEdit = (batchId: string, version: number) =>
  new DomainError(
    'STALE_EDIT',
    'This batch was changed by someone else after you opened it. Check its current values and try again.',
    { batchId, version },
  );

function sameBatchNumber(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The batch of this product with this number, if the pharmacy holds one. */
export function findBatch(state: StockState, productId: string, batchNumber: string): [string, HeldBatch] | undefined {
  return batchesOf(state, productId).find(([, b]) => sameBatchNumber(b.batchNumber, batchNumber));
}

/** Units of a product held in all its batches at this pharmacy. */
export function unitsOfProduct(state: StockState, productId: string): number {
  let units = 0;
  for (const [, batch] of batchesOf(state, productId)) units += batch.quantity;
  return units;
}

function heldBatch(state: StockState, batchId: string, expectedVersion: number | null): HeldBatch {
  const batch = state.batches[batchId];
  if (!batch) throw batchNotFound(batchId);
  if (expectedVersion !== null && batch.version !== expectedVersion) throw staleBatchEdit(batchId, batch.version);
  return batch;
}

function assertAdjustable(state: StockState, batch: HeldBatch, batchId: string, quantityChange: number): void {
  if (!Number.isInteger(quantityChange) || quantityChange === 0) {
    throw new DomainError('QUANTITY_INVALID', 'The quantity change must be a whole number other than 0');
  }
  if (batch.quantity + quantityChange < 0) {
    throw new DomainError(
      'INSUFFICIENT_STOCK',
      `Batch ${batch.batchNumber} holds ${batch.quantity} units; ${-quantityChange} cannot be taken out.`,
      { batchId, available: batch.quantity },
    );
  }
  assertNotReserved(state, batchId, batch.quantity + quantityChange);
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: () => ({ batches: {}, byProduct: {}, withdrawn: {}, returned: {}, reservations: {}, counts: {} }),

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveBatch': {
        if (!Number.isInteger(command.quantity) || command.quantity <= 0) {
          throw new DomainError('QUANTITY_INVALID', 'Quantity must be positive');
        }
        if (command.expiryDate < command.today) {
          throw new DomainError('EXPIRY_IN_PAST', 'Expiry date cannot be in the past');
        }
        const withdrawnAt = state.withdrawn[command.productId];
        if (withdrawnAt) {
          throw new DomainError(
            'PRODUCT_BEING_DELETED',
            'This product is being deleted from the catalogue and cannot be received.',
            { productId: command.productId, withdrawnAt },
          );
        }
        const existing = findBatch(state, command.productId, command.batchNumber);
        if (existing && existing[1].expiryDate !== command.expiryDate) {
          throw new DomainError(
            'BATCH_EXPIRY_MISMATCH',
            `Batch ${existing[1].batchNumber} of this product is already recorded here with expiry date ${existing[1].expiryDate}, not ${command.expiryDate}. Check the pack and correct the batch if needed.`,
            { batchId: existing[0], expiryDate: existing[1].expiryDate },
          );
        }
        return [
          {
            type: 'BatchReceived',
            data: {
              pharmacyId: command.pharmacyId,
              batchId: existing ? existing[0] : command.batchId,
              productId: command.productId,
              batchNumber: existing ? existing[1].batchNumber : command.batchNumber.trim(),
              quantity: command.quantity,
              purchasePrice: command.purchasePrice,
              expiryDate: command.expiryDate,
              receivedDate: command.today,
              supplierId: command.supplierId,
            },
          },
        ];
      }

      case 'CorrectBatch': {
        const batch = heldBatch(state, command.batchId, command.expectedVersion);
        const clash = findBatch(state, command.fields.productId, command.fields.batchNumber);
        if (clash && clash[0] !== command.batchId) {
          throw new DomainError(
            'BATCH_NUMBER_TAKEN',
            `Batch ${command.fields.batchNumber} of this product is already recorded at this pharmacy (expiry ${clash[1].expiryDate}).`,
            { batchId: clash[0] },
          );
        }
        const events: StockEvent[] = [];
        const changed = diff<CorrectableBatchFields>(
          batch,
          { ...command.fields, batchNumber: command.fields.batchNumber.trim() },
          correctableKeys,
        );
        if (changed) {
          events.push({
            type: 'BatchCorrected',
            data: { pharmacyId: command.pharmacyId, batchId: command.batchId, ...changed },
          });
        }
        const quantityChange = command.quantity - batch.quantity;
        if (quantityChange !== 0) {
          assertAdjustable(state, batch, command.batchId, quantityChange);
          events.push({
            type: 'StockAdjusted',
            data: {
              pharmacyId: command.pharmacyId,
              batchId: command.batchId,
              productId: command.fields.productId,
              quantityChange,
              reason: command.reason,
              note: command.note,
            },
          });
        }
        return events;
      }

      case 'AdjustStock': {
        const batch = heldBatch(state, command.batchId, command.expectedVersion);
        assertAdjustable(state, batch, command.batchId, command.quantityChange);
        return [
          {
            type: 'StockAdjusted',
            data: {
              pharmacyId: command.pharmacyId,
              batchId: command.batchId,
              productId: batch.productId,
              quantityChange: command.quantityChange,
              reason: command.reason,
              note: command.note,
            },
          },
        ];
      }

      case 'SetBatchDiscount': {
        const batch = heldBatch(state, command.batchId, null);
        if (batch.quantity + batch.looseUnits === 0) {
          throw new DomainError(
            'BATCH_EMPTY',
            `Batch ${batch.batchNumber} holds no stock: there is nothing to discount.`,
            {
              batchId: command.batchId,
            },
          );
        }
        if (isExpired(batch.expiryDate, command.today)) {
          throw new DomainError(
            'BATCH_EXPIRED',
            `Batch ${batch.batchNumber} expired on ${batch.expiryDate}: it cannot be sold, so it cannot be discounted.`,
            { batchId: command.batchId, expiryDate: batch.expiryDate },
          );
        }
        if (batch.discountPercentage === command.discountPercentage) return [];
        return [
          {
            type: 'BatchDiscountSet',
            data: {
              pharmacyId: command.pharmacyId,
              batchId: command.batchId,
              productId: batch.productId,
              discountPercentage: command.discountPercentage,
              reason: command.reason,
              previousPercentage: batch.discountPercentage,
            },
          },
        ];
      }

      case 'EndBatchDiscount': {
        const batch = heldBatch(state, command.batchId, null);
        if (!batch.discountPercentage) {
          throw new DomainError('NO_DISCOUNT', `Batch ${batch.batchNumber} has no discount to end.`, {
            batchId: command.batchId,
          });
        }
        return [
          {
            type: 'BatchDiscountEnded',
            data: {
              pharmacyId: command.pharmacyId,
              batchId: command.batchId,
              productId: batch.productId,
              reason: command.reason,
              previousPercentage: batch.discountPercentage,
            },
          },
        ];
      }

      case 'RecordExpiries':
        return Object.entries(state.batches)
          .filter(
            ([, batch]) =>
              batch.expiredOn === null &&
              isExpired(batch.expiryDate, command.today) &&
              batch.quantity + batch.looseUnits > 0,
          )
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([batchId, batch]) => ({
            type: 'BatchExpired' as const,
            data: {
              pharmacyId: command.pharmacyId,
              batchId,
              productId: batch.productId,
              batchNumber: batch.batchNumber,
              expiryDate: batch.expiryDate,
              quantity: batch.quantity,
              looseUnits: batch.looseUnits,
              recordedOn: command.today,
            },
          }));

      case 'WithdrawProduct': {
        const units = unitsOfProduct(state, command.productId);
        if (units > 0) {
          throw new DomainError(
            'INVENTORY_EXISTS',
            'This product has existing inventory. Please remove all inventory batches first.',
            { unitsInStock: units, pharmacyId: command.pharmacyId },
          );
        }
        if (state.withdrawn[command.productId]) return [];
        return [
          {
            type: 'ProductWithdrawn',
            data: { pharmacyId: command.pharmacyId, productId: command.productId, withdrawnAt: command.at },
          },
        ];
      }

      case 'ReinstateProduct':
        return state.withdrawn[command.productId]
          ? [{ type: 'ProductReinstated', data: { pharmacyId: command.pharmacyId, productId: command.productId } }]
          : [];

      case 'CompleteSale':
        return [{ type: 'SaleCompleted', data: decideSale(command, state) }];

      case 'ReturnSale':
        return [{ type: 'SaleReturned', data: decideReturn(command, state) }];

      case 'RecordOfflineSale':
        return decideOfflineSale(command, state);

      case 'ResolveDiscrepancy':
        return decideResolution(command, state);

      case 'StartCount':
      case 'RecordCounts':
      case 'PostCount':
      case 'CancelCount':
      case 'WriteOff':
        return decideCount(command, state);

      case 'ReserveTransfer': {
        const reserved = decideReservation(command, state);
        return reserved ? [{ type: 'TransferStockReserved', data: reserved }] : [];
      }

      case 'DispatchTransfer': {
        // Nothing reserved under this id: dispatched (or released) already.
        const items = state.reservations[command.transferId];
        return items
          ? [
              {
                type: 'TransferDispatched',
                data: {
                  transferId: command.transferId,
                  pharmacyId: command.pharmacyId,
                  toPharmacyId: command.toPharmacyId,
                  items,
                },
              },
            ]
          : [];
      }

      case 'ReleaseTransfer': {
        const items = state.reservations[command.transferId];
        return items
          ? [
              {
                type: 'TransferStockReleased',
                data: { transferId: command.transferId, pharmacyId: command.pharmacyId, items },
              },
            ]
          : [];
      }

      case 'ReturnTransfer':
        return command.items.length > 0
          ? [
              {
                type: 'TransferStockReturned',
                data: { transferId: command.transferId, pharmacyId: command.pharmacyId, items: command.items },
              },
            ]
          : [];

      case 'ArriveTransfer':
        return command.items.length > 0
          ? [
              {
                type: 'TransferStockArrived',
                data: {
                  transferId: command.transferId,
                  pharmacyId: command.pharmacyId,
                  fromPharmacyId: command.fromPharmacyId,
                  receivedDate: command.today,
                  items: decideArrival(command, state),
                },
              },
            ]
          : [];

      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      // In place (see Decider): copying every batch for every event would make a fold quadratic.
      case 'BatchReceived': {
        const { batchId, productId, batchNumber, quantity, purchasePrice, expiryDate, receivedDate, supplierId } =
          event.data;
        const held = state.batches[batchId];
        state.batches[batchId] = held
          ? {
              ...held,
              quantity: held.quantity + quantity,
              purchasePrice: purchasePrice ?? held.purchasePrice,
              version: held.version + 1,
            }
          : {
              productId,
              batchNumber,
              quantity,
              purchasePrice,
              expiryDate,
              receivedDate,
              supplierId,
              looseUnits: 0,
              reserved: 0,
              discountPercentage: null,
              expiredOn: null,
              version: 1,
            };
        if (!held) indexBatch(state, batchId, productId);
        return state;
      }
      case 'BatchCorrected': {
        const held = state.batches[event.data.batchId];
        if (held) {
          const corrected = { ...held, ...event.data.changes, version: held.version + 1 };
          state.batches[event.data.batchId] = corrected;
          if (corrected.productId !== held.productId)
            indexBatch(state, event.data.batchId, corrected.productId, held.productId);
        }
        return state;
      }
      case 'StockAdjusted': {
        const held = state.batches[event.data.batchId];
        if (held) {
          state.batches[event.data.batchId] = {
            ...held,
            quantity: held.quantity + event.data.quantityChange,
            version: held.version + 1,
          };
        }
        return state;
      }
      case 'BatchDiscountSet':
      case 'BatchDiscountEnded': {
        const held = state.batches[event.data.batchId];
        if (held) {
          held.discountPercentage = event.type === 'BatchDiscountSet' ? event.data.discountPercentage : null;
          held.version += 1;
        }
        return state;
      }
      case 'BatchExpired': {
        const held = state.batches[event.data.batchId];
        if (held) {
          held.expiredOn = event.data.recordedOn;
          held.version += 1;
        }
        return state;
      }
      case 'ProductWithdrawn':
        state.withdrawn[event.data.productId] = event.data.withdrawnAt;
        return state;
      case 'ProductReinstated':
        delete state.withdrawn[event.data.productId];
        return state;
      case 'SaleCompleted':
        return evolveSaleCompleted(state, event.data);
      case 'SaleReturned':
        return evolveSaleReturned(state, event.data);
      case 'StockDiscrepancyRaised':
      case 'StockDiscrepancyResolved':
        return evolveDiscrepancy(state, event);
      case 'TransferStockReserved':
      case 'TransferStockReleased':
      case 'TransferDispatched':
      case 'TransferStockReturned':
      case 'TransferStockArrived':
        return evolveTransferStock(state, event);
      case 'StockCountStarted':
      case 'StockCounted':
      case 'StockCountPosted':
      case 'StockCountCancelled':
      case 'StockWrittenOff':
        return evolveCount(state, event);
      default:
        return assertNever(event);
    }
  },
};
