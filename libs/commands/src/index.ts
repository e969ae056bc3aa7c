export { envelopesOf } from './envelopes';
export { concurrencyConflict, handleCommand, type Handled, type HandleOptions } from './handle-command';
export { handleOnce, idempotencyKeyReused, keyedEventId, recordedBy, type CommandIdentity } from './idempotency';
export { KeyedMutex, type Batch, type Settled } from './keyed-mutex';
export { snapshotIfDue, snapshotLoader, type SnapshotPolicy, type SnapshotStorage } from './snapshots';
export { StateCache } from './state-cache';
export { evolveLoaded, foldStream, type LoadedStream, type StreamLoader, type StreamMeta } from './stream-state';
