import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateProductInput, ProductInput } from '@pharmacy/contracts';
import {
  DomainError,
  normaliseUniqueValue,
  productDecider,
  productStreamId,
  stockDecider,
  stockStreamId,
  type ProductSnapshot,
} from '@pharmacy/domain';
import type { GlobalPosition } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { randomUUID } from 'node:crypto';
import { todayIn } from '@pharmacy/domain';
import { CommandExecutor } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { STOCK_SNAPSHOTS } from '../inventory/stock-snapshots';
import { UniqueValues } from './unique-values';

export class RegisterProductCommand extends Command<void> {
  constructor(
    readonly productId: string,
    readonly input: CreateProductInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class UpdateProductCommand extends Command<void> {
  constructor(
    readonly productId: string,
    readonly input: ProductInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class DeleteProductCommand extends Command<void> {
  constructor(
    readonly productId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export function toProductSnapshot(input: ProductInput): ProductSnapshot {
  return {
    details: {
      sku: input.sku,
      barcode: input.barcode,
      name: input.name,
      nameAr: input.nameAr,
      description: input.description,
      descriptionAr: input.descriptionAr,
      brand: input.brand,
      genericName: input.genericName,
      genericNameAr: input.genericNameAr,
      categoryId: input.categoryId,
      supplierId: input.supplierId,
      salesUnit: input.salesUnit,
      unitsPerPackage: input.unitsPerPackage,
      minStockLevel: input.minStockLevel,
      maxStockLevel: input.maxStockLevel,
      requiresPrescription: input.requiresPrescription,
    },
    pricing: { price: input.price, cost: input.cost },
    commission: { commissionRate: input.commissionRate, commissionEnabled: input.commissionEnabled },
    isActive: input.isActive,
  };
}

const skuTaken = (sku: string) => `SKU "${sku}" is already used by another product.`;
const barcodeTaken = (barcode: string) => `Barcode ${barcode} is already used by another product.`;

/** Category and supplier must exist (their read models are consistent after their own commands waited). */
async function assertReferences(db: ReadDb, input: ProductInput): Promise<void> {
  if (input.categoryId) {
    const found = await db.selectFrom('categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
    if (!found) throw new DomainError('invalid', 'CATEGORY_NOT_FOUND', 'The chosen category does not exist.');
  }
  if (input.supplierId) {
    const found = await db.selectFrom('suppliers').select('id').where('id', '=', input.supplierId).executeTakeFirst();
    if (!found) throw new DomainError('invalid', 'SUPPLIER_NOT_FOUND', 'The chosen supplier does not exist.');
  }
}

/**
 * Registers a product across streams: claim its SKU and barcode, record the
 * product, and receive its first batch when an initial quantity is given. A
 * failed step undoes the claims made before it.
 */
@CommandHandler(RegisterProductCommand)
export class RegisterProductHandler implements ICommandHandler<RegisterProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ productId, input, context }: RegisterProductCommand): Promise<void> {
    await assertReferences(this.db, input);
    const today = todayIn(this.config.TIME_ZONE);
    if (input.initialQuantity > 0) {
      if (input.expiryDate && input.expiryDate < today) {
        throw new DomainError('invalid', 'EXPIRY_IN_PAST', 'Expiry date cannot be in the past');
      }
      const pharmacy = await this.db
        .selectFrom('pharmacies')
        .select('id')
        .where('id', '=', input.pharmacyId!)
        .executeTakeFirst();
      if (!pharmacy) throw new DomainError('invalid', 'PHARMACY_NOT_FOUND', 'Pharmacy location not found');
    }

    const claimed: Array<() => Promise<void>> = [];
    try {
      await this.unique.claim('product-sku', input.sku, productId, skuTaken(input.sku), context);
      claimed.push(() => this.unique.release('product-sku', input.sku, productId, context));
      if (input.barcode) {
        await this.unique.claim('product-barcode', input.barcode, productId, barcodeTaken(input.barcode), context);
        claimed.push(() => this.unique.release('product-barcode', input.barcode!, productId, context));
      }
      let last: GlobalPosition | null = (
        await this.executor.execute(
          productStreamId(productId),
          productDecider,
          { type: 'RegisterProduct', productId, product: toProductSnapshot(input) },
          context,
          { waitForProjections: false },
        )
      ).position;
      claimed.length = 0;
      if (input.initialQuantity > 0 && input.pharmacyId && input.expiryDate) {
        last = (
          await this.executor.execute(
            stockStreamId(input.pharmacyId),
            stockDecider,
            {
              type: 'ReceiveBatch',
              pharmacyId: input.pharmacyId,
              batchId: randomUUID(),
              productId,
              batchNumber: input.batchNumber ?? `INIT-${today.replaceAll('-', '')}`,
              quantity: input.initialQuantity,
              purchasePrice: input.cost,
              expiryDate: input.expiryDate,
              supplierId: input.supplierId,
              today,
            },
            context,
            { snapshot: STOCK_SNAPSHOTS, waitForProjections: false },
          )
        ).position;
      }
      await this.executor.settle(last);
    } catch (error) {
      for (const undo of claimed.reverse()) await undo().catch(() => undefined);
      throw error;
    }
  }
}

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ productId, input, context }: UpdateProductCommand): Promise<void> {
    await assertReferences(this.db, input);
    const { state } = await this.executor.load(productStreamId(productId), productDecider);
    if (state.status !== 'active') {
      throw new DomainError('not_found', 'PRODUCT_NOT_FOUND', 'The product no longer exists.', { productId });
    }
    const before = state.details;
    const skuChanged = normaliseUniqueValue(before.sku) !== normaliseUniqueValue(input.sku);
    const newBarcode =
      input.barcode &&
      (!before.barcode || normaliseUniqueValue(before.barcode) !== normaliseUniqueValue(input.barcode));
    const barcodeDropped =
      before.barcode &&
      (!input.barcode || normaliseUniqueValue(before.barcode) !== normaliseUniqueValue(input.barcode));

    const undo: Array<() => Promise<void>> = [];
    try {
      if (skuChanged) {
        await this.unique.claim('product-sku', input.sku, productId, skuTaken(input.sku), context);
        undo.push(() => this.unique.release('product-sku', input.sku, productId, context));
      }
      if (newBarcode && input.barcode) {
        await this.unique.claim('product-barcode', input.barcode, productId, barcodeTaken(input.barcode), context);
        undo.push(() => this.unique.release('product-barcode', input.barcode!, productId, context));
      }
      await this.executor.execute(
        productStreamId(productId),
        productDecider,
        { type: 'UpdateProduct', productId, product: toProductSnapshot(input) },
        context,
      );
    } catch (error) {
      for (const step of undo.reverse()) await step().catch(() => undefined);
      throw error;
    }
    if (skuChanged) await this.unique.release('product-sku', before.sku, productId, context);
    if (barcodeDropped && before.barcode)
      await this.unique.release('product-barcode', before.barcode, productId, context);
  }
}

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ productId, context }: DeleteProductCommand): Promise<void> {
    const { units } = await this.db
      .selectFrom('inventoryBatches')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('quantity'), eb.val('0')).as('units'))
      .where('productId', '=', productId)
      .executeTakeFirstOrThrow();
    const outcome = await this.executor.execute(
      productStreamId(productId),
      productDecider,
      { type: 'DeleteProduct', productId, unitsInStock: Number(units) },
      context,
    );
    const deleted = outcome.events.find((e) => e.type === 'ProductDeleted');
    if (deleted?.type === 'ProductDeleted') {
      await this.unique.release('product-sku', deleted.data.sku, productId, context);
      if (deleted.data.barcode) await this.unique.release('product-barcode', deleted.data.barcode, productId, context);
    }
  }
}

export const productCommandHandlers = [RegisterProductHandler, UpdateProductHandler, DeleteProductHandler];
