import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CommandExecutor } from './command-executor';
import { PharmacyScope } from './pharmacy-scope';
import { SnapshotStore } from './snapshot-store';
import { WriteModel } from './write-model';

/** One command executor per process (its per-stream queue and hot states must be shared), snapshots, scope, write-model reads. */
@Global()
@Module({
  imports: [CqrsModule],
  providers: [CommandExecutor, SnapshotStore, PharmacyScope, WriteModel],
  exports: [CommandExecutor, SnapshotStore, PharmacyScope, WriteModel, CqrsModule],
})
export class CommonModule {}
