import { z } from 'zod';
import { idSchema, optionalIdSchema, optionalText, pageQueryFields, jsonNumber } from './fields';
import { validationMessages as m } from './messages';

export const countVarianceReasonNames = [
  'miscount',
  'damaged',
  'expired',
  'theft',
  'found',
  'supplier_error',
  'other',
] as const;
export const writeOffReasonNames = ['expired', 'damaged', 'recalled', 'other'] as const;

/** POST /api/stock-counts: count one pharmacy's stock, all of it or one category's. */
export const startCountSchema = z.strictObject({
  pharmacyId: idSchema(m.pharmacyIdRequired),
  categoryId: optionalIdSchema(),
  /** Only the products kept here (the products' shelf location, any case). */
  shelfLocation: optionalText(64),
  note: optionalText(500),
});
export type StartCountInput = z.output<typeof startCountSchema>;

/** PUT /api/stock-counts/{id}/counts: packs counted per batch (again for a batch: replaces its count). */
export const recordCountsSchema = z.strictObject({
  counts: z
    .array(
      z.strictObject({
        batchId: idSchema(m.batchRequired),
        counted: jsonNumber(m.countedInvalid).int(m.countedInvalid).min(0, m.countedInvalid).max(1_000_000, m.tooLong),
        reason: z
          .enum(countVarianceReasonNames, { error: m.varianceReasonInvalid })
          .nullish()
          .transform((reason) => reason ?? null),
      }),
    )
    .min(1, m.countsRequired)
    .max(5000, m.tooLong),
});
export type RecordCountsInput = z.output<typeof recordCountsSchema>;

export const cancelCountSchema = z.strictObject({ reason: optionalText(500) });

/**
 * Orders of `GET /api/stock-counts` pages: `started` (when started), or
 * `status` (open counts first, as they need work, then posted, then
 * cancelled; newest first within each); a leading minus for descending.
 */
export const countSorts = ['started', '-started', 'status', '-status'] as const;
export type CountSort = (typeof countSorts)[number];

/**
 * GET /api/stock-counts. Without `limit`, `offset` and `sort`, the
 * pharmacy's counts, newest first. With any of them, one page in that order
 * (default `-started`, newest first); the `X-Total-Count` header says how many there are.
 */
export const countsQuerySchema = z.object({
  pharmacyId: optionalIdSchema(),
  ...pageQueryFields(countSorts, m.countSortInvalid),
});
export type CountsQuery = z.output<typeof countsQuerySchema>;

export const stockCountSchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  categoryId: z.string().nullable(),
  shelfLocation: z.string().nullable(),
  note: z.string().nullable(),
  /** open, posted or cancelled. */
  status: z.string(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  postedBy: z.string().nullable(),
  postedAt: z.string().nullable(),
  lineCount: z.number(),
  countedCount: z.number(),
});
export type StockCount = z.infer<typeof stockCountSchema>;

export const stockCountLineSchema = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  productBarcode: z.string().nullable(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Packs in the batch when the count started. */
  expected: z.number(),
  counted: z.number().nullable(),
  /** counted − expected (null until counted): what posting will record. */
  variance: z.number().nullable(),
  reason: z.string().nullable(),
  /** What was posted (after posting). */
  change: z.number().nullable(),
  /** Packs in the batch now (sales and transfers go on during a count). */
  currentQuantity: z.number(),
});

/** GET /api/stock-counts/{id}: the sheet, with its variance report. */
export const stockCountDetailSchema = stockCountSchema.extend({
  lines: z.array(stockCountLineSchema),
  /** Whether the caller may post it (administrators and the pharmacy's manager). */
  canPost: z.boolean(),
});
export type StockCountDetail = z.infer<typeof stockCountDetailSchema>;

/** POST /api/inventory/{id}/write-offs: units destroyed before a witness. */
export const writeOffSchema = z
  .strictObject({
    quantity: jsonNumber(m.wholeNumber).int(m.wholeNumber).min(0, m.wholeNumber).default(0),
    looseUnits: jsonNumber(m.wholeNumber).int(m.wholeNumber).min(0, m.wholeNumber).default(0),
    reason: z.enum(writeOffReasonNames, { error: m.writeOffReasonInvalid }),
    witness: z.string({ error: m.witnessRequired }).trim().min(1, m.witnessRequired).max(200, m.tooLong),
    note: optionalText(1000),
  })
  .refine((value) => value.quantity + value.looseUnits > 0, { path: ['quantity'], message: m.writeOffQuantity });
export type WriteOffInput = z.output<typeof writeOffSchema>;
