import type { SnapshotPolicy } from '../common/snapshot-store';

/**
 * `stock-*` streams grow with every receipt and sale. Their state is kept in
 * memory between commands, so a snapshot only speeds up the first load after
 * a start: one every 1,000 events keeps that load short without serialising a
 * large state (thousands of batches and the return window's sales) often.
 * Bump the version when StockState changes shape.
 */
export const STOCK_SNAPSHOTS: SnapshotPolicy = { schemaVersion: 9, every: 1000 };
