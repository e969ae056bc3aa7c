import type { SnapshotPolicy } from '../common/snapshot-store';

/** `stock-*` streams grow with every receipt and sale: snapshot every 100 events (bump the version when StockState changes shape). */
export const STOCK_SNAPSHOTS: SnapshotPolicy = { schemaVersion: 3, every: 100 };
