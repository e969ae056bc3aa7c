/**
 * The read database as kysely sees it, generated from its tables by kysely-codegen
 * (libs/read-db/kysely-codegen.config.cjs). Do not edit: run `npm run db:types`.
 */

import type { BigIntColumn, Decimal } from './column-types';
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AuditEvents {
  batchIds: string[];
  data: ColumnType<Record<string, unknown>, string, string>;
  eventId: string;
  eventType: string;
  occurredAt: Timestamp;
  pharmacyId: string | null;
  position: BigIntColumn;
  productIds: string[];
  recordedAt: Timestamp;
  streamId: string;
  userId: string | null;
}

export interface AuditLogs {
  action: string;
  createdAt: Generated<Timestamp>;
  entityId: string | null;
  entityType: string;
  id: Generated<BigIntColumn>;
  ipAddress: string | null;
  metadata: Json | null;
  newValues: Json | null;
  oldValues: Json | null;
  pharmacistId: string | null;
  pharmacyId: string | null;
  userAgent: string | null;
  userId: string | null;
}

export interface Categories {
  createdAt: Timestamp;
  description: string | null;
  descriptionAr: string | null;
  id: string;
  name: string;
  nameAr: string | null;
  updatedAt: Timestamp;
}

export interface CommissionLines {
  commissionAmount: Decimal;
  commissionRate: Decimal;
  lineIndex: number;
  pharmacyId: string;
  productId: string;
  productName: string;
  productSku: string;
  quantity: number;
  saleId: string;
  salesUnit: string;
  soldAt: Timestamp;
  soldOn: string;
  totalPrice: Decimal;
  userId: string | null;
}

export interface DailySales {
  businessDate: string;
  grossSales: Generated<Decimal>;
  orders: Generated<number>;
  pharmacyId: string;
  refunds: Generated<Decimal>;
}

export interface EntityHistory {
  entityId: string;
  entityType: string;
  eventType: string;
  occurredAt: Timestamp;
  pharmacyId: string | null;
  position: BigIntColumn;
  userId: string | null;
}

export interface ExpiryCalendar {
  batches: number;
  expiryDate: string;
  pharmacyId: string;
  stocked: number;
  units: BigIntColumn;
}

export interface InventoryBatches {
  batchNumber: string;
  createdAt: Timestamp;
  discountPercentage: Decimal | null;
  expiredOn: string | null;
  expiryDate: string;
  id: string;
  isActive: boolean;
  looseUnits: Generated<number>;
  pharmacyId: string;
  productId: string;
  purchasePrice: Decimal | null;
  quantity: number;
  receivedDate: string;
  reservedQuantity: Generated<number>;
  supplierId: string | null;
  updatedAt: Timestamp;
  version: Generated<number>;
}

export interface JobRuns {
  finishedAt: Timestamp;
  id: Generated<BigIntColumn>;
  job: string;
  result: ColumnType<Record<string, unknown>, string, string>;
  startedAt: Timestamp;
  trigger: string;
}

export interface Pharmacies {
  address: string;
  addressAr: string | null;
  createdAt: Timestamp;
  email: string | null;
  id: string;
  isActive: boolean;
  managerId: string | null;
  name: string;
  nameAr: string | null;
  phone: string | null;
  revision: BigIntColumn;
  updatedAt: Timestamp;
}

export interface ProductCommissionHistory {
  changedBy: string | null;
  commissionEnabled: boolean;
  commissionRate: Decimal;
  effectiveDate: Timestamp;
  position: BigIntColumn;
  productId: string;
  reason: string | null;
}

export interface ProductDailySales {
  businessDate: string;
  pharmacyId: string;
  productId: string;
  quantity: number;
  revenue: Decimal;
}

export interface ProductPriceHistory {
  changedBy: string | null;
  cost: Decimal | null;
  effectiveAt: Timestamp;
  position: BigIntColumn;
  price: Decimal;
  productId: string;
}

export interface Products {
  barcode: string | null;
  brand: string | null;
  categoryId: string | null;
  commissionEnabled: boolean;
  commissionRate: Decimal;
  cost: Decimal | null;
  createdAt: Timestamp;
  description: string | null;
  descriptionAr: string | null;
  genericName: string | null;
  genericNameAr: string | null;
  id: string;
  isActive: boolean;
  maxStockLevel: number;
  minStockLevel: number;
  name: string;
  nameAr: string | null;
  price: Decimal;
  requiresPrescription: boolean;
  salesUnit: 'whole' | 'sachet' | 'pill' | 'blister';
  searchText: string;
  shelfLocation: string | null;
  sku: string;
  supplierId: string | null;
  unitsPerPackage: number;
  updatedAt: Timestamp;
  version: Generated<number>;
}

export interface ProductSalesChain {
  productId: string;
  quantity: number;
  revenue: Decimal;
}

export interface ProductSalesMonths {
  days: number;
  month: string;
  productId: string;
  quantity: number;
  revenue: Decimal;
}

