export * from './schema';
export * from './connection';
export * from './local-postgres';
export { readDbMigrations } from './migrations';
export { readSystemSettings } from './system-settings';
export { SnapshotTable } from './snapshots';
export {
  expiringBatches,
  expiringPage,
  expiringTotals,
  type ExpiringBatchRow,
  type ExpiringFilter,
  type ExpiringOrder,
  type ExpiringTotals,
} from './expiring';
export { lowStockPage, lowStockProducts, type LowStockOrder, type LowStockRow } from './low-stock';
export { containsPattern, searchTextPattern } from './like';
