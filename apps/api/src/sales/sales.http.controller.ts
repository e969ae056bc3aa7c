import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  completeSaleSchema,
  offlineCatalogueQuerySchema,
  offlineSaleSchema,
  type OfflineCatalogue,
  type OfflineSaleInput,
  isSalesPageRequest,
  reportPeriodQuerySchema,
  type CommissionRow,
  type ReportPeriodQuery,
  returnSaleSchema,
  salesQuerySchema,
  scopeQuerySchema,
  type CompleteSaleInput,
  type DailyMetrics,
  type ReturnSaleInput,
  type Sale,
  type SaleDetail,
  type SaleReturn,
  type SalesQuery,
} from '@pharmacy/contracts';
import { DomainError, saleNotFound, todayIn } from '@pharmacy/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { ParseId } from '../common/ids';
import { sendPage } from '../common/paging';
import { PharmacyScope, pharmacyForbidden } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { ReportsQueries } from '../reports/reports.queries';
import { RecordOfflineSaleCommand } from './offline-sales';
import { OfflineQueries } from './offline.queries';
import { RecordedSales } from './recorded-sales';
import { CompleteSaleCommand, ReturnSaleCommand } from './sales.commands';
import { SalesQueries } from './sales.queries';
import { ReadsFrom } from '../common/read-after';

const saleId = new ParseId(saleNotFound);

@Controller('api/sales')
export class SalesHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: SalesQueries,
    private readonly scope: PharmacyScope,
    private readonly recorded: RecordedSales,
    private readonly reports: ReportsQueries,
    private readonly offline: OfflineQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The newest sales first (`limit`, default 50), at one pharmacy or all the
   * caller may see; with `offset`, `sort` or `q`, one page of the sales
   * matching `q`, the total in `X-Total-Count`.
   */
  @Get()
  @ReadsFrom('sales', 'pharmacies')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(salesQuerySchema)) query: SalesQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Sale[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    if (!isSalesPageRequest(query)) return this.queries.list(scope, query.limit, query);
    const { sales, total } = await this.queries.page(
      scope,
      { startDate: query.startDate, endDate: query.endDate, text: query.q ?? '' },
      { sort: query.sort ?? '-date', limit: query.limit, offset: query.offset ?? 0 },
    );
    return sendPage(response, sales, total);
  }

  /** Sale lines that earned a commission in a period (business days, both included), newest first. */
  @Get('commission-report')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async commissionReport(
    @Query(new ZodValidationPipe(reportPeriodQuerySchema)) query: ReportPeriodQuery,
    @Caller() caller: Principal,
  ): Promise<CommissionRow[]> {
    return this.reports.commissions(await this.scope.readable(caller, query.pharmacyId), query);
  }

  /** Today (in the pharmacies' time zone): sales net of today's refunds, and orders. */
  @Get('metrics/daily')
  @ReadsFrom('sales', 'pharmacies')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async dailyMetrics(
    @Query(new ZodValidationPipe(scopeQuerySchema)) query: z.output<typeof scopeQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<DailyMetrics> {
    return this.queries.dailyMetrics(
      await this.scope.readable(caller, query.pharmacyId),
      todayIn(this.config.TIME_ZONE),
    );
  }

  /** A sale at the pharmacy the caller works in now (chosen at sign-in or in the shell). */
  @Post('complete')
  @ReadsFrom()
  @HttpCode(201)
  @Reaches(reach.sessionPharmacy())
  async complete(
    @Body(new ZodValidationPipe(completeSaleSchema)) input: CompleteSaleInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<SaleDetail> {
    const pharmacyId = caller.pharmacyId;
    if (!pharmacyId) {
      throw new DomainError(
        'NO_CURRENT_PHARMACY',
        'Choose the pharmacy you are working in (at the top of the menu) before selling.',
      );
    }
    await this.scope.assertWritable(caller, pharmacyId);
    return this.commands.execute(new CompleteSaleCommand(pharmacyId, input, context));
  }

  /**
   * What a till keeps to sell without a network, for the caller's current
   * pharmacy (or `pharmacyId`, one the caller works in): the active catalogue
   * with today's prices and the batches that can be sold now.
   */
  @Get('offline-catalogue')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async offlineCatalogue(
    @Query(new ZodValidationPipe(offlineCatalogueQuerySchema)) query: z.output<typeof offlineCatalogueQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<OfflineCatalogue> {
    const pharmacyId = query.pharmacyId ?? caller.pharmacyId;
    if (!pharmacyId) {
      throw new DomainError(
        'NO_CURRENT_PHARMACY',
        'Choose the pharmacy you are working in (at the top of the menu) before selling.',
      );
    }
    await this.scope.readable(caller, pharmacyId);
    return this.offline.catalogue(pharmacyId);
  }

  /**
   * A sale the till made without a network, sent when it is back, with the
   * Idempotency-Key it was given when it was made: however often it is sent,
   * it is recorded once (ADR 0015).
   */
  @Post('offline')
  @ReadsFrom('sales')
  @HttpCode(201)
  @Reaches(reach.pharmacy('body', 'pharmacyId'))
  async recordOffline(
    @Body(new ZodValidationPipe(offlineSaleSchema)) input: OfflineSaleInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<SaleDetail> {
    await this.scope.assertWritable(caller, input.pharmacyId);
    return this.commands.execute(new RecordOfflineSaleCommand(input, context));
  }

  @Get(':id')
  @ReadsFrom('sales', 'pharmacies')
  @Reaches(reach.record('sale', 'path', 'id'))
  async detail(@Param('id', saleId) id: string, @Caller() caller: Principal): Promise<SaleDetail> {
    const sale = await this.queries.detail(id);
    if (!sale) throw saleNotFound(id);
    const scope = await this.scope.readable(caller, null);
    if (scope !== 'all' && !scope.includes(sale.pharmacyId)) throw pharmacyForbidden();
    return sale;
  }

  /** Units brought back, refunded at the price paid: some lines, or the whole sale. */
  @Post(':id/returns')
  @ReadsFrom()
  @HttpCode(201)
  @Reaches(reach.record('sale', 'path', 'id'))
  async return(
    @Param('id', saleId) id: string,
    @Body(new ZodValidationPipe(returnSaleSchema)) input: ReturnSaleInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<SaleReturn> {
    // A sale made a moment ago may not be in the read model yet: then it is looked for in the log itself.
    const pharmacyId = (await this.queries.pharmacyOf(id)) ?? (await this.recorded.locate(caller, id));
    if (!pharmacyId) throw saleNotFound(id);
    await this.scope.assertWritable(caller, pharmacyId);
    return this.commands.execute(new ReturnSaleCommand(id, pharmacyId, input, context));
  }
}
