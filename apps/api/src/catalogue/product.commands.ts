import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateProductInput, Product, ProductInput } from '@pharmacy/contracts';
import {
  DomainError,
  normaliseUniqueValue,
  productDecider,
  productStreamId,
  stockDecider,
  stockStreamId,
  todayIn,
  type DomainEvent,
  type ProductSnapshot,
  type ProductState,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { CommandExecutor, type CommandOutcome, type StreamMeta } from '../common/command-executor';
import { newEntityId } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { WriteModel, type ProductRecord } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { reinstate } from '../inventory/inventory.commands';
import { ProductQueries, type Scope } from './product.queries';
import { UniqueValues } from './unique-values';

export class RegisterProductCommand extends Command<Product> {
  constructor(
    readonly productId: string,
    readonly input: CreateProductInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class UpdateProductCommand extends Command<Product> {
  constructor(
    readonly productId: string,
    readonly input: ProductInput,
    /** Pharmacies whose stock the answer's totalStock covers (the caller's). */
    readonly scope: Scope,
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

export function toProductSnapshot(input: ProductInput | CreateProductInput): ProductSnapshot {
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
      shelfLocation: input.shelfLocation,
    },
    pricing: { price: input.price, cost: input.cost },
    commission: { commissionRate: input.commissionRate, commissionEnabled: input.commissionEnabled },
    isActive: input.isActive,
  };
}

/** The product record a command left, read while its stream is locked. */
function productRecord(productId: string, state: ProductState, meta: StreamMeta): ProductRecord | null {
  if (state.status !== 'active') return null;
  const updatedAt = meta.updatedAt ?? new Date().toISOString();
  const { details, pricing, commission, isActive, version } = state;
  return {
    id: productId,
    product: { details, pricing, commission, isActive },
    version,
    createdAt: meta.createdAt ?? updatedAt,
    updatedAt,
  };
}

interface ReferenceNames {
  categoryName: string | null;
  categoryNameAr: string | null;
  supplierName: string | null;
}

/** A product as the API answers it, built from the write model (the read models may not have it yet). */
export function toProduct(record: ProductRecord, names: ReferenceNames, totalStock: number): Product {
  const { details, pricing, commission, isActive } = record.product;
  return {
    id: record.id,
    ...details,
    ...names,
    ...pricing,
    ...commission,
    isActive,
    totalStock,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const skuTaken = (sku: string) => `SKU "${sku}" is already used by another product.`;
const barcodeTaken = (barcode: string) => `Barcode ${barcode} is already used by another product.`;

/** The category and supplier a product names must exist: checked on their own streams. */
async function referenceNames(
  writeModel: WriteModel,
  refs: { categoryId: string | null; supplierId: string | null },
): Promise<ReferenceNames> {
  const category = refs.categoryId ? await writeModel.category(refs.categoryId) : null;
  const supplier = refs.supplierId ? await writeModel.supplier(refs.supplierId) : null;
  return {
    categoryName: category?.details.name ?? null,
    categoryNameAr: category?.details.nameAr ?? null,
    supplierName: supplier?.details.name ?? null,
  };
}

/** Runs compensations after a refusal (a DomainError); after anything else the work stays for a retry to finish. */
async function undoOnRefusal(error: unknown, undo: Array<() => Promise<void>>): Promise<never> {
  if (error instanceof DomainError) for (const step of undo.reverse()) await step().catch(() => undefined);
  throw error;
}

/**
 * Registers a product across streams: claim its SKU and barcode, record the
 * product, and receive its first batch when an initial quantity is given.
 * With an Idempotency-Key every step is idempotent and the product and batch
 * ids derive from the key, so the retry of a command that crashed between
 * two steps completes it; a refusal undoes the claims made before it.
 */
@CommandHandler(RegisterProductCommand)
export class RegisterProductHandler implements ICommandHandler<RegisterProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    private readonly writeModel: WriteModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ productId, input, context }: RegisterProductCommand): Promise<Product> {
    const names = await referenceNames(this.writeModel, input);
    const today = todayIn(this.config.TIME_ZONE);
    const withStock = input.initialQuantity > 0 && input.pharmacyId !== null && input.expiryDate !== null;
    if (withStock) {
      if (input.expiryDate! < today) {
        throw new DomainError('EXPIRY_IN_PAST', 'Expiry date cannot be in the past');
      }
      await this.writeModel.pharmacy(input.pharmacyId!);
    }

    const undo: Array<() => Promise<void>> = [];
    let record: ProductRecord | null;
    const steps: Array<CommandOutcome<DomainEvent, unknown>> = [];
    try {
      await this.unique.claim('product-sku', input.sku, productId, skuTaken(input.sku), context);
      undo.push(() => this.unique.release('product-sku', input.sku, productId, context));
      if (input.barcode) {
        await this.unique.claim('product-barcode', input.barcode, productId, barcodeTaken(input.barcode), context);
        undo.push(() => this.unique.release('product-barcode', input.barcode!, productId, context));
      }
      const registered = await this.executor.execute(
        productStreamId(productId),
        productDecider,
        { type: 'RegisterProduct', productId, product: toProductSnapshot(input) },
        context,
        { waitForProjections: false, answer: (state, _events, meta) => productRecord(productId, state, meta) },
      );
      record = registered.answer;
      steps.push(registered);
    } catch (error) {
      return undoOnRefusal(error, undo);
    }

    if (withStock) {
      const received = await this.executor.execute(
        stockStreamId(input.pharmacyId!),
        stockDecider,
        {
          type: 'ReceiveBatch',
          pharmacyId: input.pharmacyId!,
          batchId: newEntityId(context, 'initial-batch'),
          productId,
          batchNumber: input.batchNumber ?? `INIT-${today.replaceAll('-', '')}`,
          quantity: input.initialQuantity,
          purchasePrice: input.cost,
          expiryDate: input.expiryDate!,
          supplierId: input.supplierId,
          today,
        },
        context,
        { snapshot: STOCK_SNAPSHOTS, waitForProjections: false },
      );
      steps.push(received);
    }
    await this.executor.settle(context, ...steps);
    return toProduct(record!, names, withStock ? input.initialQuantity : 0);
  }
}

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    private readonly writeModel: WriteModel,
    private readonly queries: ProductQueries,
  ) {}

  async execute({ productId, input, scope, context }: UpdateProductCommand): Promise<Product> {
    const current = await this.writeModel.product(productId);
    const names = await referenceNames(this.writeModel, input);
    if (input.version !== null && input.version !== current.version) await this.refuseStale(productId, scope);

    const before = current.product.details;
    const skuChanged = normaliseUniqueValue(before.sku) !== normaliseUniqueValue(input.sku);
    const newBarcode =
      input.barcode &&
      (!before.barcode || normaliseUniqueValue(before.barcode) !== normaliseUniqueValue(input.barcode));
    const barcodeDropped =
      before.barcode &&
      (!input.barcode || normaliseUniqueValue(before.barcode) !== normaliseUniqueValue(input.barcode));

    const undo: Array<() => Promise<void>> = [];
    let record: ProductRecord | null;
    try {
      if (skuChanged) {
        await this.unique.claim('product-sku', input.sku, productId, skuTaken(input.sku), context);
        undo.push(() => this.unique.release('product-sku', input.sku, productId, context));
      }
      if (newBarcode && input.barcode) {
        await this.unique.claim('product-barcode', input.barcode, productId, barcodeTaken(input.barcode), context);
        undo.push(() => this.unique.release('product-barcode', input.barcode!, productId, context));
      }
      const updated = await this.executor.execute(
        productStreamId(productId),
        productDecider,
        { type: 'UpdateProduct', productId, product: toProductSnapshot(input), expectedVersion: input.version },
        context,
        { answer: (state, _events, meta) => productRecord(productId, state, meta) },
      );
      record = updated.answer;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'STALE_EDIT') {
        for (const step of undo.reverse()) await step().catch(() => undefined);
        return this.refuseStale(productId, scope);
      }
      return undoOnRefusal(error, undo);
    }
    if (skuChanged) await this.unique.release('product-sku', before.sku, productId, context);
    if (barcodeDropped && before.barcode)
      await this.unique.release('product-barcode', before.barcode, productId, context);
    return toProduct(record!, names, await this.queries.stockOf(productId, scope));
  }

  /** 409 STALE_EDIT carrying the product as it is now, so the form can show what changed. */
  private async refuseStale(productId: string, scope: Scope): Promise<never> {
    const now = await this.writeModel.product(productId);
    // The category or supplier it names may have been deleted since: the product is shown without the name.
    const names = await referenceNames(this.writeModel, now.product.details).catch(() => ({
      categoryName: null,
      categoryNameAr: null,
      supplierName: null,
    }));
    throw new DomainError(
      'STALE_EDIT',
      'This product was changed by someone else after you opened it. Check its current values and try again.',
      { productId, version: now.version, current: toProduct(now, names, await this.queries.stockOf(productId, scope)) },
    );
  }
}

