import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchInput } from '@pharmacy/contracts';
import { DomainError, productDecider, productStreamId, stockDecider, stockStreamId } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { todayIn } from '@pharmacy/domain';
import { CommandExecutor } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { STOCK_SNAPSHOTS } from './stock-snapshots';

/** Receives a batch; answers with the id of the batch that holds the units (an existing one when topped up). */
export class ReceiveBatchCommand extends Command<string> {
  constructor(
    readonly batchId: string,
    readonly input: BatchInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class CorrectBatchCommand extends Command<void> {
  constructor(
    readonly batchId: string,
    readonly pharmacyId: string,
    readonly input: BatchInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

async function assertSellableProduct(executor: CommandExecutor, productId: string): Promise<void> {
  const { state } = await executor.load(productStreamId(productId), productDecider);
  if (state.status !== 'active')
    throw new DomainError('invalid', 'PRODUCT_NOT_FOUND', 'The chosen product does not exist.');
}

@CommandHandler(ReceiveBatchCommand)
export class ReceiveBatchHandler implements ICommandHandler<ReceiveBatchCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ batchId, input, context }: ReceiveBatchCommand): Promise<string> {
    await assertSellableProduct(this.executor, input.productId);
    const pharmacy = await this.db
      .selectFrom('pharmacies')
      .select('id')
      .where('id', '=', input.pharmacyId)
      .executeTakeFirst();
    if (!pharmacy) throw new DomainError('invalid', 'PHARMACY_NOT_FOUND', 'Pharmacy location not found');
    const product = await this.db
      .selectFrom('products')
      .select('supplierId')
      .where('id', '=', input.productId)
      .executeTakeFirst();
    const outcome = await this.executor.execute(
      stockStreamId(input.pharmacyId),
      stockDecider,
      {
        type: 'ReceiveBatch',
        pharmacyId: input.pharmacyId,
        batchId,
        productId: input.productId,
        batchNumber: input.batchNumber,
        quantity: input.quantity,
        purchasePrice: input.purchasePrice,
        expiryDate: input.expiryDate,
        supplierId: product?.supplierId ?? null,
        today: todayIn(this.config.TIME_ZONE),
      },
      context,
      { snapshot: STOCK_SNAPSHOTS },
    );
    const received = outcome.events[0];
    return received?.type === 'BatchReceived' ? received.data.batchId : batchId;
  }
}

@CommandHandler(CorrectBatchCommand)
export class CorrectBatchHandler implements ICommandHandler<CorrectBatchCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ batchId, pharmacyId, input, context }: CorrectBatchCommand): Promise<void> {
    if (input.pharmacyId !== pharmacyId) {
      throw new DomainError(
        'conflict',
        'BATCH_LOCATION_CHANGE',
        'A batch cannot be moved to another location by editing it. Create a stock transfer instead.',
      );
    }
    await assertSellableProduct(this.executor, input.productId);
    await this.executor.execute(
      stockStreamId(pharmacyId),
      stockDecider,
      {
        type: 'CorrectBatch',
        pharmacyId,
        batchId,
        fields: {
          productId: input.productId,
          batchNumber: input.batchNumber,
          quantity: input.quantity,
          purchasePrice: input.purchasePrice,
          expiryDate: input.expiryDate,
        },
      },
      context,
      { snapshot: STOCK_SNAPSHOTS },
    );
  }
}

export const inventoryCommandHandlers = [ReceiveBatchHandler, CorrectBatchHandler];
