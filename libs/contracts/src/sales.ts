import { z } from 'zod';
import { CLOCK_SKEW_MS, isoDateSchema, moneySchema, salesUnits } from './catalogue';
import { idSchema, optionalIdSchema, optionalText, pageLimitSchema, pageQueryFields, jsonNumber } from './fields';
import { validationMessages as m } from './messages';

// ---------------------------------------------------------------- point of sale

/** One cart line: what the client may say. Prices come from the catalogue, never from here. */
export const saleItemInputSchema = z.strictObject({
  productId: idSchema(m.productRequired),
  quantity: jsonNumber(m.saleQuantityMin).int(m.wholeNumber).min(1, m.saleQuantityMin).max(100_000, m.tooLong),
  salesUnit: z.enum(salesUnits, { error: m.salesUnitInvalid }).default('whole'),
  /** Sell from this batch (a scanned GS1 code that names it); otherwise FEFO decides. */
  batchId: optionalIdSchema(),
});
export type SaleItemInput = z.output<typeof saleItemInputSchema>;

/** POST /api/sales/complete */
export const completeSaleSchema = z.strictObject({
  customerName: optionalText(200),
  customerPhone: optionalText(40),
  notes: optionalText(1000),
  cashReceived: moneySchema(m.cashReceivedRequired),
  items: z.array(saleItemInputSchema, { error: m.saleItemsRequired }).min(1, m.saleItemsRequired).max(200, m.tooLong),
});
export type CompleteSaleInput = z.output<typeof completeSaleSchema>;
export type CompleteSaleValues = z.input<typeof completeSaleSchema>;

/**
 * POST /api/sales/{id}/returns: some `lines`, or `"all": true` for everything
 * not returned yet; one of the two, said explicitly (a misspelt `lines` must
 * not return a whole sale). Parsed, `lines` is null for "all".
 */
export const returnSaleSchema = z
  .strictObject({
    reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.tooLong),
    lines: z
      .array(
        z.strictObject({
          lineIndex: jsonNumber(m.wholeNumber).int(m.wholeNumber).min(0, m.wholeNumber).max(199),
          quantity: jsonNumber(m.saleQuantityMin).int(m.wholeNumber).min(1, m.saleQuantityMin),
        }),
      )
      .min(1, m.saleItemsRequired)
      .max(200, m.tooLong)
      .optional(),
    all: z.literal(true, { error: m.returnLinesOrAll }).optional(),
  })
  .refine((input) => (input.lines === undefined) !== (input.all === undefined), {
    message: m.returnLinesOrAll,
    path: ['lines'],
  })
  .transform(({ reason, lines }) => ({ reason, lines: lines ?? null }));
export type ReturnSaleInput = z.output<typeof returnSaleSchema>;
export type ReturnSaleValues = z.input<typeof returnSaleSchema>;

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
  /** The till's number of a sale made without a network ("K7Q2-0003"); null for a sale recorded as it happened. */
  offlineNumber: z.string().nullable().default(null),
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
  /** How a sale made offline arrived; null for a sale recorded as it happened. */
  offline: z
    .object({
      number: z.string(),
      /** When the goods left the shop (also `createdAt`), and when the server learned of it. */
      soldAt: z.string(),
      recordedAt: z.string(),
      /** When the till last refreshed its copy of prices and stock. */
      catalogueAsOf: z.string(),
      /** The till's copy was older than the configured window when it sold: flagged for review. */
      priceStale: z.boolean(),
      /** Units sold that the books no longer held (sold elsewhere meanwhile): raised as a discrepancy. */
      shortfalls: z.array(
        z.object({
          lineIndex: z.number(),
          productId: z.string(),
          productName: z.string(),
          quantity: z.number(),
        }),
      ),
    })
    .nullable()
    .default(null),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

// ---------------------------------------------------------------- offline till

/** A till's code and its own running number: "K7Q2-0003". */
export const offlineNumberPattern = /^[A-Z0-9]{4}-\d{4,6}$/;

/**
 * POST /api/sales/offline (Idempotency-Key required): a sale the till made
 * without a network, sent when it is back. It already happened, so stock
 * cannot refuse it: what the books no longer hold is raised as a discrepancy.
 */
