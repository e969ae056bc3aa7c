import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { AccessGuard } from './common/access/access';
import { IdentityModule } from './identity/identity.module';
import { AUTHENTICATOR, IDENTITY_OPTIONS } from './identity/identity.types';
import { Mailer } from '@pharmacy/mail';
import { RateLimiter } from './identity/rate-limiter';
import type { Runtime } from './infrastructure/runtime';
import {
  APP_CONFIG,
  DATABASE_URL,
  EVENT_STORE,
  LOGGER,
  METRICS,
  IDENTITY_CACHE,
  PROJECTION_WAITER,
  READ_DB,
} from './infrastructure/tokens';
import { PharmaciesModule } from './pharmacies/pharmacies.module';
import { CommonModule } from './common/common.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { InventoryModule } from './inventory/inventory.module';
import { SalesModule } from './sales/sales.module';
import { TransfersModule } from './transfers/transfers.module';
import { CountsModule } from './counts/counts.module';
import { AuditModule } from './audit/audit.module';
import { ReportsModule } from './reports/reports.module';
import { AssistantModule } from './assistant/assistant.module';
import { ReadAfterInterceptor } from './common/read-after';

@Global()
@Module({})
class RuntimeModule {
  static of(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: LOGGER, useValue: runtime.logger },
      { provide: EVENT_STORE, useValue: runtime.store },
      { provide: READ_DB, useValue: runtime.db },
      { provide: DATABASE_URL, useValue: runtime.databaseUrl },
      { provide: PROJECTION_WAITER, useValue: runtime.waiter },
      { provide: METRICS, useValue: runtime.metrics },
      { provide: IDENTITY_CACHE, useValue: runtime.identityCache },
      { provide: IDENTITY_OPTIONS, useValue: runtime.identity },
      { provide: Mailer, useValue: runtime.mailer },
      { provide: AUTHENTICATOR, useValue: runtime.authenticator },
      { provide: RateLimiter, useValue: new RateLimiter(runtime.db) },
    ];
    return { module: RuntimeModule, providers, exports: providers };
  }
}

@Module({})
export class AppModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.of(runtime),
        CommonModule,
        IdentityModule,
        PharmaciesModule,
        CatalogueModule,
        InventoryModule,
        SalesModule,
        TransfersModule,
        CountsModule,
        AuditModule,
        ReportsModule,
        AssistantModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_INTERCEPTOR, useClass: ReadAfterInterceptor },
        { provide: APP_FILTER, useFactory: () => new ApiExceptionFilter(runtime.logger) },
      ],
    };
  }
}
