import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { pharmacyInputSchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { pharmacyNotFound } from '@pharmacy/domain';
import { AdminOnly, type Principal } from '../common/access/access';
import { newEntityId } from '../common/idempotency';
import { ParseId } from '../common/ids';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
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

  /** Administrators see every location; pharmacists the active ones (an inactive one takes no work). */
  @Get()
  async list(@Caller() caller: Principal): Promise<Pharmacy[]> {
    const all = await this.queries.list();
    return caller.role === 'admin' ? all : all.filter((pharmacy) => pharmacy.isActive);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can add pharmacy locations.')
  create(
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    return this.commands.execute(new RegisterPharmacyCommand(newEntityId(context, 'pharmacy'), input, context));
  }

  @Put(':id')
  @AdminOnly('Only administrators can edit pharmacy locations.')
  update(
    @Param('id', pharmacyId) id: string,
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    return this.commands.execute(new ChangePharmacyDetailsCommand(id, input, context));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can delete pharmacy locations.')
  async remove(@Param('id', pharmacyId) id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeletePharmacyCommand(id, context));
  }
}
