import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { pharmacyInputSchema, type Pharmacy, type PharmacyInput } from '@pharmacy/contracts';
import { pharmacyNotFound } from '@pharmacy/domain';
import { AdminOnly } from '../common/access/access';
import { Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import {
  ChangePharmacyDetailsCommand,
  DeletePharmacyCommand,
  RegisterPharmacyCommand,
} from './commands/pharmacy.commands';
import { PharmacyQueries } from './pharmacies.queries';
import { isUuid } from '../common/ids';

/** An id that is not even a uuid names no pharmacy: same answer as an unknown one. */
function knownShape(id: string): string {
  if (!isUuid(id)) throw pharmacyNotFound(id);
  return id.toLowerCase();
}

@Controller('api/pharmacies')
export class PharmaciesHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: PharmacyQueries,
  ) {}

  @Get()
  list(): Promise<Pharmacy[]> {
    return this.queries.list();
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can add pharmacy locations.')
  async create(
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    const id = randomUUID();
    await this.commands.execute(new RegisterPharmacyCommand(id, input, context));
    return (await this.queries.find(id)) ?? this.provisional(id, input);
  }

  @Put(':id')
  @AdminOnly('Only administrators can edit pharmacy locations.')
  async update(
    @Param('id') rawId: string,
    @Body(new ZodValidationPipe(pharmacyInputSchema)) input: PharmacyInput,
    @Ctx() context: RequestContext,
  ): Promise<Pharmacy> {
    const id = knownShape(rawId);
    await this.commands.execute(new ChangePharmacyDetailsCommand(id, input, context));
    return (await this.queries.find(id)) ?? this.provisional(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can delete pharmacy locations.')
  async remove(@Param('id') rawId: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeletePharmacyCommand(knownShape(rawId), context));
  }

  /** The answer when the read model has not caught up within the wait bound: what was just written. */
  private provisional(id: string, input: PharmacyInput): Pharmacy {
    const now = new Date().toISOString();
    return { id, ...input, createdAt: now, updatedAt: now };
  }
}
