import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { pharmacyCommandHandlers } from './commands/pharmacy.commands';
import { PharmaciesHttpController } from './pharmacies.http.controller';
import { PharmacyQueries } from './pharmacies.queries';

@Module({
  imports: [CqrsModule],
  controllers: [PharmaciesHttpController],
  providers: [PharmacyQueries, ...pharmacyCommandHandlers],
})
export class PharmaciesModule {}
