import { z } from 'zod';
import { isoDateSchema } from './catalogue';
import { optionalIdSchema } from './fields';
import { validationMessages as m } from './messages';

const optionalDay = isoDateSchema(m.expiryDateInvalid).optional();

/**
 * A period of business days, both ends included. Today sends the same day for
 * both; all time omits both.
 */
export const reportPeriodQuerySchema = z
  .object({
    pharmacyId: optionalIdSchema(),
    startDate: optionalDay,
    endDate: optionalDay,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    message: m.periodReversed,
  });
export type ReportPeriodQuery = z.output<typeof reportPeriodQuerySchema>;

/** The specification's commission row (GET /api/sales/commission-report). */
export const commissionRowSchema = z.object({
  saleId: z.string(),
  productId: z.string(),
  pharmacistName: z.string(),
  pharmacistEmail: z.string(),
  productName: z.string(),
  productSku: z.string(),
  saleDate: z.string(),
  quantity: z.number(),
  salesUnit: z.string(),
  totalPrice: z.string(),
  commissionRate: z.string(),
  commissionAmount: z.string(),
  pharmacyId: z.string(),
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;

/** GET /api/reports/sales-summary: what the charts of the Reports screen draw. */
export const salesSummarySchema = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totals: z.object({
    /** Gross sales less refunds given in the period (decimal text). */
    revenue: z.string(),
    refunds: z.string(),
    orders: z.number(),
    averageOrder: z.string(),
  }),
  perDay: z.array(z.object({ date: z.string(), revenue: z.string(), orders: z.number() })),
  byPharmacy: z.array(
    z.object({
      pharmacyId: z.string(),
      pharmacyName: z.string(),
      pharmacyNameAr: z.string().nullable(),
      revenue: z.string(),
      orders: z.number(),
    }),
  ),
  topProducts: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productNameAr: z.string().nullable(),
      productSku: z.string(),
      quantity: z.number(),
      revenue: z.string(),
    }),
  ),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** GET /api/reports/stock-summary: stock value and expiry exposure, now. */
export const stockSummarySchema = z.object({
  byPharmacy: z.array(
    z.object({
      pharmacyId: z.string(),
      pharmacyName: z.string(),
      pharmacyNameAr: z.string().nullable(),
      /** Sealed packs on hand. */
      units: z.number(),
      /** At purchase price, else the product's cost (decimal text). */
      costValue: z.string(),
      /** At the list price (decimal text). */
      retailValue: z.string(),
    }),
  ),
  /** Packs on hand by the month they expire (YYYY-MM), expired months included. */
  expiryByMonth: z.array(z.object({ month: z.string(), units: z.number(), costValue: z.string() })),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;
