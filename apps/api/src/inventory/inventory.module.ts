import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { inventoryCommandHandlers } from './inventory.commands';
import { InventoryHttpController } from './inventory.http.controller';
import { InventoryListsHttpController } from './inventory-lists.http.controller';
import { InventoryQueries } from './inventory.queries';
import { PastBalances } from './past-balances';
import { ShortageQueries } from './shortage.queries';
import { StockLocator } from './stock-locator';

@Module({
  imports: [CatalogueModule],
  controllers: [InventoryHttpController, InventoryListsHttpController],
  providers: [InventoryQueries, ShortageQueries, StockLocator, PastBalances, ...inventoryCommandHandlers],
  exports: [StockLocator, PastBalances],
})
export class InventoryModule {}
