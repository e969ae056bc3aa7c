import { Controller, Get, Query } from '@nestjs/common';
import {
  reportPeriodQuerySchema,
  scopeQuerySchema,
  type ReportPeriodQuery,
  type SalesSummary,
  type StockSummary,
} from '@pharmacy/contracts';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { ReportsQueries } from './reports.queries';

/** What the Reports screen's charts draw, for the pharmacies the caller may see. */
@Controller('api/reports')
export class ReportsHttpController {
  constructor(
    private readonly queries: ReportsQueries,
    private readonly scope: PharmacyScope,
  ) {}

  @Get('sales-summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async salesSummary(
    @Query(new ZodValidationPipe(reportPeriodQuerySchema)) query: ReportPeriodQuery,
    @Caller() caller: Principal,
  ): Promise<SalesSummary> {
    return this.queries.salesSummary(await this.scope.readable(caller, query.pharmacyId), query);
  }

  @Get('stock-summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async stockSummary(
    @Query(new ZodValidationPipe(scopeQuerySchema)) query: z.output<typeof scopeQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<StockSummary> {
    return this.queries.stockSummary(await this.scope.readable(caller, query.pharmacyId));
  }
}
