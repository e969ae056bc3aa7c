import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  availabilityQuerySchema,
  batchCorrectionSchema,
  batchDiscountSchema,
  writeOffSchema,
  type WriteOffInput,
  endBatchDiscountSchema,
  type BatchDiscountInput,
  type EndBatchDiscountInput,
  batchInputSchema,
  expirySummaryQuerySchema,
  inventoryListQuerySchema,
  isPageRequest,
  scopeQuerySchema,
  stockOverviewQuerySchema,
  stockAdjustmentSchema,
  type AvailabilityRow,
  type BatchCorrection,
  type BatchInput,
  type ExpirySummary,
  type ExpirySummaryQuery,
  type FefoItem,
  type HistoryEntry,
  type InventoryBatch,
  type InventoryListQuery,
  type ExpiryScanRun,
  type StockAdjustmentInput,
  type StockOverviewQuery,
  type StockOverviewRow,
} from '@pharmacy/contracts';
import { batchNotFound, todayIn, type StockState } from '@pharmacy/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { newEntityId } from '../common/idempotency';
import { ParseId } from '../common/ids';
import { sendPage } from '../common/paging';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { IfMatchVersion } from '../common/versions';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { lastExpiryScan, runExpiryScan } from '@pharmacy/jobs';
import { AdminOnly } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { ProductQueries } from '../catalogue/product.queries';
import {
  AdjustStockCommand,
  CorrectBatchCommand,
  DiscountBatchCommand,
  WriteOffStockCommand,
  ReceiveBatchCommand,
} from './inventory.commands';
import { InventoryQueries } from './inventory.queries';
import { StockLocator } from './stock-locator';
import { ReadsFrom } from '../common/read-after';

type ScopeQuery = z.output<typeof scopeQuerySchema>;
const scopeQuery = new ZodValidationPipe(scopeQuerySchema);
const batchId = new ParseId(batchNotFound);
const holdsBatch = (id: string) => (state: StockState) => id in state.batches;
const AVAILABILITY_IS_SHARED =
  'a pharmacy short of something asks another for it: what it can send (names, SKUs, packs), no batch or sale';

