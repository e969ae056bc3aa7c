export type { Projection } from './runner/projection';
export { ProjectionRunner, type ProjectionRunnerOptions, type RunnerLogger } from './runner/projection-runner';
export { ProjectionWaiter } from './runner/projection-waiter';
export { rebuildProjection, type RebuildProgress, type RebuildResult } from './runner/rebuild';
export {
  rebuildProjections,
  type FullRebuildOptions,
  type FullRebuildProgress,
  type FullRebuildResult,
  type RebuildPhase,
} from './runner/full-rebuild';
export { readCheckpoint, readCheckpoints, lowestCheckpoint, writeCheckpoint } from './runner/checkpoints';
export { allProjections, findProjections } from './registry';
export { startProjector, type ProjectorHandle } from './runtime';
export { acquireLeadership } from './runner/leader';
export {
  createShadowSchema,
  dropShadowSchema,
  replayIntoSchema,
  verifyProjections,
  assertSchemaName,
  tableName,
  type ReplayProgress,
  type TableDifference,
  type VerificationResult,
} from './runner/shadow';
export { prepareReadDatabase } from './schema/prepare';
export { installProjectionTables, type InstallResult } from './schema/install';
export type { ProjectionTables } from './schema/tables';
export { ownedTables } from './runner/projection';
export { keepShortagesFor, shortagesProjection } from './shortages/shortages.projection';
