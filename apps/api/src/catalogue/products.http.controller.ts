import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  createProductSchema,
  productInputSchema,
  scopeQuerySchema,
  type CreateProductInput,
  type HistoryEntry,
  type Product,
  type ProductInput,
} from '@pharmacy/contracts';
import { productNotFound } from '@pharmacy/domain';
import type { z } from 'zod';
import { AdminOnly, type Principal } from '../common/access/access';
import { isUuid } from '../common/ids';
import { PharmacyScope } from '../common/pharmacy-scope';
import { Caller, Ctx, type RequestContext } from '../common/request-context';
import { ZodValidationPipe } from '../common/validation';
import { DeleteProductCommand, RegisterProductCommand, UpdateProductCommand } from './product.commands';
import { ProductQueries } from './product.queries';
import { scanCodes } from './scan-codes';

@Controller('api/products')
export class ProductsHttpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: ProductQueries,
    private readonly scope: PharmacyScope,
  ) {}

  @Get()
  async list(
    @Query(new ZodValidationPipe(scopeQuerySchema)) query: z.output<typeof scopeQuerySchema>,
    @Caller() caller: Principal,
  ): Promise<Product[]> {
    return this.queries.list(await this.scope.readable(caller, query.pharmacyId));
  }

  /** Search by name, Arabic name, generic name, SKU or barcode; a scanned GS1 code finds its GTIN. */
  @Get('search')
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

  @Get(':id/history')
  async history(@Param('id') id: string): Promise<HistoryEntry[]> {
    if (!isUuid(id)) throw productNotFound(id);
    return this.queries.history('product', id);
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body(new ZodValidationPipe(createProductSchema)) input: CreateProductInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<Product> {
    if (input.initialQuantity > 0 && input.pharmacyId) await this.scope.assertWritable(caller, input.pharmacyId);
    const id = randomUUID();
    await this.commands.execute(new RegisterProductCommand(id, input, context));
    const product = await this.queries.find(id, await this.scope.readable(caller, null));
    if (!product) throw productNotFound(id);
    return product;
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(productInputSchema)) input: ProductInput,
    @Caller() caller: Principal,
    @Ctx() context: RequestContext,
  ): Promise<Product> {
    if (!isUuid(id)) throw productNotFound(id);
    await this.commands.execute(new UpdateProductCommand(id, input, context));
    const product = await this.queries.find(id, await this.scope.readable(caller, null));
    if (!product) throw productNotFound(id);
    return product;
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly('Only administrators can delete products.')
  async remove(@Param('id') id: string, @Ctx() context: RequestContext): Promise<void> {
    if (!isUuid(id)) throw productNotFound(id);
    await this.commands.execute(new DeleteProductCommand(id, context));
  }
}
