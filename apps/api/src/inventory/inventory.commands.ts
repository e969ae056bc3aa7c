import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type {
  BatchCorrection,
  BatchInput,
  InventoryBatch,
  StockAdjustmentInput,
  WriteOffInput,
} from '@pharmacy/contracts';
import {
  DomainError,
  stockDecider,
  stockStreamId,
  todayIn,
  type HeldBatch,
  type StockCommand,
  type StockEvent,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import { CommandExecutor, type ExecuteOptions } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';
import { WriteModel, type PharmacyRecord, type ProductRecord } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { PastBalances } from './past-balances';

/** A withdrawal older than this belongs to a deletion that never finished (it takes milliseconds). */
const ABANDONED_WITHDRAWAL_MS = 60_000;

/** A batch as the API answers it, built from the write model: the stock state and the product's and pharmacy's streams. */
export function toInventoryBatch(
  batchId: string,
  pharmacyId: string,
  held: HeldBatch,
  product: ProductRecord | null,
  pharmacy: PharmacyRecord | null,
  updatedAt: string,
): InventoryBatch {
  return {
    id: batchId,
    productId: held.productId,
    pharmacyId,
    batchNumber: held.batchNumber,
    quantity: held.quantity,
    reservedQuantity: held.reserved,
    discountPercentage: held.discountPercentage,
    expiredOn: held.expiredOn,
    purchasePrice: held.purchasePrice,
    expiryDate: held.expiryDate,
    receivedDate: held.receivedDate,
    isActive: true,
    productName: product?.product.details.name ?? 'Unknown Product',
    productNameAr: product?.product.details.nameAr ?? null,
    productSku: product?.product.details.sku ?? '',
    salesUnit: product?.product.details.salesUnit ?? 'whole',
    pharmacyName: pharmacy?.details.name ?? 'Unknown Location',
    pharmacyNameAr: pharmacy?.details.nameAr ?? null,
    supplierId: held.supplierId,
    looseUnits: held.looseUnits,
    version: held.version,
    updatedAt,
  };
}

/** Receives a batch; answers with the batch that holds the units (an existing one when topped up). */
export class ReceiveBatchCommand extends Command<InventoryBatch> {
  constructor(
    readonly batchId: string,
    readonly input: BatchInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class CorrectBatchCommand extends Command<InventoryBatch> {
  constructor(
    readonly batchId: string,
    readonly pharmacyId: string,
    readonly input: BatchCorrection,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class AdjustStockCommand extends Command<InventoryBatch> {
  constructor(
    readonly batchId: string,
    readonly pharmacyId: string,
    readonly input: StockAdjustmentInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * Runs one command on a pharmacy's stock and answers with one of its batches
 * as it is right after: `batchOf` names the batch from the command's events
 * (or, for a repeat, the events recorded the first time). A stale edit is
 * answered with the batch as it is now.
 */
async function stockCommand(
  executor: CommandExecutor,
  writeModel: WriteModel,
  pharmacyId: string,
  command: StockCommand,
  batchOf: (events: readonly StockEvent[]) => string,
  context: RequestContext,
  backdated: Pick<
    ExecuteOptions<StockEvent, ReturnType<typeof stockDecider.initialState>, unknown>,
    'occurredAt' | 'precondition'
  > = {},
): Promise<InventoryBatch> {
  let outcome;
  try {
    outcome = await executor.execute(stockStreamId(pharmacyId), stockDecider, command, context, {
      ...backdated,
      snapshot: STOCK_SNAPSHOTS,
      answer: (state, events, meta) => {
        const batchId = batchOf(events);
        const held = state.batches[batchId];
        return held ? { batchId, held: { ...held }, updatedAt: meta.updatedAt ?? new Date().toISOString() } : null;
      },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'STALE_EDIT') {
      const batchId = String(error.details.batchId);
      const current = await currentBatch(executor, writeModel, pharmacyId, batchId);
      throw new DomainError('STALE_EDIT', error.message, { ...error.details, current });
    }
    throw error;
  }
  const found = outcome.answer;
  if (!found) throw new Error(`the stock command left no batch to answer with (${command.type})`);
  const [product, pharmacy] = await Promise.all([
    writeModel.productIfAny(found.held.productId),
    writeModel.pharmacyIfAny(pharmacyId),
  ]);
  return toInventoryBatch(found.batchId, pharmacyId, found.held, product, pharmacy, found.updatedAt);
}

/** A batch as it is now in the write model, or null when the pharmacy does not hold it. */
export async function currentBatch(
  executor: CommandExecutor,
  writeModel: WriteModel,
  pharmacyId: string,
  batchId: string,
): Promise<InventoryBatch | null> {
  const found = await executor.read(
    stockStreamId(pharmacyId),
    stockDecider,
    (state, meta) => {
      const held = state.batches[batchId];
      return held ? { held: { ...held }, updatedAt: meta.updatedAt ?? new Date().toISOString() } : null;
    },
    { snapshot: STOCK_SNAPSHOTS },
  );
  if (!found) return null;
  const [product, pharmacy] = await Promise.all([
    writeModel.productIfAny(found.held.productId),
    writeModel.pharmacyIfAny(pharmacyId),
  ]);
  return toInventoryBatch(batchId, pharmacyId, found.held, product, pharmacy, found.updatedAt);
}

/** Gives a withdrawn product back to a pharmacy (a deletion that did not finish). */
export async function reinstate(
  executor: CommandExecutor,
  pharmacyId: string,
  productId: string,
  context: RequestContext,
): Promise<void> {
  await executor.execute(
    stockStreamId(pharmacyId),
    stockDecider,
    { type: 'ReinstateProduct', pharmacyId, productId },
    context,
    { snapshot: STOCK_SNAPSHOTS, waitForProjections: false, step: `reinstate:${pharmacyId}:${productId}` },
  );
}

@CommandHandler(ReceiveBatchCommand)
export class ReceiveBatchHandler implements ICommandHandler<ReceiveBatchCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ batchId, input, context }: ReceiveBatchCommand): Promise<InventoryBatch> {
    const product = await this.writeModel.product(input.productId);
    await this.writeModel.pharmacy(input.pharmacyId);
    const receive = () =>
      stockCommand(
        this.executor,
        this.writeModel,
        input.pharmacyId,
        {
          type: 'ReceiveBatch',
          pharmacyId: input.pharmacyId,
          batchId,
          productId: input.productId,
          batchNumber: input.batchNumber,
          quantity: input.quantity,
          purchasePrice: input.purchasePrice,
          expiryDate: input.expiryDate,
          supplierId: product.product.details.supplierId,
          // A receipt recorded late happened, and is dated, when the goods arrived.
          today: todayIn(this.config.TIME_ZONE, input.effectiveAt ? new Date(input.effectiveAt) : new Date()),
        },
        (events) => (events[0]?.type === 'BatchReceived' ? events[0].data.batchId : batchId),
        context,
        input.effectiveAt ? { occurredAt: new Date(input.effectiveAt).toISOString() } : {},
      );
    try {
      return await receive();
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'PRODUCT_BEING_DELETED')) throw error;
      // The product is still in the catalogue, withdrawn here by a deletion that never finished: give it back.
      const withdrawnAt = Date.parse(String(error.details.withdrawnAt));
      const stillListed = await this.writeModel.productIfAny(input.productId);
      if (!stillListed || Date.now() - withdrawnAt < ABANDONED_WITHDRAWAL_MS) throw error;
      await reinstate(this.executor, input.pharmacyId, input.productId, context);
      return receive();
    }
  }
}

@CommandHandler(CorrectBatchCommand)
export class CorrectBatchHandler implements ICommandHandler<CorrectBatchCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
  ) {}

  async execute({ batchId, pharmacyId, input, context }: CorrectBatchCommand): Promise<InventoryBatch> {
    if (input.pharmacyId !== pharmacyId) {
      throw new DomainError(
        'BATCH_LOCATION_CHANGE',
        'A batch cannot be moved to another location by editing it. Create a stock transfer instead.',
      );
    }
    await this.writeModel.product(input.productId);
    return stockCommand(
      this.executor,
      this.writeModel,
      pharmacyId,
      {
        type: 'CorrectBatch',
        pharmacyId,
        batchId,
        fields: {
          productId: input.productId,
          batchNumber: input.batchNumber,
          purchasePrice: input.purchasePrice,
          expiryDate: input.expiryDate,
        },
        quantity: input.quantity,
        reason: input.adjustmentReason,
        note: input.adjustmentNote,
        expectedVersion: input.version,
      },
      () => batchId,
      context,
    );
  }
}

@CommandHandler(AdjustStockCommand)
export class AdjustStockHandler implements ICommandHandler<AdjustStockCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly pastBalances: PastBalances,
  ) {}

  execute({ batchId, pharmacyId, input, context }: AdjustStockCommand): Promise<InventoryBatch> {
    const effectiveAt = input.effectiveAt ? new Date(input.effectiveAt) : null;
    return stockCommand(
      this.executor,
      this.writeModel,
      pharmacyId,
      {
        type: 'AdjustStock',
        pharmacyId,
        batchId,
        quantityChange: input.quantityChange,
        reason: input.reason,
        note: input.note,
        expectedVersion: input.version,
      },
      () => batchId,
      context,
      effectiveAt
        ? {
            occurredAt: effectiveAt.toISOString(),
            precondition: (state) =>
              this.pastBalances.assertAllows(
                { batchId, batchNumber: state.batches[batchId]?.batchNumber ?? batchId },
                effectiveAt,
                input.quantityChange,
              ),
          }
        : {},
    );
  }
}

