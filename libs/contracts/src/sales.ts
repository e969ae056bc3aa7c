import { z } from 'zod';
import { isoDateSchema, moneySchema, salesUnits } from './catalogue';
import { idSchema, optionalIdSchema, optionalText, pageLimitSchema, pageQueryFields } from './fields';
import { validationMessages as m } from './messages';

// ---------------------------------------------------------------- point of sale

/** One cart line: what the client may say. Prices come from the catalogue, never from here. */
export const saleItemInputSchema = z.object({
  productId: idSchema(m.productRequired),
  quantity: z.coerce
    .number({ error: m.saleQuantityMin })
    .int(m.wholeNumber)
    .min(1, m.saleQuantityMin)
    .max(100_000, m.tooLong),
  salesUnit: z.enum(salesUnits, { error: m.salesUnitInvalid }).default('whole'),
  /** Sell from this batch (a scanned GS1 code that names it); otherwise FEFO decides. */
  batchId: optionalIdSchema(),
});
export type SaleItemInput = z.output<typeof saleItemInputSchema>;

/** POST /api/sales/complete */
export const completeSaleSchema = z.object({
  customerName: optionalText(200),
  customerPhone: optionalText(40),
  notes: optionalText(1000),
  cashReceived: moneySchema(m.cashReceivedRequired),
  items: z.array(saleItemInputSchema, { error: m.saleItemsRequired }).min(1, m.saleItemsRequired).max(200, m.tooLong),
});
export type CompleteSaleInput = z.output<typeof completeSaleSchema>;
export type CompleteSaleValues = z.input<typeof completeSaleSchema>;

/** POST /api/sales/{id}/returns: some lines, or (without `lines`) everything not returned yet. */
export const returnSaleSchema = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.tooLong),
  lines: z
    .array(
      z.object({
        lineIndex: z.coerce.number({ error: m.wholeNumber }).int(m.wholeNumber).min(0, m.wholeNumber).max(199),
        quantity: z.coerce.number({ error: m.saleQuantityMin }).int(m.wholeNumber).min(1, m.saleQuantityMin),
      }),
    )
    .min(1, m.saleItemsRequired)
    .max(200, m.tooLong)
    .nullish()
    .transform((lines) => lines ?? null),
});
export type ReturnSaleInput = z.output<typeof returnSaleSchema>;

/** Orders of `GET /api/sales` pages: when sold (`date`) or the amount (`total`), a leading minus for descending. */
export const salesSorts = ['date', '-date', 'total', '-total'] as const;
export type SalesSort = (typeof salesSorts)[number];

/**
 * GET /api/sales: the newest `limit` sales (default 50), as before. With
 * `offset`, `sort` or `q`, one page of the sales matching `q` (the receipt
 * number, that is the last 8 characters of the id or their start, with or
 * without '#'; or the customer's name or phone), in that order (default
 * newest first); the `X-Total-Count` header says how many match.
 */
export const salesQuerySchema = z.object({
  ...pageQueryFields(salesSorts, m.salesSortInvalid),
  limit: pageLimitSchema(500).default(50),
  q: z.string().trim().max(200, m.tooLong).optional(),
  pharmacyId: optionalIdSchema(),
  /** Business days, both included (the Reports screen's period). */
  startDate: isoDateSchema(m.expiryDateInvalid).optional(),
  endDate: isoDateSchema(m.expiryDateInvalid).optional(),
});
export type SalesQuery = z.output<typeof salesQuerySchema>;

/** Whether a `GET /api/sales` call asked for a page (`offset`, `sort` or `q`); `limit` alone is the newest sales, as before. */
export function isSalesPageRequest(query: Pick<SalesQuery, 'offset' | 'sort' | 'q'>): boolean {
  return query.offset !== undefined || query.sort !== undefined || Boolean(query.q);
}

/** A sale in a list (recent sales, reports): the specification's fields and a little more. */
export const saleSchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  notes: z.string().nullable(),
  /** Decimal text ("14.97"). */
  totalAmount: z.string(),
  cashReceived: z.string(),
  change: z.string(),
  /** Refunded so far by returns. */
  refundedAmount: z.string(),
  itemCount: z.number(),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleAllocationSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  returnedQuantity: z.number(),
  totalPrice: z.string(),
  commissionAmount: z.string(),
  /** The batch's discount when sold ("25.00"; `totalPrice` is after it), and what it took off; null / "0.00": none. */
  discountPercentage: z.string().nullable(),
  discountAmount: z.string(),
});

export const saleLineSchema = z.object({
  lineIndex: z.number(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  sku: z.string(),
  salesUnit: z.enum(salesUnits),
  unitsPerPackage: z.number(),
  quantity: z.number(),
  returnedQuantity: z.number(),
  /** Per pack, or per unit with up to 4 decimals ("0.499"). */
  unitPrice: z.string(),
  totalPrice: z.string(),
  commissionEnabled: z.boolean(),
  commissionRate: z.string(),
  commissionAmount: z.string(),
  /** Taken off the list price (`unitPrice` × quantity) by batch discounts; `totalPrice` is after it. */
  discountAmount: z.string(),
  allocations: z.array(saleAllocationSchema),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const saleReturnSchema = z.object({
  returnId: z.string(),
  saleId: z.string(),
  returnedAt: z.string(),
  reason: z.string(),
  refundAmount: z.string(),
  userName: z.string().nullable(),
  lines: z.array(
    z.object({
      lineIndex: z.number(),
      quantity: z.number(),
      refund: z.string(),
      /** Units that went back on sale (the rest came from expired batches). */
      restocked: z.number(),
    }),
  ),
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;

/** GET /api/sales/{id}, and the answer of POST /api/sales/complete: everything a receipt prints. */
export const saleDetailSchema = saleSchema.extend({
  pharmacy: z.object({
    name: z.string(),
    nameAr: z.string().nullable(),
    address: z.string(),
    addressAr: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  lines: z.array(saleLineSchema),
  returns: z.array(saleReturnSchema),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** GET /api/sales/metrics/daily: today at the pharmacy (or all in scope), net of returns. */
export const dailyMetricsSchema = z.object({
  totalSales: z.string(),
  totalOrders: z.number(),
});
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;
