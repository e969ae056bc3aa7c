import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CommandExecutor } from './command-executor';
import { PharmacyScope } from './pharmacy-scope';
import { SnapshotStore } from './snapshot-store';

/** One command executor per process (its per-stream queue must be shared), snapshots, pharmacy scope. */
@Global()
@Module({
  imports: [CqrsModule],
  providers: [CommandExecutor, SnapshotStore, PharmacyScope],
  exports: [CommandExecutor, SnapshotStore, PharmacyScope, CqrsModule],
})
export class CommonModule {}
