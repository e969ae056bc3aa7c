import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { ReportsModule } from '../reports/reports.module';
import { salesCommandHandlers } from './sales.commands';
import { SalesHttpController } from './sales.http.controller';
import { RecordedSales } from './recorded-sales';
import { SalesQueries } from './sales.queries';

@Module({
  imports: [InventoryModule, ReportsModule],
  controllers: [SalesHttpController],
  providers: [SalesQueries, RecordedSales, ...salesCommandHandlers],
})
export class SalesModule {}
