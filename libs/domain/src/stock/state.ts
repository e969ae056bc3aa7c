import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
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
  /** How many events have touched this batch: an edit names the version it was made on. */
  version: number;
}

/** One line of a recorded sale, as much as a return needs of it. */
export interface SaleLineRecord {
  productId: string;
  salesUnit: string;
  unitsPerPackage: number;
  allocations: Array<{
    batchId: string;
    quantity: number;
    returned: number;
    /** Cents charged and cents refunded so far, as decimal integers (JSON has no bigint). */
    charged: string;
    refunded: string;
  }>;
}

export interface SaleRecord {
  /** The business date of the sale (YYYY-MM-DD). */
  soldOn: string;
  lines: SaleLineRecord[];
}

/** Plain JSON, so it can be stored as a snapshot. */
export interface StockState {
  batches: Record<string, HeldBatch>;
  /** Products withdrawn here (being deleted from the catalogue): product id → when. */
  withdrawn: Record<string, string>;
  /** Sales that can still be returned (the return window), by id. */
  sales: Record<string, SaleRecord>;
}
