import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { ReportsModule } from '../reports/reports.module';
import { DiscrepanciesHttpController } from './discrepancies.http.controller';
import { offlineSaleCommandHandlers, SaleFacts } from './offline-sales';
import { OfflineQueries } from './offline.queries';
import { salesCommandHandlers } from './sales.commands';
import { SalesHttpController } from './sales.http.controller';
import { RecordedSales } from './recorded-sales';
import { SalesQueries } from './sales.queries';

@Module({
  imports: [InventoryModule, ReportsModule],
  controllers: [SalesHttpController, DiscrepanciesHttpController],
  providers: [
    SalesQueries,
    RecordedSales,
    OfflineQueries,
    SaleFacts,
    ...salesCommandHandlers,
    ...offlineSaleCommandHandlers,
  ],
})
export class SalesModule {}
