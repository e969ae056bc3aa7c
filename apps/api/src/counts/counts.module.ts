import { Module } from '@nestjs/common';
import { CountsHttpController } from './counts.http.controller';
import { StockCounts } from './counts.service';

@Module({ controllers: [CountsHttpController], providers: [StockCounts] })
export class CountsModule {}
