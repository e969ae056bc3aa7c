import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  discrepancyQuerySchema,
  resolveDiscrepancySchema,
  type DiscrepancyQuery,
  type ResolveDiscrepancyInput,
  type StockDiscrepancy,
} from '@pharmacy/contracts';
import { discrepancyNotFound } from '@pharmacy/domain';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { ParseId } from '../common/ids';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { ResolveDiscrepancyCommand } from './offline-sales';
import { OfflineQueries } from './offline.queries';

/** What sales made offline raised for review (ADR 0015): the dashboard's alert and the Discrepancies screen. */
@Controller('api/stock-discrepancies')
export class DiscrepanciesHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: OfflineQueries,
    private readonly scope: PharmacyScope,
  ) {}

  /** Newest first: the open ones (default), the resolved ones or all, at the pharmacies the caller may see. */
  @Get()
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(discrepancyQuerySchema)) query: DiscrepancyQuery,
    @Caller() caller: Principal,
  ): Promise<StockDiscrepancy[]> {
    return this.queries.discrepancies(await this.scope.readable(caller, query.pharmacyId), query);
  }

  /** Records what was found or done; answers the discrepancy as it is now. */
  @Post(':id/resolve')
  @HttpCode(200)
  @Reaches(reach.record('discrepancy', 'path', 'id'))
  async resolve(
    @Param('id', new ParseId(discrepancyNotFound)) id: string,
    @Body(new ZodValidationPipe(resolveDiscrepancySchema)) input: ResolveDiscrepancyInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<StockDiscrepancy> {
    const found = await this.queries.discrepancy(id);
    if (!found) throw discrepancyNotFound(id);
    await this.scope.assertWritable(caller, found.pharmacyId);
    await this.commands.execute(new ResolveDiscrepancyCommand(found.pharmacyId, id, input, context));
    return (await this.queries.discrepancy(id)) ?? found;
  }
}
