import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  isPageRequest,
  namedListQuerySchema,
  pharmacyInputSchema,
  type NamedListQuery,
  type Pharmacy,
  type PharmacyInput,
} from '@pharmacy/contracts';
import { pharmacyNotFound } from '@pharmacy/domain';
import { AdminOnly, type Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { newEntityId } from '../common/idempotency';
import { ParseId } from '../common/ids';
import { pageOfNamedList, sendPage } from '../common/paging';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { IfMatchVersion } from '../common/versions';
import {
  ChangePharmacyDetailsCommand,
  DeletePharmacyCommand,
  RegisterPharmacyCommand,
} from './commands/pharmacy.commands';
import { PharmacyQueries } from './pharmacies.queries';

const pharmacyId = new ParseId(pharmacyNotFound);

@Controller('api/pharmacies')
export class PharmaciesHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PharmacyQueries,
  ) {}

  /**
   * Administrators see every location; pharmacists the active ones (an inactive one takes no work).
   * The whole list (the specification's plain array), or one page with `limit`, `offset`, `sort` and `q`.
   */
  @Get()
  @Reaches(reach.none())
  async list(
    @Query(new ZodValidationPipe(namedListQuerySchema)) query: NamedListQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Pharmacy[]> {
    const everyone = await this.queries.list();
    const visible = caller.role === 'admin' ? everyone : everyone.filter((pharmacy) => pharmacy.isActive);
    if (!isPageRequest(query) && !query.q) return visible;
    const page = pageOfNamedList(visible, query, (p) => [p.name, p.nameAr, p.address, p.addressAr, p.phone, p.email]);
    return sendPage(response, page.rows, page.total);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can add pharmacy locations.')
  @Reaches(reach.none())
  create(
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    return this.commands.execute(new RegisterPharmacyCommand(newEntityId(context, 'pharmacy'), input, context));
  }

  @Put(':id')
  @AdminOnly('Only administrators can edit pharmacy locations.')
  @Reaches(reach.none())
  update(
    @Param('id', pharmacyId) id: string,
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @IfMatchVersion() ifMatch: number | null,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    return this.commands.execute(
      new ChangePharmacyDetailsCommand(id, { ...input, version: input.version ?? ifMatch }, context),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can delete pharmacy locations.')
  @Reaches(reach.none())
  async remove(@Param('id', pharmacyId) id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeletePharmacyCommand(id, context));
  }
}
