import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { Selectable } from 'kysely';
import {
  categoryInputSchema,
  isPageRequest,
  namedListQuerySchema,
  type NamedListQuery,
  supplierInputSchema,
  type Category,
  type CategoryInput,
  type Supplier,
  type SupplierInput,
} from '@pharmacy/contracts';
import { categoryNotFound, supplierNotFound } from '@pharmacy/domain';
import type { CategoriesTable, ReadDb, SuppliersTable } from '@pharmacy/read-db';
import { AdminOnly } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { READ_DB } from '../infrastructure/tokens';
import { newEntityId } from '../common/idempotency';
import { ParseId } from '../common/ids';
import { pageOfNamedList, sendPage } from '../common/paging';
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

const categoryId = new ParseId(categoryNotFound);
const supplierId = new ParseId(supplierNotFound);

@Controller('api/categories')
export class CategoriesHttpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  /** Every category (the specification's plain array), or one page of them with `limit`, `offset`, `sort` and `q`. */
  @Get()
  @Reaches(reach.none())
  async list(
    @Query(new ZodValidationPipe(namedListQuerySchema)) query: NamedListQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Category[]> {
    const all = (await this.db.selectFrom('categories').selectAll().orderBy('name').execute()).map(toCategory);
    if (!isPageRequest(query) && !query.q) return all;
    const page = pageOfNamedList(all, query, (c) => [c.name, c.nameAr, c.description, c.descriptionAr]);
    return sendPage(response, page.rows, page.total);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can manage categories.')
  @Reaches(reach.none())
  create(
    @Body(new ZodValidationPipe(categoryInputSchema)) input: CategoryInput,
    @Ctx() context: RequestContext,
  ): Promise<Category> {
    return this.commands.execute(new SaveCategoryCommand(newEntityId(context, 'category'), input, 'create', context));
  }

  @Put(':id')
  @AdminOnly('Only administrators can manage categories.')
  @Reaches(reach.none())
  update(
    @Param('id', categoryId) id: string,
    @Body(new ZodValidationPipe(categoryInputSchema)) input: CategoryInput,
    @Ctx() context: RequestContext,
  ): Promise<Category> {
    return this.commands.execute(new SaveCategoryCommand(id, input, 'update', context));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can manage categories.')
  @Reaches(reach.none())
  async remove(@Param('id', categoryId) id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeleteCategoryCommand(id, context));
  }
}

@Controller('api/suppliers')
export class SuppliersHttpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  /** Every supplier (the specification's plain array), or one page of them with `limit`, `offset`, `sort` and `q`. */
  @Get()
  @Reaches(reach.none())
  async list(
    @Query(new ZodValidationPipe(namedListQuerySchema)) query: NamedListQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Supplier[]> {
    const all = (await this.db.selectFrom('suppliers').selectAll().orderBy('name').execute()).map(toSupplier);
    if (!isPageRequest(query) && !query.q) return all;
    const page = pageOfNamedList(all, query, (s) => [s.name, s.contactPerson, s.phone, s.email, s.address]);
    return sendPage(response, page.rows, page.total);
  }

  @Post()
  @HttpCode(201)
  @AdminOnly('Only administrators can manage suppliers.')
  @Reaches(reach.none())
  create(
    @Body(new ZodValidationPipe(supplierInputSchema)) input: SupplierInput,
    @Ctx() context: RequestContext,
  ): Promise<Supplier> {
    return this.commands.execute(new SaveSupplierCommand(newEntityId(context, 'supplier'), input, 'create', context));
  }

  @Put(':id')
  @AdminOnly('Only administrators can manage suppliers.')
  @Reaches(reach.none())
  update(
    @Param('id', supplierId) id: string,
    @Body(new ZodValidationPipe(supplierInputSchema)) input: SupplierInput,
    @Ctx() context: RequestContext,
  ): Promise<Supplier> {
    return this.commands.execute(new SaveSupplierCommand(id, input, 'update', context));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can manage suppliers.')
  @Reaches(reach.none())
  async remove(@Param('id', supplierId) id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeleteSupplierCommand(id, context));
  }
}
