import { z } from 'zod';
import {
  idSchema,
  optionalEmail,
  optionalIdSchema,
  optionalText,
  optionalVersionSchema,
  pageQueryFields,
  jsonNumber,
} from './fields';
import { validationMessages as m } from './messages';

/**
 * A decimal amount of money as text with two decimals ("12.50"): never binary
 * floating point. Accepts "12.5", "12", 12.5; refuses negatives and more than 2 decimals.
 */
export const moneySchema = (requiredMessage: string) =>
  z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', requiredMessage)
    .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), m.amountInvalid)
    .transform((value) => {
      const [whole, fraction = ''] = value.split('.');
      return `${BigInt(whole!)}.${fraction.padEnd(2, '0')}`;
    });

const optionalMoney = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim(),
  )
  .refine((value) => value === null || /^\d{1,8}(\.\d{1,2})?$/.test(value), m.amountInvalid)
  .transform((value) => {
    if (value === null) return null;
    const [whole, fraction = ''] = value.split('.');
    return `${BigInt(whole!)}.${fraction.padEnd(2, '0')}`;
  });

const optionalUuid = optionalIdSchema();

/** A calendar date "YYYY-MM-DD" (no time zone). */
export const isoDateSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.expiryDateInvalid)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01';
    }, m.expiryDateInvalid);

/** Clocks of a till and the server may differ a little: this much "future" is still now. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * When a fact recorded late actually happened (a receipt entered a day late, a
 * count error found later): an instant with its offset, not in the future.
 * Absent: now.
 */
export const effectiveAtSchema = z.iso
  .datetime({ offset: true, error: m.instantInvalid })
  .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, m.effectiveAtFuture)
  .optional();

// ---------------------------------------------------------------- categories

export const categoryInputSchema = z.strictObject({
  name: z.string({ error: m.categoryNameRequired }).trim().min(1, m.categoryNameRequired).max(200, m.tooLong),
  nameAr: optionalText(200),
  description: optionalText(2000),
  descriptionAr: optionalText(2000),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;
export type CategoryInputValues = z.input<typeof categoryInputSchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

// ---------------------------------------------------------------- suppliers

export const supplierInputSchema = z.strictObject({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.tooLong),
  contactPerson: optionalText(200),
  phone: optionalText(40),
  email: optionalEmail,
  address: optionalText(500),
  isActive: z.boolean({ error: m.mustBeBoolean }).default(true),
});
export type SupplierInput = z.output<typeof supplierInputSchema>;
export type SupplierInputValues = z.input<typeof supplierInputSchema>;

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

// ---------------------------------------------------------------- products

export const salesUnits = ['whole', 'sachet', 'pill', 'blister'] as const;
export type SalesUnit = (typeof salesUnits)[number];

const productFields = {
  sku: z.string({ error: m.skuRequired }).trim().min(1, m.skuRequired).max(64, m.tooLong),
  /** A GTIN/EAN or any code printed on the pack; unique across products. */
  barcode: optionalText(64),
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.tooLong),
  nameAr: optionalText(200),
  description: optionalText(4000),
  descriptionAr: optionalText(4000),
  brand: optionalText(200),
  genericName: optionalText(200),
  genericNameAr: optionalText(200),
  categoryId: optionalUuid,
  supplierId: optionalUuid,
  price: moneySchema(m.priceRequired),
  cost: optionalMoney,
  salesUnit: z.enum(salesUnits, { error: m.salesUnitInvalid }).default('whole'),
  unitsPerPackage: jsonNumber(m.unitsPerPackageMin)
    .int(m.wholeNumber)
    .min(1, m.unitsPerPackageMin)
    .max(100_000, m.tooLong)
    .default(1),
  commissionRate: z
    .union([z.string(), z.number()])
    .default('0')
    .transform((value) => String(value).trim() || '0')
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, m.commissionRange)
    .transform((value) => Number(value).toFixed(2)),
  commissionEnabled: z.boolean({ error: m.mustBeBoolean }).default(false),
  minStockLevel: jsonNumber(m.stockLevelNonNegative)
    .int(m.wholeNumber)
    .min(0, m.stockLevelNonNegative)
    .max(10_000_000, m.tooLong)
    .default(10),
  maxStockLevel: jsonNumber(m.stockLevelNonNegative)
    .int(m.wholeNumber)
    .min(0, m.stockLevelNonNegative)
    .max(10_000_000, m.tooLong)
    .default(1000),
  requiresPrescription: z.boolean({ error: m.mustBeBoolean }).default(false),
  /** Where the product is kept ("Aisle 3, shelf B"). */
  shelfLocation: optionalText(64),
  isActive: z.boolean({ error: m.mustBeBoolean }).default(true),
};

