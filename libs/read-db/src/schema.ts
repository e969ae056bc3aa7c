import type { ColumnType, Generated } from 'kysely';

/** Column types as kysely sees them (camelCase; the CamelCasePlugin maps to snake_case). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns arrive from pg as strings; we write bigint or string. */
type BigIntColumn = ColumnType<string, bigint | string, bigint | string>;

export interface ProjectionCheckpointsTable {
  name: string;
  commitPosition: BigIntColumn;
  preparePosition: BigIntColumn;
  /** The shape version of the projection that wrote the checkpoint: another version is rebuilt. */
  projectionVersion: ColumnType<number, number | undefined, number>;
  updatedAt: Timestamp;
}

export interface PharmaciesTable {
  id: string;
  name: string;
  nameAr: string | null;
  address: string;
  addressAr: string | null;
  phone: string | null;
  email: string | null;
  managerId: string | null;
  isActive: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Revision of the pharmacy stream this row reflects. */
  revision: BigIntColumn;
}

export interface SeedRunsTable {
  name: string;
  appliedAt: GeneratedTimestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  profileImageUrl: string | null;
  role: 'admin' | 'pharmacist' | 'auditor';
  passwordHash: string;
  /** Keyed hash of the current one-time sign-in code (never the code itself). */
  otpSecret: string | null;
  otpExpiresAt: Timestamp | null;
  otpAttempts: Generated<number>;
  isActive: Generated<boolean>;
  lastLoginAt: Timestamp | null;
  failedLoginAttempts: Generated<number>;
  lockedUntil: Timestamp | null;
  passwordResetToken: string | null;
  passwordResetExpiresAt: Timestamp | null;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabled: Generated<boolean>;
  totpLastStep: BigIntColumn | null;
  /** Hashes of unused backup codes. */
  backupCodes: Generated<string[]>;
  defaultPharmacyId: string | null;
  createdAt: GeneratedTimestamp;
  updatedAt: GeneratedTimestamp;
}

export interface UserPharmaciesTable {
  userId: string;
  pharmacyId: string;
  isActive: Generated<boolean>;
  createdAt: GeneratedTimestamp;
}

export interface SessionsTable {
  sid: string;
  sess: unknown;
  expire: Timestamp;
}

export interface AuditLogsTable {
  id: Generated<string>;
  userId: string | null;
  pharmacistId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValues: unknown;
  newValues: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  pharmacyId: string | null;
  metadata: unknown;
  createdAt: GeneratedTimestamp;
}

export interface SystemSettingsTable {
  id: number;
  settings: unknown;
  updatedBy: string | null;
  updatedAt: GeneratedTimestamp;
}

export interface RateLimitsTable {
  key: string;
  windowStart: Timestamp;
  hits: number;
}

/** A sign-in code "sent" to an address without an account: its attempts, counted as a real one's. */
export interface SignInDecoysTable {
  id: string;
  expiresAt: Timestamp;
  attempts: Generated<number>;
}

/** numeric columns arrive from pg as strings ("12.50"): money never becomes a float. */
type Decimal = ColumnType<string, string, string>;
type DateColumn = ColumnType<string, string, string>;

