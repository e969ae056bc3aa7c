import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  cancelTransferSchema,
  createTransferSchema,
  isPageRequest,
  receiveTransferSchema,
  transferSummaryQuerySchema,
  transfersQuerySchema,
  type CancelTransferInput,
  type CreateTransferInput,
  type ReceiveTransferInput,
  type Transfer,
  type TransferDetail,
  type TransferSummary,
  type TransfersQuery,
} from '@pharmacy/contracts';
import { transferDecider, transferNotFound, transferStreamId } from '@pharmacy/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import type { Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { CommandExecutor } from '../common/command-executor';
import { ParseId } from '../common/ids';
import { sendPage } from '../common/paging';
import { PharmacyScope, pharmacyForbidden } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { CreateTransferCommand, TransferActionCommand } from './transfers.commands';
import { TransferQueries, type WorksAt } from './transfers.queries';

const transferId = new ParseId(transferNotFound);

interface Parties {
  fromPharmacyId: string;
  toPharmacyId: string;
}

/**
 * Stock transfers. Who may do what (admins: everything): users of either
 * pharmacy create (the destination asks, or the source offers) and cancel;
 * users of the source approve (dispatch); users of the destination receive.
 * Only those who work at the source hold its packs: a request from anyone
 * else reserves nothing until the source approves it.
 */
@Controller('api/transfers')
export class TransfersHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: TransferQueries,
    private readonly scope: PharmacyScope,
    private readonly executor: CommandExecutor,
  ) {}

  /**
   * Transfers from or to the pharmacy (or every pharmacy the caller may see),
   * newest first: all of them (the specification's array), or with `limit`,
   * `offset`, `sort`, `q` or `status` one page of the matches, `X-Total-Count`
   * saying how many match.
   */
  @Get()
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(transfersQuerySchema)) query: TransfersQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Transfer[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    if (!isPageRequest(query) && !query.q && !query.status) return this.queries.list(scope, await this.worksAt(caller));
    const { transfers, total } = await this.queries.page(scope, await this.worksAt(caller), {
      q: query.q ?? '',
      status: query.status ?? null,
      sort: query.sort ?? '-created',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, transfers, total);
  }

  /** How many transfers from or to the pharmacy (or every pharmacy the caller may see) are in each status. */
  @Get('summary')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async summary(
    @Query(new ZodValidationPipe(transferSummaryQuerySchema)) query: z.output<typeof transferSummaryQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<TransferSummary> {
    return this.queries.summary(await this.scope.readable(caller, query.pharmacyId));
  }

  @Get(':id')
  @Reaches(reach.record('transfer', 'path', 'id', { side: 'either' }))
  async detail(@Param('id', transferId) id: string, @Caller() caller: Principal): Promise<TransferDetail> {
    const parties = await this.queries.parties(id);
    if (!parties) throw transferNotFound(id);
    return this.answer(id, parties, caller);
  }

  /**
   * A pending transfer (201 with the transfer). Started by someone who works
   * at the source, its packs are reserved there at once; by anyone else, it
   * waits for the source's approval and holds nothing (`awaitingSourceApproval`).
   */
  @Post()
  @HttpCode(201)
  @Reaches(reach.pharmacy('body', 'fromPharmacyId', 'toPharmacyId'))
  async create(
    @Body(new ZodValidationPipe(createTransferSchema)) input: CreateTransferInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<TransferDetail> {
    const parties = { fromPharmacyId: input.fromPharmacyId, toPharmacyId: input.toPharmacyId };
    if (!(await this.mayUseEither(caller, parties))) throw pharmacyForbidden();
    const atSource = await this.scope.mayWrite(caller, input.fromPharmacyId);
    const id = await this.commands.execute(new CreateTransferCommand(input, context, atSource));
    return this.answer(id, parties, caller);
  }

  /**
   * Approved at the source: the reserved packs leave its batches, in transit.
   * A request that held nothing is reserved and dispatched in one step, or
   * refused (409 INSUFFICIENT_STOCK, naming the product) when the stock is gone.
   */
  @Post(':id/approve')
  @HttpCode(200)
  @Reaches(reach.record('transfer', 'path', 'id', { side: 'source' }))
  async approve(
    @Param('id', transferId) id: string,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<TransferDetail> {
    const parties = await this.partiesOf(id, caller);
    await this.scope.assertWritable(caller, parties.fromPharmacyId);
    await this.commands.execute(new TransferActionCommand(id, { type: 'approve' }, context));
    return this.answer(id, parties, caller);
  }

  /** Counted in at the destination: what arrived becomes batches there; a shortfall is recorded with its reason. */
  @Post(':id/receive')
  @HttpCode(200)
  @Reaches(reach.record('transfer', 'path', 'id', { side: 'destination' }))
  async receive(
    @Param('id', transferId) id: string,
    @Body(new ZodValidationPipe(receiveTransferSchema)) input: ReceiveTransferInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<TransferDetail> {
    const parties = await this.partiesOf(id, caller);
    await this.scope.assertWritable(caller, parties.toPharmacyId);
    await this.commands.execute(new TransferActionCommand(id, { type: 'receive', input }, context));
    return this.answer(id, parties, caller);
  }

  /** Pending: the reservation is released. In transit: the packs go back into the source's batches. */
  @Post(':id/cancel')
  @HttpCode(200)
  @Reaches(reach.record('transfer', 'path', 'id', { side: 'either' }))
  async cancel(
    @Param('id', transferId) id: string,
    @Body(new ZodValidationPipe(cancelTransferSchema)) input: CancelTransferInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<TransferDetail> {
    const parties = await this.partiesOf(id, caller);
    if (!(await this.mayUseEither(caller, parties))) throw pharmacyForbidden();
    await this.commands.execute(new TransferActionCommand(id, { type: 'cancel', input }, context));
    return this.answer(id, parties, caller);
  }

  /** The transfer's pharmacies from its own stream (the read model may not have it yet); 403 for outsiders. */
  private async partiesOf(id: string, caller: Principal): Promise<Parties> {
    const parties = await this.executor.read(transferStreamId(id), transferDecider, (state) =>
      state ? { fromPharmacyId: state.fromPharmacyId, toPharmacyId: state.toPharmacyId } : null,
    );
    if (!parties) throw transferNotFound(id);
    if (!(await this.mayUseEither(caller, parties))) throw pharmacyForbidden();
    return parties;
  }

  private async mayUseEither(caller: Principal, parties: Parties): Promise<boolean> {
    return (
      (await this.scope.mayWrite(caller, parties.fromPharmacyId)) ||
      (await this.scope.mayWrite(caller, parties.toPharmacyId))
    );
  }

  /** The transfer as the caller sees it: either party's users, administrators and auditors (who read everything). */
  private async answer(id: string, parties: Parties, caller: Principal): Promise<TransferDetail> {
    const mayRead =
      (await this.scope.mayRead(caller, parties.fromPharmacyId)) ||
      (await this.scope.mayRead(caller, parties.toPharmacyId));
    if (!mayRead) throw pharmacyForbidden();
    const detail = await this.queries.detail(id, await this.worksAt(caller));
    if (!detail) throw transferNotFound(id);
    return detail;
  }

  private async worksAt(caller: Principal): Promise<WorksAt> {
    const scope = await this.scope.readable(caller, null);
    return scope === 'all' ? () => true : (pharmacyId) => scope.includes(pharmacyId);
  }
}