/**
 * Deletes a product, decided on the write model: every pharmacy's stock
 * stream first records that it holds none of the product and will receive no
 * more (ProductWithdrawn, refused where units are held), then the product is
 * deleted. A receipt racing the deletion lands either before a withdrawal
 * (which then refuses) or after it (and is refused itself). A refusal gives
 * the product back to the pharmacies already withdrawn.
 */
@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly unique: UniqueValues,
    private readonly writeModel: WriteModel,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ productId, context }: DeleteProductCommand): Promise<void> {
    await this.writeModel.product(productId);
    const withdrawn: string[] = [];
    const at = new Date().toISOString();
    const steps: Array<CommandOutcome<DomainEvent, unknown>> = [];
    let outcome;
    try {
      for (const pharmacyId of await this.pharmacyIds()) {
        const step = await this.executor.execute(
          stockStreamId(pharmacyId),
          stockDecider,
          { type: 'WithdrawProduct', pharmacyId, productId, at },
          context,
          { snapshot: STOCK_SNAPSHOTS, waitForProjections: false },
        );
        steps.push(step);
        withdrawn.push(pharmacyId);
      }
      outcome = await this.executor.execute(
        productStreamId(productId),
        productDecider,
        { type: 'DeleteProduct', productId },
        context,
        { waitForProjections: false },
      );
    } catch (error) {
      return undoOnRefusal(
        error,
        withdrawn.map((pharmacyId) => () => reinstate(this.executor, pharmacyId, productId, context)),
      );
    }
    const deleted = outcome.events.find((e) => e.type === 'ProductDeleted');
    if (deleted?.type === 'ProductDeleted') {
      await this.unique.release('product-sku', deleted.data.sku, productId, context);
      if (deleted.data.barcode) await this.unique.release('product-barcode', deleted.data.barcode, productId, context);
    }
    await this.executor.settle(context, ...steps, outcome);
  }

  /**
   * Every pharmacy that may hold stock: the locations (deleted ones leave the
   * table, so also every pharmacy a batch was ever recorded at).
   */
  private async pharmacyIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pharmacies')
      .select('id')
      .union(this.db.selectFrom('inventoryBatches').select('pharmacyId as id').distinct())
      .execute();
    return rows.map((row) => row.id).sort();
  }
}

export const productCommandHandlers = [RegisterProductHandler, UpdateProductHandler, DeleteProductHandler];