/** Sets (or changes) a batch's discount, or ends it. */
export class DiscountBatchCommand extends Command<InventoryBatch> {
  constructor(
    readonly batchId: string,
    readonly pharmacyId: string,
    readonly change: { discountPercentage: string; reason: string } | { end: true; reason: string },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(DiscountBatchCommand)
export class DiscountBatchHandler implements ICommandHandler<DiscountBatchCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ batchId, pharmacyId, change, context }: DiscountBatchCommand): Promise<InventoryBatch> {
    return stockCommand(
      this.executor,
      this.writeModel,
      pharmacyId,
      'end' in change
        ? { type: 'EndBatchDiscount', pharmacyId, batchId, reason: change.reason }
        : {
            type: 'SetBatchDiscount',
            pharmacyId,
            batchId,
            discountPercentage: change.discountPercentage,
            reason: change.reason,
            today: todayIn(this.config.TIME_ZONE),
          },
      () => batchId,
      context,
    );
  }
}

/** Units destroyed before a witness (expired, damaged, recalled): they leave stock. */
export class WriteOffStockCommand extends Command<InventoryBatch> {
  constructor(
    readonly batchId: string,
    readonly pharmacyId: string,
    readonly input: WriteOffInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(WriteOffStockCommand)
export class WriteOffStockHandler implements ICommandHandler<WriteOffStockCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
  ) {}

  execute({ batchId, pharmacyId, input, context }: WriteOffStockCommand): Promise<InventoryBatch> {
    return stockCommand(
      this.executor,
      this.writeModel,
      pharmacyId,
      {
        type: 'WriteOff',
        pharmacyId,
        batchId,
        quantity: input.quantity,
        looseUnits: input.looseUnits,
        reason: input.reason,
        witness: input.witness,
        note: input.note,
        by: context.userId,
      },
      () => batchId,
      context,
    );
  }
}

export const inventoryCommandHandlers = [
  WriteOffStockHandler,
  ReceiveBatchHandler,
  CorrectBatchHandler,
  AdjustStockHandler,
  DiscountBatchHandler,
];