const maxNotBelowMin = (value: { minStockLevel: number; maxStockLevel: number }) =>
  value.maxStockLevel >= value.minStockLevel;

/** PUT /api/products/{id}; `version` (or an If-Match header) is the version the form was loaded at. */
export const productInputSchema = z
  .strictObject({ ...productFields, version: optionalVersionSchema })
  .refine(maxNotBelowMin, { message: m.maxBelowMin, path: ['maxStockLevel'] });
export type ProductInput = z.output<typeof productInputSchema>;

/** POST /api/products: the product, and optionally its first batch. */
export const createProductSchema = z
  .strictObject({
    ...productFields,
    initialQuantity: jsonNumber(m.initialQuantityNonNegative)
      .int(m.wholeNumber)
      .min(0, m.initialQuantityNonNegative)
      .max(10_000_000, m.tooLong)
      .default(0),
    expiryDate: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null)),
    batchNumber: optionalText(64),
    pharmacyId: optionalUuid,
  })
  .refine(maxNotBelowMin, { message: m.maxBelowMin, path: ['maxStockLevel'] })
  .refine((value) => value.initialQuantity === 0 || value.pharmacyId !== null, {
    message: m.pharmacyRequiredForStock,
    path: ['pharmacyId'],
  })
  .refine((value) => value.initialQuantity === 0 || value.expiryDate !== null, {
    message: m.expiryDateRequired,
    path: ['expiryDate'],
  })
  .refine(
    (value) => value.expiryDate === null || isoDateSchema(m.expiryDateRequired).safeParse(value.expiryDate).success,
    {
      message: m.expiryDateInvalid,
      path: ['expiryDate'],
    },
  );
export type CreateProductInput = z.output<typeof createProductSchema>;
export type CreateProductValues = z.input<typeof createProductSchema>;

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  nameAr: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  brand: z.string().nullable(),
  genericName: z.string().nullable(),
  genericNameAr: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryNameAr: z.string().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  price: z.string(),
  cost: z.string().nullable(),
  salesUnit: z.enum(salesUnits),
  unitsPerPackage: z.number(),
  commissionRate: z.string(),
  commissionEnabled: z.boolean(),
  minStockLevel: z.number(),
  maxStockLevel: z.number(),
  requiresPrescription: z.boolean(),
  shelfLocation: z.string().nullable(),
  isActive: z.boolean(),
  /** Units on hand: at the requested pharmacy, or across the pharmacies the caller may see. */
  totalStock: z.number(),
  /** How many changes the product has had; send it back with an edit (409 STALE_EDIT if it moved on). */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

// ---------------------------------------------------------------- inventory

/** POST /api/inventory and PUT /api/inventory/{id} (the batch dialog). */
export const batchInputSchema = z.strictObject({
  productId: idSchema(m.productRequired),
  pharmacyId: idSchema(m.pharmacyIdRequired),
  batchNumber: z.string({ error: m.batchNumberRequired }).trim().min(1, m.batchNumberRequired).max(64, m.tooLong),
  quantity: jsonNumber(m.quantityPositive).int(m.wholeNumber).positive(m.quantityPositive).max(10_000_000, m.tooLong),
  purchasePrice: optionalMoney,
  expiryDate: isoDateSchema(m.expiryDateRequired),
  /** A receipt recorded late: when the goods arrived. */
  effectiveAt: effectiveAtSchema,
});
export type BatchInput = z.output<typeof batchInputSchema>;
export type BatchInputValues = z.input<typeof batchInputSchema>;

/** Why units appeared or disappeared outside a receipt, sale or transfer. */
export const adjustmentReasons = ['count_correction', 'damaged', 'lost', 'found', 'returned_to_supplier'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];
const adjustmentReason = z.enum(adjustmentReasons, { error: m.adjustmentReasonInvalid });

/**
 * PUT /api/inventory/{id}: the batch dialog's edit. A changed quantity is
 * recorded as a signed adjustment (the difference from what the form showed),
 * with `adjustmentReason` (default count_correction).
 */
export const batchCorrectionSchema = batchInputSchema.extend({
  version: optionalVersionSchema,
  adjustmentReason: adjustmentReason.default('count_correction'),
  adjustmentNote: optionalText(500),
});
export type BatchCorrection = z.output<typeof batchCorrectionSchema>;
export type BatchCorrectionValues = z.input<typeof batchCorrectionSchema>;

