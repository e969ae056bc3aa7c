export * from './schema';
export * from './connection';
export * from './local-postgres';
export { readDbMigrations } from './migrations';
export { readSystemSettings } from './system-settings';
export { expiringBatches, type ExpiringBatchRow } from './expiring';
export { lowStockProducts, type LowStockRow } from './low-stock';
