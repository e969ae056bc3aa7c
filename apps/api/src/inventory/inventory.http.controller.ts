import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  availabilityQuerySchema,
  batchInputSchema,
  expiringQuerySchema,
  scopeQuerySchema,
  type AvailabilityRow,
  type BatchInput,
  type ExpiringBatch,
  type FefoItem,
  type HistoryEntry,
  type InventoryBatch,
  type LowStockItem,
} from '@pharmacy/contracts';
import { batchNotFound } from '@pharmacy/domain';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { todayIn } from '@pharmacy/domain';
import { isUuid } from '../common/ids';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { ProductQueries } from '../catalogue/product.queries';
import { CorrectBatchCommand, ReceiveBatchCommand } from './inventory.commands';
import { InventoryQueries } from './inventory.queries';

type ScopeQuery = z.output<typeof scopeQuerySchema>;
const scopeQuery = new ZodValidationPipe(scopeQuerySchema);

@Controller('api/inventory')
export class InventoryHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: InventoryQueries,
    private readonly products: ProductQueries,
    private readonly scope: PharmacyScope,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private today(): string {
    return todayIn(this.config.TIME_ZONE);
  }

  @Get()
  async list(@Query(scopeQuery) query: ScopeQuery, @Caller() caller: Principal): Promise<InventoryBatch[]> {
    return this.queries.list(await this.scope.readable(caller, query.pharmacyId));
  }

  @Get('expiring')
  async expiring(
    @Query(new ZodValidationPipe(expiringQuerySchema)) query: z.output<typeof expiringQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<ExpiringBatch[]> {
    return this.queries.expiring(await this.scope.readable(caller, query.pharmacyId), query.days, this.today());
  }

  @Get('fefo')
  async fefo(@Query(scopeQuery) query: ScopeQuery, @Caller() caller: Principal): Promise<FefoItem[]> {
    return this.queries.fefo(await this.scope.readable(caller, query.pharmacyId), this.today());
  }

  @Get('low-stock')
  async lowStock(@Query(scopeQuery) query: ScopeQuery, @Caller() caller: Principal): Promise<LowStockItem[]> {
    return this.queries.lowStock(await this.scope.readable(caller, query.pharmacyId));
  }

  @Get('availability')
  async availability(
    @Query(new ZodValidationPipe(availabilityQuerySchema)) query: z.output<typeof availabilityQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<AvailabilityRow[]> {
    await this.scope.readable(caller, query.pharmacyId);
    return this.queries.availability(query.pharmacyId, query.q, this.today());
  }

  @Get(':id/history')
  async history(@Param('id') id: string, @Caller() caller: Principal): Promise<HistoryEntry[]> {
    await this.batchIn(id, caller);
    return this.products.history('batch', id);
  }

  @Post()
  @HttpCode(201)
  async receive(
    @Body(new ZodValidationPipe(batchInputSchema)) input: BatchInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    await this.scope.assertWritable(caller, input.pharmacyId);
    const batchId: string = await this.commands.execute(new ReceiveBatchCommand(randomUUID(), input, context));
    const batch = await this.queries.find(batchId);
    if (!batch) throw batchNotFound(batchId);
    return batch;
  }

  @Put(':id')
  async correct(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(batchInputSchema)) input: BatchInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    const pharmacyId = await this.batchIn(id, caller);
    await this.commands.execute(new CorrectBatchCommand(id, pharmacyId, input, context));
    const batch = await this.queries.find(id);
    if (!batch) throw batchNotFound(id);
    return batch;
  }

  /** The pharmacy of a batch the caller may see; 404 for an unknown batch, 403 for another pharmacy's. */
  private async batchIn(id: string, caller: Principal): Promise<string> {
    const pharmacyId = isUuid(id) ? await this.queries.pharmacyOf(id) : null;
    if (!pharmacyId) throw batchNotFound(id);
    await this.scope.assertWritable(caller, pharmacyId);
    return pharmacyId;
  }
}
