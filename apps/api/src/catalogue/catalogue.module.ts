import { Module } from '@nestjs/common';
import { productCommandHandlers } from './product.commands';
import { ProductQueries } from './product.queries';
import { ProductsHttpController } from './products.http.controller';
import { referenceDataHandlers } from './reference-data.commands';
import { CategoriesHttpController, SuppliersHttpController } from './reference-data.http.controller';
import { UniqueValues } from './unique-values';

@Module({
  controllers: [ProductsHttpController, CategoriesHttpController, SuppliersHttpController],
  providers: [ProductQueries, UniqueValues, ...productCommandHandlers, ...referenceDataHandlers],
  exports: [ProductQueries],
})
export class CatalogueModule {}