export interface CategoriesTable {
  id: string;
  name: string;
  nameAr: string | null;
  description: string | null;
  descriptionAr: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SuppliersTable {
  id: string;
  name: string;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  isActive: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductsTable {
  id: string;
  sku: string;
  barcode: string | null;
  name: string;
  nameAr: string | null;
  description: string | null;
  descriptionAr: string | null;
  brand: string | null;
  genericName: string | null;
  genericNameAr: string | null;
  categoryId: string | null;
  supplierId: string | null;
  price: Decimal;
  cost: Decimal | null;
  salesUnit: 'whole' | 'sachet' | 'pill' | 'blister';
  unitsPerPackage: number;
  commissionRate: Decimal;
  commissionEnabled: boolean;
  minStockLevel: number;
  maxStockLevel: number;
  shelfLocation: ColumnType<string | null, string | null | undefined, string | null>;
  requiresPrescription: boolean;
  isActive: boolean;
  /** Lower-cased names, generic names, SKU and barcode, for trigram search. */
  searchText: string;
  /** How many events the product has had (an edit names the version it was made on). */
  version: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductPriceHistoryTable {
  productId: string;
  position: BigIntColumn;
  price: Decimal;
  cost: Decimal | null;
  effectiveAt: Timestamp;
  changedBy: string | null;
}

export interface ProductCommissionHistoryTable {
  productId: string;
  position: BigIntColumn;
  commissionRate: Decimal;
  commissionEnabled: boolean;
  effectiveDate: Timestamp;
  changedBy: string | null;
  reason: string | null;
}

export interface InventoryBatchesTable {
  id: string;
  productId: string;
  pharmacyId: string;
  batchNumber: string;
  quantity: number;
  purchasePrice: Decimal | null;
  expiryDate: DateColumn;
  receivedDate: DateColumn;
  supplierId: string | null;
  isActive: boolean;
  /** Single units of opened packs, besides the sealed packs in `quantity`. */
  looseUnits: ColumnType<number, number | undefined, number>;
  /** Sealed packs (in `quantity`) held for pending transfers: not for sale. */
  reservedQuantity: ColumnType<number, number | undefined, number>;
  /** The batch's current discount in percent ("15.00"); null: none. */
  discountPercentage: ColumnType<string | null, string | null | undefined, string | null>;
  /** The day the expiry scan recorded the batch as expired; null: not (yet). */
  expiredOn: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many events have touched the batch (an edit names the version it was made on). */
  version: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * Running totals of the active batches (migration StockTotals), kept by
 * statement triggers on `inventory_batches`: never written by a projection.
 * A key has a row while it has at least one active batch.
 */
export interface StockLevelsTable {
  pharmacyId: string;
  productId: string;
  /** Active batches of the product at the pharmacy. */
  batches: number;
  /** Their packs. */
  units: BigIntColumn;
  /** Their packs not held for a transfer, expired or not (the reads take off the expired ones). */
  sellable: BigIntColumn;
}

/** `stock_levels` over every pharmacy: per product, its active batches and their packs. */
export interface ProductStockTable {
  productId: string;
  batches: number;
  units: BigIntColumn;
}

/** Per pharmacy and expiry day: the active batches, those holding packs, and those packs. */
export interface ExpiryCalendarTable {
  pharmacyId: string;
  expiryDate: DateColumn;
  batches: number;
  stocked: number;
  units: BigIntColumn;
}

/**
 * The shortages kept as rows (migration ShortageCache): a cache of the batches,
 * products and pharmacies kept by triggers for the day in `shortage_day`, not a
 * projection's read model. One row per short pair.
 */
export interface ShortagesTable {
  pharmacyId: string;
  productId: string;
  pharmacyName: string;
  productName: string;
  minStockLevel: number;
  /** Sellable packs (unexpired on the day kept, not held for a transfer). */
  currentStock: number;
  /** Whether the product's suggested source can spare the deficit. */
  canFulfill: boolean;
}

/** The cards of the kept shortages per pharmacy (kept by a trigger on `shortages`). */
export interface ShortageCountsTable {
  pharmacyId: string;
  shortages: number;
  critical: number;
  fulfillable: number;
  deficit: BigIntColumn;
}

/** Per product: the active pharmacy that can spare the most packs above its minimum, and how many can spare some. */
export interface ShortageSourcesTable {
  productId: string;
  pharmacyId: string;
  spare: number;
  others: number;
}

/** The products a transaction changed, counted again as it commits (empty between transactions). */
export interface ShortageDirtyTable {
  tx: Generated<string>;
  productId: string;
}

/** The day `shortages` and `shortage_sources` are counted for (no row: not kept). */
export interface ShortageDayTable {
  onlyRow: boolean;
  asOf: DateColumn;
}

export interface JobRunsTable {
  id: Generated<string>;
  job: string;
  startedAt: Timestamp;
  finishedAt: Timestamp;
  /** 'schedule' or the id of the user who started it. */
  trigger: string;
  result: ColumnType<Record<string, unknown>, string, string>;
}

export interface StockLedgerTable {
  position: BigIntColumn;
  /** The movement's place within its event (a sale moves several batches). */
  seq: number;
  pharmacyId: string;
  batchId: string;
  productId: string;
  /** received, sold, returned, adjusted, corrected, reserved, released, dispatched, transfer_returned, transfer_received, discounted, discount_ended, expired, written_off, counted. */
  movement: string;
  /** Sealed packs in or out (negative). */
  quantityChange: number;
  looseChange: number;
  reservedChange: number;
  /** Packs in the batch after this movement. */
  balance: number;
  looseBalance: number;
  /** Business time: when it happened. */
  occurredAt: Timestamp;
  /** When it was written to the log. */
  recordedAt: Timestamp;
  userId: string | null;
  eventId: string;
  eventType: string;
  /** What it belongs to: a sale, transfer or count id. */
  reference: string | null;
}

export interface AuditEventsTable {
  position: BigIntColumn;
  eventId: string;
  eventType: string;
  streamId: string;
  occurredAt: Timestamp;
  recordedAt: Timestamp;
  userId: string | null;
  /** The pharmacy the fact belongs to, when it belongs to one. */
  pharmacyId: string | null;
  productIds: string[];
  batchIds: string[];
  data: ColumnType<Record<string, unknown>, string, string>;
}

export interface StockLedgerBalancesTable {
  batchId: string;
  balance: number;
  looseBalance: number;
}

export interface StockCountsTable {
  id: string;
  pharmacyId: string;
  categoryId: string | null;
  shelfLocation: ColumnType<string | null, string | null | undefined, string | null>;
  note: string | null;
  /** open, posted or cancelled. */
  status: string;
  startedBy: string | null;
  startedAt: Timestamp;
  postedBy: string | null;
  postedAt: Timestamp | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  updatedAt: Timestamp;
}

export interface StockCountLinesTable {
  countId: string;
  batchId: string;
  productId: string;
  expected: number;
  counted: number | null;
  reason: string | null;
  /** The adjustment posted (counted − expected); null until posted. */
  change: number | null;
}

export interface StockTransfersTable {
  id: string;
  fromPharmacyId: string;
  toPharmacyId: string;
  initiatedBy: string | null;
  status: string;
  notes: string | null;
  totalQuantity: number;
  receivedQuantity: number | null;
  approvedBy: string | null;
  approvedAt: Timestamp | null;
  receivedBy: string | null;
  receivedAt: Timestamp | null;
  cancelledBy: string | null;
  cancelledAt: Timestamp | null;
  cancelReason: string | null;
  discrepancyReason: string | null;
  /** Pending, requested from outside the source: nothing held there until it approves. */
  awaitingSource: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TransferItemsTable {
  transferId: string;
  productId: string;
  batchId: string;
  batchNumber: string;
  expiryDate: DateColumn;
  quantity: number;
  receivedQuantity: number | null;
}

export interface TransferStepsTable {
  transferId: string;
  position: BigIntColumn;
  step: string;
  at: Timestamp;
  userId: string | null;
  pharmacyId: string | null;
  note: string | null;
}

export interface SalesTable {
  id: string;
  pharmacyId: string;
  userId: string | null;
  soldAt: Timestamp;
  soldOn: DateColumn;
  customerName: string | null;
  customerPhone: string | null;
  notes: string | null;
  totalAmount: Decimal;
  cashReceived: Decimal;
  changeGiven: Decimal;
  refundedAmount: ColumnType<string, string | undefined, string>;
  itemCount: number;
  position: BigIntColumn;
  /** A sale made offline (ADR 0015): the till's number, when it arrived, its copy's time, flagged stale; else null. */
  offlineNumber: ColumnType<string | null, string | null | undefined, string | null>;
  recordedAt: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  offlineCatalogueAsOf: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  offlinePriceStale: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
}

export interface SaleLinesTable {
  saleId: string;
  lineIndex: number;
  productId: string;
  productName: string;
  productNameAr: string | null;
  sku: string;
  salesUnit: 'whole' | 'sachet' | 'pill' | 'blister';
  unitsPerPackage: number;
  quantity: number;
  returnedQuantity: ColumnType<number, number | undefined, number>;
  unitPrice: Decimal;
  totalPrice: Decimal;
  commissionEnabled: boolean;
  commissionRate: Decimal;
  commissionAmount: Decimal;
  /** Taken off the list price by batch discounts. */
  discountAmount: ColumnType<string, string | undefined, string>;
  /** Units a sale made offline sold that the books no longer held (in `quantity`, in no sale item). */
  shortfall: ColumnType<number, number | undefined, number>;
}

/** What a sale made offline raised for review (ADR 0015). */
export interface StockDiscrepanciesTable {
  id: string;
  pharmacyId: string;
  kind: 'late_sale_shortfall' | 'stale_price';
  saleId: string;
  offlineNumber: string | null;
  soldAt: Timestamp;
  raisedAt: Timestamp;
  catalogueAsOf: ColumnType<Date | null, string | Date | null, string | Date | null>;
  lines: ColumnType<
    Array<{
      productId: string;
      productName: string;
      productNameAr: string | null;
      salesUnit: string;
      quantity: number;
    }>,
    string,
    string
  >;
  resolvedAt: ColumnType<Date | null, string | Date | null | undefined, string | Date | null>;
  resolvedBy: string | null;
  resolutionNote: string | null;
  position: BigIntColumn;
}

/** One row per batch a sale line came from (the specification's sale_items). */
export interface SaleItemsTable {
  saleId: string;
  lineIndex: number;
  batchId: string;
  batchNumber: string;
  expiryDate: DateColumn;
  quantity: number;
  returnedQuantity: ColumnType<number, number | undefined, number>;
  packsOpened: number;
  totalPrice: Decimal;
  commissionAmount: Decimal;
  discountPercentage: ColumnType<string | null, string | null | undefined, string | null>;
  discountAmount: ColumnType<string, string | undefined, string>;
}

export interface SaleReturnsTable {
  returnId: string;
  saleId: string;
  pharmacyId: string;
  userId: string | null;
  returnedAt: Timestamp;
  returnedOn: DateColumn;
  reason: string;
  refundAmount: Decimal;
  /** [{lineIndex, quantity, refund, restocked}] */
  lines: unknown;
}

/** Sales per pharmacy and business day, for the dashboard's metrics. */
/** A sale line that earned a commission (the commission report). */
export interface CommissionLinesTable {
  saleId: string;
  lineIndex: number;
  pharmacyId: string;
  userId: string | null;
  productId: string;
  productName: string;
  productSku: string;
  soldAt: Timestamp;
  soldOn: DateColumn;
  quantity: number;
  salesUnit: string;
  totalPrice: Decimal;
  commissionRate: Decimal;
  commissionAmount: Decimal;
}

/** Units and revenue of a product at a pharmacy on a business day (top products). */
export interface ProductDailySalesTable {
  pharmacyId: string;
  businessDate: DateColumn;
  productId: string;
  quantity: number;
  revenue: Decimal;
}

/** Each batch's net movement in a calendar month (UTC) of business time. */
export interface StockLedgerMonthsTable {
  batchId: string;
  month: DateColumn;
  pharmacyId: string;
  productId: string;
  quantityChange: number;
  looseChange: number;
}

/** A product's sales at a pharmacy over all time, net of returns. */
export interface ProductSalesTotalsTable {
  pharmacyId: string;
  productId: string;
  quantity: number;
  revenue: Decimal;
}

/** A product's sales across every pharmacy over all time, net of returns. */
export interface ProductSalesChainTable {
  productId: string;
  quantity: number;
  revenue: Decimal;
}

/**
 * A product's sales across every pharmacy in one calendar month of business
 * days, net of returns; `days` counts the `product_daily_sales` rows it sums
 * (migration ProductSalesMonths, kept by triggers on them).
 */
export interface ProductSalesMonthsTable {
  month: DateColumn;
  productId: string;
  days: number;
  quantity: number;
  revenue: Decimal;
}

export interface DailySalesTable {
  pharmacyId: string;
  businessDate: DateColumn;
  grossSales: ColumnType<string, string | undefined, string>;
  refunds: ColumnType<string, string | undefined, string>;
  orders: ColumnType<number, number | undefined, number>;
}

export interface EntityHistoryTable {
  entityType: string;
  entityId: string;
  position: BigIntColumn;
  eventType: string;
  occurredAt: Timestamp;
  userId: string | null;
  /** The pharmacy the event happened at, for events that belong to one (stock); null for catalogue facts. */
  pharmacyId: string | null;
}

export interface SnapshotsTable {
  streamId: string;
  revision: BigIntColumn;
  schemaVersion: number;
  state: unknown;
  updatedAt: GeneratedTimestamp;
}

export interface ReadDatabase {
  categories: CategoriesTable;
  suppliers: SuppliersTable;
  products: ProductsTable;
  productPriceHistory: ProductPriceHistoryTable;
  productCommissionHistory: ProductCommissionHistoryTable;
  inventoryBatches: InventoryBatchesTable;
  stockLevels: StockLevelsTable;
  productStock: ProductStockTable;
  expiryCalendar: ExpiryCalendarTable;
  shortages: ShortagesTable;
  shortageSources: ShortageSourcesTable;
  shortageCounts: ShortageCountsTable;
  shortageDirty: ShortageDirtyTable;
  shortageDay: ShortageDayTable;
  sales: SalesTable;
  saleLines: SaleLinesTable;
  stockDiscrepancies: StockDiscrepanciesTable;
  saleItems: SaleItemsTable;
  saleReturns: SaleReturnsTable;
  dailySales: DailySalesTable;
  commissionLines: CommissionLinesTable;
  productDailySales: ProductDailySalesTable;
  productSalesTotals: ProductSalesTotalsTable;
  productSalesChain: ProductSalesChainTable;
  productSalesMonths: ProductSalesMonthsTable;
  stockLedgerMonths: StockLedgerMonthsTable;
  stockTransfers: StockTransfersTable;
  jobRuns: JobRunsTable;
  stockCounts: StockCountsTable;
  stockLedger: StockLedgerTable;
  stockLedgerBalances: StockLedgerBalancesTable;
  auditEvents: AuditEventsTable;
  stockCountLines: StockCountLinesTable;
  transferItems: TransferItemsTable;
  transferSteps: TransferStepsTable;
  entityHistory: EntityHistoryTable;
  snapshots: SnapshotsTable;
  projectionCheckpoints: ProjectionCheckpointsTable;
  pharmacies: PharmaciesTable;
  seedRuns: SeedRunsTable;
  users: UsersTable;
  userPharmacies: UserPharmaciesTable;
  sessions: SessionsTable;
  auditLogs: AuditLogsTable;
  systemSettings: SystemSettingsTable;
  rateLimits: RateLimitsTable;
  signInDecoys: SignInDecoysTable;
}
