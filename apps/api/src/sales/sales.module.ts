import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory/inventory.module';
import { salesCommandHandlers } from './sales.commands';
import { SalesHttpController } from './sales.http.controller';
import { SalesQueries } from './sales.queries';

@Module({
  imports: [InventoryModule],
  controllers: [SalesHttpController],
  providers: [SalesQueries, ...salesCommandHandlers],
})
export class SalesModule {}
