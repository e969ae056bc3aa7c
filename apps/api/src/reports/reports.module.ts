import { Module } from '@nestjs/common';
import { ReportsHttpController } from './reports.http.controller';
import { ReportsQueries } from './reports.queries';

@Module({
  controllers: [ReportsHttpController],
  providers: [ReportsQueries],
  exports: [ReportsQueries],
})
export class ReportsModule {}