@Controller('api/inventory')
export class InventoryHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: InventoryQueries,
    private readonly products: ProductQueries,
    private readonly scope: PharmacyScope,
    private readonly stock: StockLocator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  private today(): string {
    return todayIn(this.config.TIME_ZONE);
  }

  /**
   * Every active batch in scope (the specification's plain array), or one
   * page of them with `limit`, `offset`, `sort`, `q` (`matchLocation`),
   * `status` or `inStock`; the total in `X-Total-Count`.
   */
  @Get()
  @ReadsFrom('inventory', 'catalogue', 'pharmacies')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(inventoryListQuerySchema)) query: InventoryListQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InventoryBatch[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    const filtered = Boolean(query.q) || query.status.length > 0 || query.inStock;
    if (!isPageRequest(query) && !filtered) return this.queries.list(scope);
    const { batches, total } = await this.queries.page(
      scope,
      { text: query.q ?? '', matchLocation: query.matchLocation, statuses: query.status, inStock: query.inStock },
      { sort: query.sort ?? 'expiry', limit: query.limit ?? 50, offset: query.offset ?? 0 },
      this.today(),
    );
    return sendPage(response, batches, total);
  }

  /**
   * Expiry Tracking's five cards and urgent banner: units per expiry band over
   * every batch holding units that matches `q` (and `pharmacyId`), and the
   * first five expired or critical ones.
   */
  @Get('expiry-summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async expirySummary(
    @Query(new ZodValidationPipe(expirySummaryQuerySchema)) query: ExpirySummaryQuery,
    @Caller() caller: Principal,
  ): Promise<ExpirySummary> {
    return this.queries.expirySummary(
      await this.scope.readable(caller, query.pharmacyId),
      { text: query.q ?? '', matchLocation: query.matchLocation },
      this.today(),
    );
  }

  /** Inventory → Overview: one page of products with the stock held of each in scope; the total in `X-Total-Count`. */
  @Get('overview')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async overview(
    @Query(new ZodValidationPipe(stockOverviewQuerySchema)) query: StockOverviewQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StockOverviewRow[]> {
    const { rows, total } = await this.queries.overview(await this.scope.readable(caller, query.pharmacyId), {
      text: query.q ?? '',
      sort: query.sort ?? 'name',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, rows, total);
  }

  @Get('fefo')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async fefo(@Query(scopeQuery) query: ScopeQuery, @Caller() caller: Principal): Promise<FefoItem[]> {
    return this.queries.fefo(await this.scope.readable(caller, query.pharmacyId), this.today());
  }

  /**
   * What a pharmacy can send: any signed-in user may ask (a pharmacy short of
   * something requests it from another; the shortages screen already names
   * who can spare what). Names, SKUs and sendable packs only.
   */
  @Get('availability')
  @Reaches(reach.anyPharmacy('query', 'pharmacyId', AVAILABILITY_IS_SHARED))
  async availability(
    @Query(new ZodValidationPipe(availabilityQuerySchema)) query: z.output<typeof availabilityQuerySchema>,
  ): Promise<AvailabilityRow[]> {
    return this.queries.availability(query.pharmacyId, query.q, this.today(), query.productId);
  }

  @Get(':id/history')
  @Reaches(reach.record('batch', 'path', 'id'))
  async history(@Param('id', batchId) id: string, @Caller() caller: Principal): Promise<HistoryEntry[]> {
    await this.scope.assertReadable(caller, await this.pharmacyOfBatch(id, caller));
    return this.products.history('batch', id, await this.scope.readable(caller, null));
  }

  @Post()
  @HttpCode(201)
  @Reaches(reach.pharmacy('body', 'pharmacyId'))
  async receive(
    @Body(new ZodValidationPipe(batchInputSchema)) input: BatchInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    await this.scope.assertWritable(caller, input.pharmacyId);
    return this.commands.execute(new ReceiveBatchCommand(newEntityId(context, 'batch'), input, context));
  }

  @Put(':id')
  @Reaches(reach.record('batch', 'path', 'id'), reach.pharmacy('body', 'pharmacyId'))
  async correct(
    @Param('id', batchId) id: string,
    @Body(new ZodValidationPipe(batchCorrectionSchema)) input: BatchCorrection,
    @IfMatchVersion() ifMatch: number | null,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    // The pharmacy the form names is checked like the batch's own: naming another one is refused, not ignored.
    await this.scope.assertWritable(caller, input.pharmacyId);
    const pharmacyId = await this.batchIn(id, caller, input.pharmacyId);
    return this.commands.execute(
      new CorrectBatchCommand(id, pharmacyId, { ...input, version: input.version ?? ifMatch }, context),
    );
  }

  /** Units damaged, lost, found, counted or returned to the supplier: a signed change with its reason. */
  @Post(':id/adjustments')
  @HttpCode(201)
  @Reaches(reach.record('batch', 'path', 'id'))
  async adjust(
    @Param('id', batchId) id: string,
    @Body(new ZodValidationPipe(stockAdjustmentSchema)) input: StockAdjustmentInput,
    @IfMatchVersion() ifMatch: number | null,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    const pharmacyId = await this.batchIn(id, caller);
    return this.commands.execute(
      new AdjustStockCommand(id, pharmacyId, { ...input, version: input.version ?? ifMatch }, context),
    );
  }

  /** Units destroyed before a witness (expired, damaged, recalled): they leave stock, recorded as a write-off. */
  @Post(':id/write-offs')
  @HttpCode(201)
  @Reaches(reach.record('batch', 'path', 'id'))
  async writeOff(
    @Param('id', batchId) id: string,
    @Body(new ZodValidationPipe(writeOffSchema)) input: WriteOffInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    const pharmacyId = await this.batchIn(id, caller);
    return this.commands.execute(new WriteOffStockCommand(id, pharmacyId, input, context));
  }

  /** The last run of the expiry scan (when, how many batches, how long); null before the first. */
  @Get('expiry-scan')
  @AdminOnly('Only administrators can see the expiry scan.')
  @Reaches(reach.none())
  async lastExpiryScan(): Promise<{ lastRun: ExpiryScanRun | null }> {
    return { lastRun: await lastExpiryScan(this.db) };
  }

  /**
   * Runs the expiry scan now (it also runs every night): every batch past its
   * expiry date with units left is recorded as expired, once.
   */
  @Post('expiry-scan')
  @HttpCode(200)
  @AdminOnly('Only administrators can run the expiry scan.')
  @Reaches(reach.none())
  runExpiryScan(@Caller() caller: Principal): Promise<ExpiryScanRun> {
    return runExpiryScan(this.db, this.store, this.today(), caller.id);
  }

  /** Sells the batch this much below the list price from now on (again: changes it); its history is kept. */
  @Post('discount')
  @HttpCode(200)
  @Reaches(reach.record('batch', 'body', 'batchId'))
  async discount(
    @Body(new ZodValidationPipe(batchDiscountSchema)) input: BatchDiscountInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    const pharmacyId = await this.batchIn(input.batchId, caller);
    return this.commands.execute(
      new DiscountBatchCommand(
        input.batchId,
        pharmacyId,
        { discountPercentage: input.discountPercentage, reason: input.reason },
        context,
      ),
    );
  }

  /** The batch sells at the list price again. */
  @Post(':id/discount/end')
  @HttpCode(200)
  @Reaches(reach.record('batch', 'path', 'id'))
  async endDiscount(
    @Param('id', batchId) id: string,
    @Body(new ZodValidationPipe(endBatchDiscountSchema)) input: EndBatchDiscountInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<InventoryBatch> {
    const pharmacyId = await this.batchIn(id, caller);
    return this.commands.execute(
      new DiscountBatchCommand(id, pharmacyId, { end: true, reason: input.reason }, context),
    );
  }

  /**
   * The pharmacy of a batch the caller may touch; 404 for an unknown batch,
   * 403 for another pharmacy's. The pharmacy the client names (the batch
   * form sends it) is checked on the write model first, so an edit does not
   * depend on the read models being up to date.
   */
  private async batchIn(id: string, caller: Principal, named?: string): Promise<string> {
    if (named && (await this.scope.mayWrite(caller, named)) && (await this.stock.holds(named, holdsBatch(id)))) {
      return named;
    }
    const pharmacyId = await this.pharmacyOfBatch(id, caller);
    await this.scope.assertWritable(caller, pharmacyId);
    return pharmacyId;
  }

  /** The pharmacy holding the batch, among those the caller may see; 404 for an unknown batch. */
  private async pharmacyOfBatch(id: string, caller: Principal): Promise<string> {
    // A batch received a moment ago may not be in the read model yet: then it is looked for in the stock itself.
    const pharmacyId = (await this.queries.pharmacyOf(id)) ?? (await this.stock.find(caller, holdsBatch(id)));
    if (!pharmacyId) throw batchNotFound(id);
    return pharmacyId;
  }
}
