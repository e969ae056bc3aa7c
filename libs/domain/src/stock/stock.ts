import { z } from 'zod';
import { diff } from '../shared/changes';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';

/**
 * Every batch held at one pharmacy lives in one stream, so a sale or a dispatch
 * that touches several batches is one atomic append: no oversell without
 * distributed transactions (ADR 0001). Quantities are whole units.
 */
export const stockStreamId = (pharmacyId: string) => `stock-${pharmacyId}`;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const decimal = z.string().regex(/^\d+\.\d{2}$/);

export const batchFieldsSchema = z.object({
  productId: z.string().uuid(),
  batchNumber: z.string().min(1),
  quantity: z.number().int().min(0),
  purchasePrice: decimal.nullable(),
  expiryDate: isoDate,
});
export type BatchFields = z.infer<typeof batchFieldsSchema>;
const correctableKeys = Object.keys(batchFieldsSchema.shape) as Array<keyof BatchFields>;

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
  /** The batch dialog's edit: what was recorded wrongly, with the old values. */
  BatchCorrected: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    changes: batchFieldsSchema.partial(),
    previous: batchFieldsSchema.partial(),
  }),
} as const;

type Schemas = typeof stockEventSchemas;
export type StockEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export interface HeldBatch extends BatchFields {
  receivedDate: string;
  supplierId: string | null;
}

/** Plain JSON, so it can be stored as a snapshot. */
export interface StockState {
  batches: Record<string, HeldBatch>;
}

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
  | { type: 'CorrectBatch'; pharmacyId: string; batchId: string; fields: BatchFields };

export const batchNotFound = (batchId: string) =>
  new DomainError('not_found', 'BATCH_NOT_FOUND', 'Inventory batch not found', { batchId });

function sameBatchNumber(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The batch of this product with this number, if the pharmacy holds one. */
export function findBatch(state: StockState, productId: string, batchNumber: string): [string, HeldBatch] | undefined {
  return Object.entries(state.batches).find(
    ([, b]) => b.productId === productId && sameBatchNumber(b.batchNumber, batchNumber),
  );
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: () => ({ batches: {} }),

  decide(command, state) {
    switch (command.type) {
      case 'ReceiveBatch': {
        if (!Number.isInteger(command.quantity) || command.quantity <= 0) {
          throw new DomainError('invalid', 'QUANTITY_INVALID', 'Quantity must be positive');
        }
        if (command.expiryDate < command.today) {
          throw new DomainError('invalid', 'EXPIRY_IN_PAST', 'Expiry date cannot be in the past');
        }
        const existing = findBatch(state, command.productId, command.batchNumber);
        if (existing && existing[1].expiryDate !== command.expiryDate) {
          throw new DomainError(
            'conflict',
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
        const batch = state.batches[command.batchId];
        if (!batch) throw batchNotFound(command.batchId);
        const clash = findBatch(state, command.fields.productId, command.fields.batchNumber);
        if (clash && clash[0] !== command.batchId) {
          throw new DomainError(
            'conflict',
            'BATCH_NUMBER_TAKEN',
            `Batch ${command.fields.batchNumber} of this product is already recorded at this pharmacy (expiry ${clash[1].expiryDate}).`,
            { batchId: clash[0] },
          );
        }
        const changed = diff<BatchFields>(
          batch,
          { ...command.fields, batchNumber: command.fields.batchNumber.trim() },
          correctableKeys,
        );
        return changed
          ? [{ type: 'BatchCorrected', data: { pharmacyId: command.pharmacyId, batchId: command.batchId, ...changed } }]
          : [];
      }

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
          ? { ...held, quantity: held.quantity + quantity, purchasePrice: purchasePrice ?? held.purchasePrice }
          : { productId, batchNumber, quantity, purchasePrice, expiryDate, receivedDate, supplierId };
        return state;
      }
      case 'BatchCorrected': {
        const held = state.batches[event.data.batchId];
        if (held) state.batches[event.data.batchId] = { ...held, ...event.data.changes };
        return state;
      }
      default:
        return assertNever(event);
    }
  },
};