export const offlineSaleSchema = completeSaleSchema
  .extend({
    /** The pharmacy the till was selling for (the caller must work there). */
    pharmacyId: idSchema(m.pharmacyIdRequired),
    /** When the sale happened at the counter: not in the future, nor older than the server's window (OFFLINE_SALE_MAX_AGE_HOURS). */
    soldAt: z.iso
      .datetime({ offset: true, error: m.instantInvalid })
      .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, m.soldAtFuture),
    offlineNumber: z
      .string({ error: m.offlineNumberInvalid })
      .trim()
      .toUpperCase()
      .regex(offlineNumberPattern, m.offlineNumberInvalid),
    /** When the till last refreshed its catalogue (GET /api/sales/offline-catalogue `generatedAt`): not in the future, not after the sale. */
    catalogueAsOf: z.iso
      .datetime({ offset: true, error: m.catalogueAsOfInvalid })
      .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, m.catalogueAsOfFuture),
  })
  .refine((sale) => Date.parse(sale.soldAt) >= Date.parse(sale.catalogueAsOf) - CLOCK_SKEW_MS, {
    message: m.soldBeforeCatalogue,
    path: ['soldAt'],
  });
export type OfflineSaleInput = z.output<typeof offlineSaleSchema>;
export type OfflineSaleValues = z.input<typeof offlineSaleSchema>;

/** GET /api/sales/offline-catalogue?pharmacyId=: what a till needs to keep selling without a network. */
export const offlineCatalogueQuerySchema = z.object({ pharmacyId: optionalIdSchema() });

export const offlineCatalogueSchema = z.object({
  pharmacyId: z.string(),
  /** The server's time of this copy: send it back as `catalogueAsOf` with sales made from it. */
  generatedAt: z.string(),
  /** A sale made from a copy older than this is flagged for review (OFFLINE_PRICE_WINDOW_HOURS). */
  priceWindowHours: z.number(),
  /** Active products with their price now. */
  products: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      barcode: z.string().nullable(),
      name: z.string(),
      nameAr: z.string().nullable(),
      genericName: z.string().nullable(),
      genericNameAr: z.string().nullable(),
      price: z.string(),
      salesUnit: z.enum(salesUnits),
      unitsPerPackage: z.number(),
      requiresPrescription: z.boolean(),
    }),
  ),
  /** This pharmacy's batches that can be sold now: not expired, not written off, holding stock beyond reservations. */
  batches: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      receivedDate: z.string(),
      /** Sealed packs free to sell (reserved packs left out), and units of opened packs. */
      quantity: z.number(),
      looseUnits: z.number(),
      discountPercentage: z.string().nullable(),
    }),
  ),
});
export type OfflineCatalogue = z.infer<typeof offlineCatalogueSchema>;

// ---------------------------------------------------------------- stock discrepancies

export const discrepancyKinds = ['late_sale_shortfall', 'stale_price'] as const;
export type DiscrepancyKind = (typeof discrepancyKinds)[number];

/** GET /api/stock-discrepancies */
export const discrepancyQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all'], { error: m.discrepancyStatusInvalid }).default('open'),
  pharmacyId: optionalIdSchema(),
  limit: pageLimitSchema(500).default(100),
});
export type DiscrepancyQuery = z.output<typeof discrepancyQuerySchema>;

/** POST /api/stock-discrepancies/{id}/resolve */
export const resolveDiscrepancySchema = z.strictObject({
  note: z.string({ error: m.discrepancyNoteRequired }).trim().min(1, m.discrepancyNoteRequired).max(1000, m.tooLong),
});
export type ResolveDiscrepancyInput = z.output<typeof resolveDiscrepancySchema>;

/** Something the books and the shop floor disagree on, raised for a person to review. */
export const stockDiscrepancySchema = z.object({
  id: z.string(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  kind: z.enum(discrepancyKinds),
  saleId: z.string(),
  offlineNumber: z.string().nullable(),
  /** When the sale happened, and when the discrepancy was raised (the sale arrived). */
  soldAt: z.string(),
  raisedAt: z.string(),
  /** Shortfall: what the books no longer held; stale price: every line of the sale. */
  lines: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productNameAr: z.string().nullable(),
      salesUnit: z.enum(salesUnits),
      quantity: z.number(),
    }),
  ),
  /** Stale price: when the till's copy was made. */
  catalogueAsOf: z.string().nullable(),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type StockDiscrepancy = z.infer<typeof stockDiscrepancySchema>;

/** GET /api/sales/metrics/daily: today at the pharmacy (or all in scope), net of returns. */
export const dailyMetricsSchema = z.object({
  totalSales: z.string(),
  totalOrders: z.number(),
});
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;
