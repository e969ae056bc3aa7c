import { CommandBus } from '@nestjs/cqrs';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  cancelCountSchema,
  countsQuerySchema,
  isPageRequest,
  recordCountsSchema,
  startCountSchema,
  type CountsQuery,
  type RecordCountsInput,
  type StartCountInput,
  type StockCount,
  type StockCountDetail,
} from '@pharmacy/contracts';
import { countNotFound } from '@pharmacy/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { ParseId } from '../common/ids';
import { sendPage } from '../common/paging';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { CancelCountCommand, PostCountCommand, RecordCountsCommand, StartCountCommand } from './counts.commands';
import { StockCounts } from './counts.service';

const countId = new ParseId(countNotFound);

/**
 * Stock counts (stocktakes) of one pharmacy: users of the pharmacy start,
 * count and cancel; administrators and the pharmacy's manager post.
 */
@Controller('api/stock-counts')
export class CountsHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly counts: StockCounts,
    private readonly scope: PharmacyScope,
  ) {}

  /**
   * The pharmacy's counts (or those of every pharmacy the caller works at),
   * newest first, or with `limit`, `offset` or `sort` one page of them,
   * `X-Total-Count` saying how many there are.
   */
  @Get()
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(countsQuerySchema)) query: CountsQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StockCount[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    if (!isPageRequest(query)) return this.counts.list(scope);
    const { counts, total } = await this.counts.page(scope, {
      sort: query.sort ?? '-started',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, counts, total);
  }

  @Get(':id')
  @Reaches(reach.record('count', 'path', 'id'))
  detail(@Param('id', countId) id: string, @Caller() caller: Principal): Promise<StockCountDetail> {
    return this.counts.detail(id, caller);
  }

  /** Fixes the quantity each batch holds now; sales and transfers go on while people count. */
  @Post()
  @HttpCode(201)
  @Reaches(reach.pharmacy('body', 'pharmacyId'))
  start(
    @Body(new ZodValidationPipe(startCountSchema)) input: StartCountInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<StockCountDetail> {
    return this.commands.execute(new StartCountCommand(input, caller, context));
  }

  @Put(':id/counts')
  @Reaches(reach.record('count', 'path', 'id'))
  record(
    @Param('id', countId) id: string,
    @Body(new ZodValidationPipe(recordCountsSchema)) input: RecordCountsInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<StockCountDetail> {
    return this.commands.execute(new RecordCountsCommand(id, input, caller, context));
  }

  /** Records, per counted batch, an adjustment of (counted − expected at the start). */
  @Post(':id/post')
  @HttpCode(200)
  @Reaches(reach.record('count', 'path', 'id', { managerOnly: true }))
  post(
    @Param('id', countId) id: string,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<StockCountDetail> {
    return this.commands.execute(new PostCountCommand(id, caller, context));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Reaches(reach.record('count', 'path', 'id'))
  cancel(
    @Param('id', countId) id: string,
    @Body(new ZodValidationPipe(cancelCountSchema)) input: z.output<typeof cancelCountSchema>,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<StockCountDetail> {
    return this.commands.execute(new CancelCountCommand(id, input.reason, caller, context));
  }
}
