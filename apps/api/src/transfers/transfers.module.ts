import { Module } from '@nestjs/common';
import { transferCommandHandlers } from './transfers.commands';
import { TransferProcess } from './transfer-process';
import { TransferReactor } from './transfer-reactor';
import { TransfersHttpController } from './transfers.http.controller';
import { TransferQueries } from './transfers.queries';

@Module({
  controllers: [TransfersHttpController],
  providers: [TransferQueries, TransferProcess, TransferReactor, ...transferCommandHandlers],
})
export class TransfersModule {}