export interface ProductSalesTotals {
  pharmacyId: string;
  productId: string;
  quantity: number;
  revenue: Decimal;
}

export interface ProductStock {
  batches: number;
  productId: string;
  units: BigIntColumn;
}

export interface ProjectionCheckpoints {
  commitPosition: BigIntColumn;
  name: string;
  preparePosition: BigIntColumn;
  projectionVersion: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface ProjectionTables {
  fingerprint: string;
  installedAt: Generated<Timestamp>;
  name: string;
  version: number;
}

export interface RateLimits {
  hits: number;
  key: string;
  windowStart: Timestamp;
}

export interface SaleItems {
  batchId: string;
  batchNumber: string;
  commissionAmount: Decimal;
  discountAmount: Generated<Decimal>;
  discountPercentage: Decimal | null;
  expiryDate: string;
  lineIndex: number;
  packsOpened: number;
  quantity: number;
  returnedQuantity: Generated<number>;
  saleId: string;
  totalPrice: Decimal;
}

export interface SaleLines {
  commissionAmount: Decimal;
  commissionEnabled: boolean;
  commissionRate: Decimal;
  discountAmount: Generated<Decimal>;
  lineIndex: number;
  productId: string;
  productName: string;
  productNameAr: string | null;
  quantity: number;
  returnedQuantity: Generated<number>;
  saleId: string;
  salesUnit: 'whole' | 'sachet' | 'pill' | 'blister';
  shortfall: Generated<number>;
  sku: string;
  totalPrice: Decimal;
  unitPrice: Decimal;
  unitsPerPackage: number;
}

export interface SaleReturns {
  lines: Json;
  pharmacyId: string;
  reason: string;
  refundAmount: Decimal;
  returnedAt: Timestamp;
  returnedOn: string;
  returnId: string;
  saleId: string;
  userId: string | null;
}

export interface Sales {
  cashReceived: Decimal;
  changeGiven: Decimal;
  customerName: string | null;
  customerPhone: string | null;
  id: string;
  itemCount: number;
  notes: string | null;
  offlineCatalogueAsOf: Timestamp | null;
  offlineNumber: string | null;
  offlinePriceStale: boolean | null;
  pharmacyId: string;
  position: BigIntColumn;
  recordedAt: Timestamp | null;
  refundedAmount: Generated<Decimal>;
  soldAt: Timestamp;
  soldOn: string;
  totalAmount: Decimal;
  userId: string | null;
}

export interface SeedRuns {
  appliedAt: Generated<Timestamp>;
  name: string;
}

export interface Sessions {
  expire: Timestamp;
  sess: Json;
  sid: string;
}

export interface ShortageCounts {
  critical: number;
  deficit: BigIntColumn;
  fulfillable: number;
  pharmacyId: string;
  shortages: number;
}

export interface ShortageDay {
  asOf: string;
  onlyRow: Generated<boolean>;
}

export interface Shortages {
  canFulfill: boolean;
  currentStock: number;
  minStockLevel: number;
  pharmacyId: string;
  pharmacyName: string;
  productId: string;
  productName: string;
}

export interface ShortageSources {
  others: number;
  pharmacyId: string;
  productId: string;
  spare: number;
}

export interface SignInDecoys {
  attempts: Generated<number>;
  expiresAt: Timestamp;
  id: string;
}

export interface Snapshots {
  revision: BigIntColumn;
  schemaVersion: number;
  state: Json;
  streamId: string;
  updatedAt: Generated<Timestamp>;
}

export interface StockCountLines {
  batchId: string;
  change: number | null;
  counted: number | null;
  countId: string;
  expected: number;
  productId: string;
  reason: string | null;
}

export interface StockCounts {
  cancelledBy: string | null;
  cancelReason: string | null;
  categoryId: string | null;
  id: string;
  note: string | null;
  pharmacyId: string;
  postedAt: Timestamp | null;
  postedBy: string | null;
  shelfLocation: string | null;
  startedAt: Timestamp;
  startedBy: string | null;
  status: string;
  updatedAt: Timestamp;
}

export interface StockDiscrepancies {
  catalogueAsOf: Timestamp | null;
  id: string;
  kind: 'late_sale_shortfall' | 'stale_price';
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
  offlineNumber: string | null;
  pharmacyId: string;
  position: BigIntColumn;
  raisedAt: Timestamp;
  resolutionNote: string | null;
  resolvedAt: Timestamp | null;
  resolvedBy: string | null;
  saleId: string;
  soldAt: Timestamp;
}

export interface StockLedger {
  balance: number;
  batchId: string;
  eventId: string;
  eventType: string;
  looseBalance: number;
  looseChange: number;
  movement: string;
  occurredAt: Timestamp;
  pharmacyId: string;
  position: BigIntColumn;
  productId: string;
  quantityChange: number;
  recordedAt: Timestamp;
  reference: string | null;
  reservedChange: number;
  seq: number;
  userId: string | null;
}

export interface StockLedgerBalances {
  balance: number;
  batchId: string;
  looseBalance: number;
}

export interface StockLedgerMonths {
  batchId: string;
  looseChange: number;
  month: string;
  pharmacyId: string;
  productId: string;
  quantityChange: number;
}

export interface StockLevels {
  batches: number;
  pharmacyId: string;
  productId: string;
  sellable: BigIntColumn;
  units: BigIntColumn;
}

export interface StockTransfers {
  approvedAt: Timestamp | null;
  approvedBy: string | null;
  awaitingSource: Generated<boolean>;
  cancelledAt: Timestamp | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  createdAt: Timestamp;
  discrepancyReason: string | null;
  fromPharmacyId: string;
  id: string;
  initiatedBy: string | null;
  notes: string | null;
  receivedAt: Timestamp | null;
  receivedBy: string | null;
  receivedQuantity: number | null;
  status: Generated<string>;
  toPharmacyId: string;
  totalQuantity: number;
  updatedAt: Timestamp;
}

export interface Suppliers {
  address: string | null;
  contactPerson: string | null;
  createdAt: Timestamp;
  email: string | null;
  id: string;
  isActive: boolean;
  name: string;
  phone: string | null;
  updatedAt: Timestamp;
}

export interface SystemSettings {
  id: number;
  settings: Json;
  updatedAt: Generated<Timestamp>;
  updatedBy: string | null;
}

export interface TransferItems {
  batchId: string;
  batchNumber: string;
  expiryDate: string;
  productId: string;
  quantity: number;
  receivedQuantity: number | null;
  transferId: string;
}

export interface TransferSteps {
  at: Timestamp;
  note: string | null;
  pharmacyId: string | null;
  position: BigIntColumn;
  step: string;
  transferId: string;
  userId: string | null;
}

export interface UserPharmacies {
  createdAt: Generated<Timestamp>;
  isActive: Generated<boolean>;
  pharmacyId: string;
  userId: string;
}

export interface Users {
  backupCodes: Generated<string[]>;
  createdAt: Generated<Timestamp>;
  defaultPharmacyId: string | null;
  email: string;
  failedLoginAttempts: Generated<number>;
  firstName: string | null;
  id: string;
  isActive: Generated<boolean>;
  lastLoginAt: Timestamp | null;
  lastName: string | null;
  lockedUntil: Timestamp | null;
  otpAttempts: Generated<number>;
  otpExpiresAt: Timestamp | null;
  otpSecret: string | null;
  passwordHash: string;
  passwordResetExpiresAt: Timestamp | null;
  passwordResetToken: string | null;
  phone: string | null;
  profileImageUrl: string | null;
  role: Generated<'admin' | 'pharmacist' | 'auditor'>;
  totpEnabled: Generated<boolean>;
  totpLastStep: BigIntColumn | null;
  totpPendingSecret: string | null;
  totpSecret: string | null;
  updatedAt: Generated<Timestamp>;
  username: string | null;
}

export interface DB {
  auditEvents: AuditEvents;
  auditLogs: AuditLogs;
  categories: Categories;
  commissionLines: CommissionLines;
  dailySales: DailySales;
  entityHistory: EntityHistory;
  expiryCalendar: ExpiryCalendar;
  inventoryBatches: InventoryBatches;
  jobRuns: JobRuns;
  pharmacies: Pharmacies;
  productCommissionHistory: ProductCommissionHistory;
  productDailySales: ProductDailySales;
  productPriceHistory: ProductPriceHistory;
  products: Products;
  productSalesChain: ProductSalesChain;
  productSalesMonths: ProductSalesMonths;
  productSalesTotals: ProductSalesTotals;
  productStock: ProductStock;
  projectionCheckpoints: ProjectionCheckpoints;
  projectionTables: ProjectionTables;
  rateLimits: RateLimits;
  saleItems: SaleItems;
  saleLines: SaleLines;
  saleReturns: SaleReturns;
  sales: Sales;
  seedRuns: SeedRuns;
  sessions: Sessions;
  shortageCounts: ShortageCounts;
  shortageDay: ShortageDay;
  shortages: Shortages;
  shortageSources: ShortageSources;
  signInDecoys: SignInDecoys;
  snapshots: Snapshots;
  stockCountLines: StockCountLines;
  stockCounts: StockCounts;
  stockDiscrepancies: StockDiscrepancies;
  stockLedger: StockLedger;
  stockLedgerBalances: StockLedgerBalances;
  stockLedgerMonths: StockLedgerMonths;
  stockLevels: StockLevels;
  stockTransfers: StockTransfers;
  suppliers: Suppliers;
  systemSettings: SystemSettings;
  transferItems: TransferItems;
  transferSteps: TransferSteps;
  userPharmacies: UserPharmacies;
  users: Users;
}
