import { Module } from '@nestjs/common';
import { AssistantModule } from '../assistant/assistant.module';
import { productCommandHandlers } from './product.commands';
import { ProductQueries } from './product.queries';
import { ProductsHttpController } from './products.http.controller';
import { PhotoRecogniser } from './recognition/recognition';
import { RecognitionHttpController } from './recognition/recognition.http.controller';
import { referenceDataHandlers } from './reference-data.commands';
import { CategoriesHttpController, SuppliersHttpController } from './reference-data.http.controller';
import { UniqueValues } from './unique-values';

@Module({
  imports: [AssistantModule],
  controllers: [RecognitionHttpController, ProductsHttpController, CategoriesHttpController, SuppliersHttpController],
  providers: [ProductQueries, UniqueValues, PhotoRecogniser, ...productCommandHandlers, ...referenceDataHandlers],
  exports: [ProductQueries],
})
export class CatalogueModule {}
