import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { AssistantTools } from './assistant-tools';
import { ChatHttpController } from './chat.http.controller';

@Module({ imports: [CatalogueModule], controllers: [ChatHttpController], providers: [AssistantTools] })
export class AssistantModule {}
