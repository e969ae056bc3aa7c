import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  categoryInputSchema,
  supplierInputSchema,
  type Category,
  type CategoryInput,
  type Supplier,
  type SupplierInput,
} from '@pharmacy/contracts';
import { categoryNotFound, supplierNotFound } from '@pharmacy/domain';
import type { CategoriesTable, ReadDb, SuppliersTable } from '@pharmacy/read-db';
import { AdminOnly } from '../common/access/access';
import { Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { READ_DB } from '../infrastructure/tokens';
import { isUuid } from '../common/ids';
import {
  DeleteCategoryCommand,
  DeleteSupplierCommand,
  SaveCategoryCommand,
  SaveSupplierCommand,
} from './reference-data.commands';

function toCategory(row: Selectable<CategoriesTable>): Category {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function toSupplier(row: Selectable<SuppliersTable>): Supplier {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

@Controller('api/categories')
export class CategoriesHttpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  @Get()
  async list(): Promise<Category[]> {
    return (await this.db.selectFrom('categories').selectAll().orderBy('name').execute()).map(toCategory);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can manage categories.')
  async create(
    @Body(new ZodValidationPipe(categoryInputSchema)) input: CategoryInput,
    @Ctx() context: RequestContext,
  ): Promise<Category> {
    const id = randomUUID();
    await this.commands.execute(new SaveCategoryCommand(id, input, 'create', context));
    return this.find(id);
  }

  @Put(':id')
  @AdminOnly('Only administrators can manage categories.')
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(categoryInputSchema)) input: CategoryInput,
    @Ctx() context: RequestContext,
  ): Promise<Category> {
    if (!isUuid(id)) throw categoryNotFound(id);
    await this.commands.execute(new SaveCategoryCommand(id, input, 'update', context));
    return this.find(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can manage categories.')
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    if (!isUuid(id)) throw categoryNotFound(id);
    await this.commands.execute(new DeleteCategoryCommand(id, context));
  }

  private async find(id: string): Promise<Category> {
    const row = await this.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw categoryNotFound(id);
    return toCategory(row);
  }
}

@Controller('api/suppliers')
export class SuppliersHttpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  @Get()
  async list(): Promise<Supplier[]> {
    return (await this.db.selectFrom('suppliers').selectAll().orderBy('name').execute()).map(toSupplier);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can manage suppliers.')
  async create(
    @Body(new ZodValidationPipe(supplierInputSchema)) input: SupplierInput,
    @Ctx() context: RequestContext,
  ): Promise<Supplier> {
    const id = randomUUID();
    await this.commands.execute(new SaveSupplierCommand(id, input, 'create', context));
    return this.find(id);
  }

  @Put(':id')
  @AdminOnly('Only administrators can manage suppliers.')
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(supplierInputSchema)) input: SupplierInput,
    @Ctx() context: RequestContext,
  ): Promise<Supplier> {
    if (!isUuid(id)) throw supplierNotFound(id);
    await this.commands.execute(new SaveSupplierCommand(id, input, 'update', context));
    return this.find(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can manage suppliers.')
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    if (!isUuid(id)) throw supplierNotFound(id);
    await this.commands.execute(new DeleteSupplierCommand(id, context));
  }

  private async find(id: string): Promise<Supplier> {
    const row = await this.db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw supplierNotFound(id);
    return toSupplier(row);
  }
}