/** POST /api/inventory/{id}/adjustments: units damaged, lost, found, counted or returned. */
export const stockAdjustmentSchema = z.strictObject({
  quantityChange: jsonNumber(m.quantityChangeInvalid)
    .int(m.quantityChangeInvalid)
    .refine((n) => n !== 0, m.quantityChangeInvalid)
    .refine((n) => Math.abs(n) <= 10_000_000, m.tooLong),
  reason: adjustmentReason,
  note: optionalText(500),
  version: optionalVersionSchema,
  /** A correction found later: when the change really happened (it must leave every balance since then at 0 or more). */
  effectiveAt: effectiveAtSchema,
});
export type StockAdjustmentInput = z.output<typeof stockAdjustmentSchema>;
export type StockAdjustmentValues = z.input<typeof stockAdjustmentSchema>;

export const inventoryBatchSchema = z.object({
  id: z.string(),
  productId: z.string(),
  pharmacyId: z.string(),
  batchNumber: z.string(),
  quantity: z.number(),
  /** Decimal as text, e.g. "3.25"; null when unknown. */
  purchasePrice: z.string().nullable(),
  expiryDate: z.string(),
  receivedDate: z.string(),
  isActive: z.boolean(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  salesUnit: z.enum(salesUnits),
  pharmacyName: z.string(),
  pharmacyNameAr: z.string().nullable(),
  supplierId: z.string().nullable(),
  /** Single units (pills, sachets) of opened packs, besides the sealed packs counted in `quantity`. */
  looseUnits: z.number(),
  /** Packs of `quantity` held for pending transfers: not for sale, not to be adjusted away. */
  reservedQuantity: z.number(),
  /** The batch's discount in percent ("15.00"): the point of sale sells it that much below the list price; null: none. */
  discountPercentage: z.string().nullable(),
  /** The day the expiry scan recorded the batch as expired (its units are expired stock); null: not recorded. */
  expiredOn: z.string().nullable(),
  /** How many events have touched the batch (sales too); send it back with an edit (409 STALE_EDIT if it moved on). */
  version: z.number(),
  updatedAt: z.string(),
});
export type InventoryBatch = z.infer<typeof inventoryBatchSchema>;

/** GET /api/inventory/expiring */
export const expiringBatchSchema = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  batchNumber: z.string(),
  quantity: z.number(),
  expiryDate: z.string(),
  daysToExpiry: z.number(),
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  discountPercentage: z.string().nullable(),
  /** The day the expiry scan recorded the batch as expired; null: not recorded (yet). */
  expiredOn: z.string().nullable(),
  /** Packs held for pending transfers (not to be moved or written off again), and loose units of opened packs. */
  reservedQuantity: z.number(),
  looseUnits: z.number(),
});
export type ExpiringBatch = z.infer<typeof expiringBatchSchema>;
/** GET /api/inventory/expiring/summary: the window and the pharmacy (and `q`) of the list it sums up. */
export const expiringSummaryQuerySchema = z.object({
  days: z.coerce
    .number({ error: m.daysInvalid })
    .int(m.daysInvalid)
    .refine((d) => [7, 14, 30, 60, 90].includes(d), m.daysInvalid)
    .default(30),
  pharmacyId: optionalUuid,
  q: z.string().trim().max(200, m.tooLong).optional(),
});
export type ExpiringSummaryQuery = z.output<typeof expiringSummaryQuerySchema>;

/** Orders of `GET /api/inventory/expiring` pages: a field, with a leading minus for descending. */
export const expiringSorts = [
  'expiry',
  '-expiry',
  'name',
  '-name',
  'quantity',
  '-quantity',
  'pharmacy',
  '-pharmacy',
] as const;
export type ExpiringSort = (typeof expiringSorts)[number];

/**
 * GET /api/inventory/expiring. Without `limit`, `offset`, `sort` and `q`: every
 * batch holding units that expired or expires within `days`, the
 * specification's plain array. With any of them, one page of those whose
 * product (name in either language, generic name, brand, SKU, barcode), batch
 * number or pharmacy name contains `q`; the `X-Total-Count` header says how many match.
 */
export const expiringQuerySchema = expiringSummaryQuerySchema.extend(
  pageQueryFields(expiringSorts, m.expiringSortInvalid),
);
export type ExpiringQuery = z.output<typeof expiringQuerySchema>;

