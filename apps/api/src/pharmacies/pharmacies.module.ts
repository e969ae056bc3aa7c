import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CommandExecutor } from '../common/command-executor';
import { pharmacyCommandHandlers } from './commands/pharmacy.commands';
import { PharmaciesHttpController } from './pharmacies.http.controller';
import { PharmacyQueries } from './pharmacies.queries';

@Module({
  imports: [CqrsModule],
  controllers: [PharmaciesHttpController],
  providers: [CommandExecutor, PharmacyQueries, ...pharmacyCommandHandlers],
})
export class PharmaciesModule {}
