import { Module } from '@nestjs/common';
import { countCommandHandlers } from './counts.commands';
import { CountsHttpController } from './counts.http.controller';
import { StockCounts } from './counts.service';

@Module({ controllers: [CountsHttpController], providers: [StockCounts, ...countCommandHandlers] })
export class CountsModule {}