/**
 * GET /api/inventory/expiring/summary: Expiry Management's three cards over
 * every batch the list would page through (not one page): batches expired
 * (0 days or fewer left) and not yet, and their units.
 */
export const expiringSummarySchema = z.object({
  expired: z.number(),
  expiringSoon: z.number(),
  total: z.number(),
  expiredUnits: z.number(),
  expiringSoonUnits: z.number(),
  totalUnits: z.number(),
});
export type ExpiringSummary = z.infer<typeof expiringSummarySchema>;

/** GET /api/inventory/fefo: the batches to sell or move first. */
export const fefoItemSchema = z.object({
  batchId: z.string(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  daysToExpiry: z.number(),
  pharmacyId: z.string(),
});
export type FefoItem = z.infer<typeof fefoItemSchema>;

/** GET /api/inventory/low-stock */
export const lowStockItemSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  currentStock: z.number(),
  minStockLevel: z.number(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

/** Orders of `GET /api/inventory/low-stock` pages: a field, with a leading minus for descending. */
export const lowStockSorts = ['stock', '-stock', 'name', '-name', 'sku', '-sku'] as const;
export type LowStockSort = (typeof lowStockSorts)[number];

/** GET /api/inventory/availability */
export const availabilityRowSchema = z.object({
  productId: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  sku: z.string(),
  availableQty: z.number(),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;
export const availabilityQuerySchema = z.object({
  pharmacyId: idSchema(m.pharmacyIdRequired),
  q: z.string().trim().max(200, m.tooLong).optional(),
  /** Only this product (a pre-filled transfer). */
  productId: optionalIdSchema(),
});

/** A run of the expiry scan: POST /api/inventory/expiry-scan, and the last one in GET. */
export const expiryScanRunSchema = z.object({
  today: z.string(),
  pharmacies: z.number(),
  /** Batches recorded as expired by this run (0 when an earlier run recorded them). */
  batches: z.number(),
  durationMs: z.number(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** 'schedule', or the id of the user who started it. */
  trigger: z.string(),
});
export type ExpiryScanRun = z.infer<typeof expiryScanRunSchema>;
export const expiryScanStatusSchema = z.object({ lastRun: expiryScanRunSchema.nullable() });

/** POST /api/inventory/discount: sell this batch this much below the list price (again to change it). */
export const batchDiscountSchema = z.strictObject({
  batchId: idSchema(m.batchRequired),
  discountPercentage: jsonNumber(m.discountMin)
    .min(1, m.discountMin)
    .max(90, m.discountMax)
    .refine((n) => Math.round(n * 100) === n * 100, m.amountInvalid)
    .transform((n) => n.toFixed(2)),
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.tooLong),
});
export type BatchDiscountInput = z.output<typeof batchDiscountSchema>;

/** POST /api/inventory/{id}/discount/end */
export const endBatchDiscountSchema = z.strictObject({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.tooLong),
});
export type EndBatchDiscountInput = z.output<typeof endBatchDiscountSchema>;

/** Optional `pharmacyId` (and `q`) of the pharmacy-scoped reads. */
export const scopeQuerySchema = z.object({
  pharmacyId: optionalUuid,
  q: z.string().trim().max(200, m.tooLong).optional(),
});

/**
 * GET /api/inventory/low-stock. Without `limit`, `offset`, `sort` and `q`: every
 * active product at or below its minimum, the specification's plain array.
 * With any of them, one page of those whose name (either language), generic
 * name, brand, SKU or barcode contains `q`; the total in `X-Total-Count`.
 */
export const lowStockQuerySchema = scopeQuerySchema.extend(pageQueryFields(lowStockSorts, m.lowStockSortInvalid));
export type LowStockQuery = z.output<typeof lowStockQuerySchema>;

/** Orders of `GET /api/inventory/shortages` pages: a field, with a leading minus for descending. */
export const shortageSorts = [
  'deficit',
  '-deficit',
  'name',
  '-name',
  'pharmacy',
  '-pharmacy',
  'stock',
  '-stock',
] as const;
export type ShortageSort = (typeof shortageSorts)[number];

/**
 * GET /api/inventory/shortages. Without `limit`, `offset`, `sort` and `q`:
 * every shortage, largest deficit first, the specification's plain array.
 * With any of them, one page of those whose product (name in either language,
 * generic name, brand, SKU, barcode) or pharmacy name contains `q`; the total
 * in `X-Total-Count`. Its summary (`/shortages/summary`) takes `pharmacyId` and `q`.
 */
export const shortagesQuerySchema = scopeQuerySchema.extend(pageQueryFields(shortageSorts, m.shortageSortInvalid));
export type ShortagesQuery = z.output<typeof shortagesQuerySchema>;

/** GET /api/inventory/shortages/summary: the four cards over every shortage matching (not one page). */
export const shortageSummarySchema = z.object({
  /** Shortages (a product at a pharmacy at or below its minimum). */
  total: z.number(),
  /** Of those, nothing sellable left at all. */
  critical: z.number(),
  /** Of those, the suggested source can spare the whole deficit. */
  canFulfill: z.number(),
  /** Packs missing in all, the deficits summed. */
  deficit: z.number(),
});
export type ShortageSummaryCounts = z.infer<typeof shortageSummarySchema>;

/** `true` or `false` in a query string. */
const queryFlag = z
  .enum(['true', 'false'], { error: m.flagInvalid })
  .optional()
  .transform((value) => value === 'true');

/**
 * Orders of `GET /api/products` pages: a field, with a leading minus for
 * descending. `nameAr` is the name an Arabic reader sees (the Arabic name, or
 * the English one when there is none).
 */
export const productSorts = [
  'name',
  '-name',
  'nameAr',
  '-nameAr',
  'sku',
  '-sku',
  'price',
  '-price',
  'stock',
  '-stock',
] as const;
export type ProductSort = (typeof productSorts)[number];

/**
 * GET /api/products. Without `limit`, `offset` and `sort`, every product: the
 * specification's plain array. With any of them, one page of the products
 * matching `q` (name in both languages, generic name, brand, SKU, barcode, or
 * a scanned code), in that order, only the active ones with `active=true`; the
 * `X-Total-Count` header says how many match.
 */
export const productListQuerySchema = scopeQuerySchema.extend({
  ...pageQueryFields(productSorts, m.sortInvalid),
  /** `true`: only the products that are on sale (the dashboard's Active Products counts them). */
  active: queryFlag,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/**
 * A batch's expiry band (specification 001 §4, Expiry Tracking), by days from
 * today to its expiry date: expired (before today), critical (0 to 7), soon
 * (8 to 30), expiring (31 to 60), good (more than 60). Batch Management's
 * "Expires Soon" is critical and soon together.
 */
export const expiryStatuses = ['expired', 'critical', 'soon', 'expiring', 'good'] as const;
export type ExpiryStatus = (typeof expiryStatuses)[number];

/** Filters of `GET /api/inventory` and its expiry summary. */
const inventoryFilterFields = {
  /** `q` also matches the location's name (Expiry Tracking), not only the product's name and the batch number. */
  matchLocation: queryFlag,
};

/** Orders of `GET /api/inventory` pages: a field, with a leading minus for descending. */
export const inventorySorts = [
  'expiry',
  '-expiry',
  'product',
  '-product',
  'batch',
  '-batch',
  'quantity',
  '-quantity',
  'received',
  '-received',
] as const;
export type InventorySort = (typeof inventorySorts)[number];

/**
 * GET /api/inventory. Without `limit`, `offset`, `sort`, `q`, `status` and
 * `inStock`: every active batch in scope, the specification's plain array.
 * With any of them, one page of the batches whose product name (either
 * language) or batch number contains `q` (also the location's name with
 * `matchLocation=true`), in one of the expiry bands of `status` (several
 * separated by commas) and, with `inStock=true`, holding units; the
 * `X-Total-Count` header says how many match.
 */
export const inventoryListQuerySchema = scopeQuerySchema.extend({
  ...inventoryFilterFields,
  status: z
    .string({ error: m.expiryStatusInvalid })
    .optional()
    .transform((value, context) => {
      const named = (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (!named.every((part): part is ExpiryStatus => (expiryStatuses as readonly string[]).includes(part))) {
        context.addIssue({ code: 'custom', message: m.expiryStatusInvalid });
        return z.NEVER;
      }
      return [...new Set(named)];
    }),
  inStock: queryFlag,
  ...pageQueryFields(inventorySorts, m.inventorySortInvalid),
});
export type InventoryListQuery = z.output<typeof inventoryListQuerySchema>;

/** GET /api/inventory/expiry-summary: Expiry Tracking's filters (all but the status, which the cards break down). */
export const expirySummaryQuerySchema = scopeQuerySchema.extend(inventoryFilterFields);
export type ExpirySummaryQuery = z.output<typeof expirySummaryQuerySchema>;

/** Specification 001 §9: the urgent banner names at most this many batches. */
export const URGENT_BATCH_LIMIT = 5;

/**
 * GET /api/inventory/expiry-summary: over every batch holding units that
 * matches the filters (not one page), the units in each expiry band, and the
 * first expired or critical batches, earliest expiry first.
 */
export const expirySummarySchema = z.object({
  units: z.object({
    expired: z.number(),
    critical: z.number(),
    soon: z.number(),
    expiring: z.number(),
    good: z.number(),
  }),
  urgent: z.array(inventoryBatchSchema),
});
export type ExpirySummary = z.infer<typeof expirySummarySchema>;

/** Orders of `GET /api/inventory/overview`: the name (English or, `nameAr`, Arabic where there is one) or the SKU. */
export const stockOverviewSorts = ['name', '-name', 'nameAr', '-nameAr', 'sku', '-sku'] as const;
export type StockOverviewSort = (typeof stockOverviewSorts)[number];

/** GET /api/inventory/overview: always one page (default 50), `q` matching like the product search. */
export const stockOverviewQuerySchema = scopeQuerySchema.extend(
  pageQueryFields(stockOverviewSorts, m.stockOverviewSortInvalid),
);
export type StockOverviewQuery = z.output<typeof stockOverviewQuerySchema>;

/** A row of Inventory → Overview: a product and the stock held of it in scope. */
export const stockOverviewRowSchema = z.object({
  productId: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  sku: z.string(),
  minStockLevel: z.number(),
  isActive: z.boolean(),
  /** Units in the active batches that hold any. */
  onHand: z.number(),
  /** Those batches. */
  batchCount: z.number(),
  /** The earliest expiry among them (possibly past: expired stock still on the shelf); null: none held. */
  nearestExpiry: z.string().nullable(),
  /** Where the units are, by name. */
  locations: z.array(z.object({ id: z.string(), name: z.string(), nameAr: z.string().nullable() })),
});
export type StockOverviewRow = z.infer<typeof stockOverviewRowSchema>;

/** A history entry of a product or batch (the history drawer). */
export const historyEntrySchema = z.object({
  position: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** POST /api/products/recognize: the specification's photo recognition result, and what the barcode said. */
export const photoRecognitionSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    drugName: z.string().nullable(),
    /**
     * Where the name came from: 1 the catalogue (matched by barcode), 0.8 a vision model,
     * 0.5 a barcode the catalogue does not know, 0.3 the largest printed line (OCR), 0.2 only an expiry date.
     */
    confidence: z.number().min(0).max(1),
    /**
     * From a GS1 barcode (AI 17) as YYYY-MM-DD, else the expiry date as printed on the pack
     * (e.g. "08/2027"), for the client to normalise (specification 001 §5); null when none was read.
     */
    expiryDate: z.string().nullable(),
    suggestedProduct: z.object({ name: z.string(), description: z.string(), sku: z.string() }),
    /** The GTIN read (14 digits), null when no barcode carried one. */
    barcode: z.string().nullable(),
    /** From a GS1 barcode (AI 10). */
    batchNumber: z.string().nullable(),
    /** The catalogue product with this barcode, if any. */
    productId: z.string().nullable(),
    /**
     * The symbology of the barcode the product (and its batch and expiry) was read from, as zxing names it:
     * EAN13, DataMatrix, QRCode, Code128…; null when no barcode named a product.
     */
    barcodeFormat: z.string().nullable(),
    /**
     * Why this product is the answer: `onlyProduct` the barcodes name one product; of several (packs side by
     * side), `inCatalogue` the only one the catalogue knows, `carriesExpiry` its barcode carries its expiry
     * date or batch, `largestSymbol` its barcode is clearly the largest, `readFirst` its barcode was read
     * first. Null when no barcode named a product.
     */
    chosenBecause: z.enum(['onlyProduct', 'inCatalogue', 'carriesExpiry', 'largestSymbol', 'readFirst']).nullable(),
    /** The other products the photo's barcodes name, each with the batch and expiry of its own barcode only. */
    otherProducts: z.array(
      z.object({
        barcode: z.string(),
        barcodeFormat: z.string(),
        productId: z.string().nullable(),
        name: z.string().nullable(),
        expiryDate: z.string().nullable(),
        batchNumber: z.string().nullable(),
      }),
    ),
  }),
});
export type PhotoRecognition = z.infer<typeof photoRecognitionSchema>;
