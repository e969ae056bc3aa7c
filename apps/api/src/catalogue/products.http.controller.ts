import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  createProductSchema,
  isPageRequest,
  productInputSchema,
  productListQuerySchema,
  scopeQuerySchema,
  type CreateProductInput,
  type HistoryEntry,
  type Product,
  type ProductInput,
  type ProductListQuery,
} from '@pharmacy/contracts';
import { productNotFound } from '@pharmacy/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import { AdminOnly, type Principal } from '../common/access/access';
import { Reaches, reach } from '../common/access/policy';
import { newEntityId } from '../common/idempotency';
import { ParseId } from '../common/ids';
import { sendPage } from '../common/paging';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { IfMatchVersion } from '../common/versions';
import { DeleteProductCommand, RegisterProductCommand, UpdateProductCommand } from './product.commands';
import { ProductQueries } from './product.queries';
import { scanCodes } from './scan-codes';
import { ReadsFrom } from '../common/read-after';

const productId = new ParseId(productNotFound);

@Controller('api/products')
export class ProductsHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ProductQueries,
    private readonly scope: PharmacyScope,
  ) {}

  /** Every product (the specification's plain array), or one page of them with `limit`, `offset`, `sort` and `q`. */
  @Get()
  @ReadsFrom('catalogue', 'inventory', 'pharmacies')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async list(
    @Query(new ZodValidationPipe(productListQuerySchema)) query: ProductListQuery,
    @Caller() caller: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Product[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    if (!isPageRequest(query) && !query.q && !query.active) return this.queries.list(scope);
    const { text, codes } = scanCodes(query.q ?? '');
    const { products, total } = await this.queries.page(scope, {
      text,
      codes,
      activeOnly: query.active,
      sort: query.sort ?? 'name',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, products, total);
  }

  /** Search by name, Arabic name, generic name, SKU or barcode; a scanned GS1 code finds its GTIN. */
  @Get('search')
  @ReadsFrom('catalogue', 'inventory', 'pharmacies')
  @Reaches(reach.pharmacy('query', 'pharmacyId'))
  async search(
    @Query(new ZodValidationPipe(scopeQuerySchema)) query: z.output<typeof scopeQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<Product[]> {
    const scope = await this.scope.readable(caller, query.pharmacyId);
    const q = query.q ?? '';
    if (q === '') return [];
    const { text, codes } = scanCodes(q);
    return this.queries.search(text, codes, scope);
  }

  /** The product's catalogue history, and the stock facts of the pharmacies the caller may see. */
  @Get(':id/history')
  @Reaches(reach.callerPharmacies())
  async history(@Param('id', productId) id: string, @Caller() caller: Principal): Promise<HistoryEntry[]> {
    return this.queries.history('product', id, await this.scope.readable(caller, null));
  }

  @Post()
  @HttpCode(201)
  @Reaches(reach.pharmacy('body', 'pharmacyId'))
  async create(
    @Body(new ZodValidationPipe(createProductSchema)) input: CreateProductInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<Product> {
    if (input.initialQuantity > 0 && input.pharmacyId) await this.scope.assertWritable(caller, input.pharmacyId);
    return this.commands.execute(new RegisterProductCommand(newEntityId(context, 'product'), input, context));
  }

  @Put(':id')
  @Reaches(reach.callerPharmacies())
  async update(
    @Param('id', productId) id: string,
    @Body(new ZodValidationPipe(productInputSchema)) input: ProductInput,
    @IfMatchVersion() ifMatch: number | null,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<Product> {
    const scope = await this.scope.readable(caller, null);
    return this.commands.execute(
      new UpdateProductCommand(id, { ...input, version: input.version ?? ifMatch }, scope, context),
    );
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can delete products.')
  @Reaches(reach.none())
  async remove(@Param('id', productId) id: string, @Ctx() context: RequestContext): Promise<void> {
    await this.commands.execute(new DeleteProductCommand(id, context));
  }
}
