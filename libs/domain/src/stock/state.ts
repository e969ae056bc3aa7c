import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export type CountVarianceReason = 'miscount' | 'damaged' | 'expired' | 'theft' | 'found' | 'supplier_error' | 'other';

export const decimalText = z.string().regex(/^\d+\.\d{2}$/);

export const batchFieldsSchema = z.object({
  productId: z.string().uuid(),
  batchNumber: z.string().min(1),
  quantity: z.number().int().min(0),
  purchasePrice: decimalText.nullable(),
  expiryDate: isoDate,
});
export type BatchFields = z.infer<typeof batchFieldsSchema>;

export interface HeldBatch extends BatchFields {
  receivedDate: string;
  supplierId: string | null;
  /** Units of opened packs (pills, sachets, blisters sold one by one); `quantity` counts sealed packs (ADR 0010). */
  looseUnits: number;
  /** Sealed packs held for pending transfers (in `quantity`, not for sale). */
  reserved: number;
  /** A price reduction on this batch ("15.00" percent), e.g. to sell it before it expires; null: none. */
  discountPercentage: string | null;
  /** The business day its expiry was recorded (BatchExpired): its units are expired stock, not for sale. */
  expiredOn: string | null;
  /** How many events have touched this batch: an edit names the version it was made on. */
  version: number;
}

/**
 * What has come back of one sale so far. Only sales with a return are here:
 * the sale itself is immutable and is read from its SaleCompleted event when a
 * return is made, so the state does not grow with every sale (ADR 0010).
 */
export interface ReturnedSale {
  /** The business date of the latest return: the record is forgotten once the return window is over. */
  lastReturnedOn: string;
  /** By `${lineIndex}:${batchId}`: units returned and cents refunded (a decimal integer: JSON has no bigint). */
  allocations: Record<string, { quantity: number; refunded: string }>;
}

export const returnedKey = (lineIndex: number, batchId: string) => `${lineIndex}:${batchId}`;

/** Plain JSON, so it can be stored as a snapshot. */
export interface StockState {
  batches: Record<string, HeldBatch>;
  /** The ids of each product's batches: a sale or a receipt looks at one product's batches, not thousands. */
  byProduct: Record<string, string[]>;
  /** Products withdrawn here (being deleted from the catalogue): product id → when. */
  withdrawn: Record<string, string>;
  /** What has been returned of sales still in the return window, by sale id (only sales with a return). */
  returned: Record<string, ReturnedSale>;
  /** Pending transfers from here, by transfer id: the packs each holds back in which batch. */
  reservations: Record<string, Array<{ batchId: string; productId: string; quantity: number }>>;
  /** Open stock counts, by count id: what each batch held when the count started, and what was counted. */
  counts: Record<
    string,
    {
      expected: Record<string, { productId: string; expected: number }>;
      counted: Record<string, { counted: number; reason: CountVarianceReason | null }>;
    }
  >;
  /** The business date on which returns past the return window were last forgotten. */
  prunedOn?: string;
  /** Discrepancies raised here and not resolved yet, by id: their kind (ADR 0015). Absent in states from before them. */
  discrepancies?: Record<string, string>;
  /** The latest discrepancies resolved (ids), so that resolving one twice is told apart from an unknown id. */
  resolvedDiscrepancies?: string[];
}

/** The batches of one product at this pharmacy, with their ids. */
export function batchesOf(state: StockState, productId: string): Array<[string, HeldBatch]> {
  const ids = state.byProduct[productId] ?? [];
  return ids.flatMap((id) => {
    const batch = state.batches[id];
    return batch ? [[id, batch] as [string, HeldBatch]] : [];
  });
}

/** Files a batch under its product (in place; a batch that changed product is moved). */
export function indexBatch(state: StockState, batchId: string, productId: string, previousProductId?: string): void {
  if (previousProductId && previousProductId !== productId) {
    state.byProduct[previousProductId] = (state.byProduct[previousProductId] ?? []).filter((id) => id !== batchId);
  }
  const ids = (state.byProduct[productId] ??= []);
  if (!ids.includes(batchId)) ids.push(batchId);
}

/**
 * How `stock-*` streams are snapshotted (libs/commands SnapshotPolicy). They
 * grow with every receipt and sale; the API keeps their state in memory
 * between commands, so a snapshot only speeds up the first load after a start
 * (and the expiry scan's): one every 1,000 events keeps that load short
 * without serialising a large state (thousands of batches and the return
 * window's sales) often. Bump the version when StockState changes shape.
 */
export const STOCK_SNAPSHOTS = { schemaVersion: 9, every: 1000 } as const;
