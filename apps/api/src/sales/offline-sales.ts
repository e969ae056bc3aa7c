import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OfflineSaleInput, ResolveDiscrepancyInput, SaleDetail, StockDiscrepancy } from '@pharmacy/contracts';
import {
  DomainError,
  fold,
  productDecider,
  productNotFound,
  productStreamId,
  readEvent,
  stockDecider,
  stockStreamId,
  todayIn,
  type ProductEvent,
  type ProductSnapshot,
  type SaleCompletedData,
  type StockEvent,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { CommandExecutor, idempotencyKeyReused } from '../common/command-executor';
import { nameBasedUuid, newEntityId } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { WriteModel } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { PastBalances } from '../inventory/past-balances';
import { RecordedSales, saleEventId } from './recorded-sales';
import { saleFromEvent, saleLineOf, sellerName } from './sales.commands';

/** Stock-stream events read back per page when looking for discount changes made after a late sale. */
const PAGE = 500n;

/**
 * What was true when a sale made offline happened (ADR 0015): each product's
 * price, pack size and commission then, from its own stream; the batch
 * discounts that changed since, from the stock stream's newest events.
 */
@Injectable()
export class SaleFacts {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly executor: CommandExecutor,
  ) {}

  /** The product as it stood at `at` (a product registered after it, when the till's clock ran behind: as registered). */
  async productAt(productId: string, at: Date): Promise<ProductSnapshot> {
    const events = await this.store.readStream(productStreamId(productId));
    const then = events.filter((event) => Date.parse(event.metadata.occurredAt) <= at.getTime());
    const state = fold(
      productDecider,
      productDecider.initialState(),
      (then.length > 0 ? then : events.slice(0, 1)).map(readEvent<ProductEvent>),
    );
    if (state.status !== 'active') throw productNotFound(productId);
    return { details: state.details, pricing: state.pricing, commission: state.commission, isActive: state.isActive };
  }

  /**
   * The batches whose discount was set or ended after `at`, with the
   * percentage they had then (each change records the one before it). The
   * stream is read backwards a page at a time until its events were recorded
   * before the sale: a till is offline for hours, not years.
   */
  async discountsThen(pharmacyId: string, at: Date): Promise<Record<string, string | null>> {
    const streamId = stockStreamId(pharmacyId);
    const revision = await this.executor.read(streamId, stockDecider, (_, meta) => meta.revision, {
      snapshot: STOCK_SNAPSHOTS,
    });
    const then: Record<string, string | null> = {};
    let end = revision === null ? 0n : revision + 1n;
    while (end > 0n) {
      const from = end > PAGE ? end - PAGE : 0n;
      const events = await this.store.readStream(streamId, { fromRevision: from, maxCount: Number(end - from) });
      // Newest first, so the earliest change after the sale is the one that stays.
      for (const recorded of [...events].reverse()) {
        if (Date.parse(recorded.metadata.occurredAt) <= at.getTime()) continue;
        const event = readEvent<StockEvent>(recorded);
        if (event.type === 'BatchDiscountSet' || event.type === 'BatchDiscountEnded') {
          then[event.data.batchId] = event.data.previousPercentage;
        }
      }
      if (events.length === 0 || events[0]!.recordedAt.getTime() <= at.getTime()) break;
      end = from;
    }
    return then;
  }
}

export class RecordOfflineSaleCommand extends Command<SaleDetail> {
  constructor(
    readonly input: OfflineSaleInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * A sale the till made without a network. It already happened, so it is
 * recorded whatever the stock says now: at its own business time, with the
 * prices valid then, taking from the batches that were there then no more
 * than they have held since; what the books no longer hold, and a copy of the
 * prices older than the window, are raised as discrepancies in the same append.
 */
@CommandHandler(RecordOfflineSaleCommand)
export class RecordOfflineSaleHandler implements ICommandHandler<RecordOfflineSaleCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly facts: SaleFacts,
    private readonly pastBalances: PastBalances,
    private readonly recorded: RecordedSales,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, context }: RecordOfflineSaleCommand): Promise<SaleDetail> {
    if (!context.idempotency) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REQUIRED',
        'Send an offline sale with an Idempotency-Key header (the till keeps one per sale), so that sending it again records it once.',
      );
    }
    const pharmacy = await this.writeModel.pharmacy(input.pharmacyId);
    const saleId = newEntityId(context, 'sale');
    // A checkout the network cut off is kept by the till as an offline sale under the same key. If it
    // had in fact been recorded at the counter, that sale is the answer: the same sale, not a second one.
    const atCounter = await this.recorded.at(input.pharmacyId, saleId);
    if (atCounter && !atCounter.offline) {
      if (!sameCart(atCounter, input)) throw idempotencyKeyReused();
      return saleFromEvent(atCounter, pharmacy, {
        id: context.userId,
        name: context.userName ?? (await sellerName(this.db, context.userId)),
      });
    }
    const soldAt = new Date(input.soldAt);
    // Checked only for a sale not recorded yet: a retry of one recorded inside the window is answered from it.
    if (!atCounter) this.refuseIfTooOld(soldAt);
    const productIds = [...new Set(input.items.map((item) => item.productId))];
    const [products, discountsThen, lowestSince] = await Promise.all([
      Promise.all(productIds.map(async (id) => [id, await this.facts.productAt(id, soldAt)] as const)).then(
        (entries) => new Map(entries),
      ),
      this.facts.discountsThen(input.pharmacyId, soldAt),
      this.pastBalances.lowestSince(input.pharmacyId, productIds, soldAt),
    ]);
    const lines = input.items.map((item) => saleLineOf(products.get(item.productId)!, item));
    const windowMs = this.config.OFFLINE_PRICE_WINDOW_HOURS * 3_600_000;
    const outcome = await this.executor.execute(
      stockStreamId(input.pharmacyId),
      stockDecider,
      {
        type: 'RecordOfflineSale',
        saleId,
        pharmacyId: input.pharmacyId,
        soldAt: soldAt.toISOString(),
        soldOn: todayIn(this.config.TIME_ZONE, soldAt),
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        notes: input.notes,
        cashReceived: input.cashReceived,
        lines,
        offlineNumber: input.offlineNumber,
        catalogueAsOf: new Date(input.catalogueAsOf).toISOString(),
        catalogueStale: soldAt.getTime() - Date.parse(input.catalogueAsOf) > windowMs,
        discountsThen,
        lowestSince,
        shortfallDiscrepancyId: newEntityId(context, 'discrepancy|shortfall'),
        stalePriceDiscrepancyId: newEntityId(context, 'discrepancy|stale-price'),
      },
      context,
      {
        snapshot: STOCK_SNAPSHOTS,
        occurredAt: soldAt.toISOString(),
        eventId: (index) => (index === 0 ? saleEventId(saleId) : nameBasedUuid(`${saleId}|event|${index}`)),
      },
    );
    const [event] = outcome.events;
    if (event?.type !== 'SaleCompleted') throw new Error('an offline sale that recorded no SaleCompleted');
    // The read model has the sale once the command returns (it waits for it), with the time the log recorded it.
    const recorded = await this.db.selectFrom('sales').select('recordedAt').where('id', '=', saleId).executeTakeFirst();
    return saleFromEvent(
      event.data,
      pharmacy,
      { id: context.userId, name: context.userName ?? (await sellerName(this.db, context.userId)) },
      recorded?.recordedAt?.toISOString(),
    );
  }

  /** 422 OFFLINE_SALE_TOO_OLD past OFFLINE_SALE_MAX_AGE_HOURS: the till keeps it set aside for a manager. */
  private refuseIfTooOld(soldAt: Date): void {
    const hours = this.config.OFFLINE_SALE_MAX_AGE_HOURS;
    if (Date.now() - soldAt.getTime() <= hours * 3600_000) return;
    throw new DomainError(
      'OFFLINE_SALE_TOO_OLD',
      `This sale was made on ${soldAt.toISOString().slice(0, 10)}, more than ${hours} hours ago, the oldest an offline sale is recorded. Keep the receipt and ask a manager to record it by hand.`,
      { soldAt: soldAt.toISOString(), maxAgeHours: hours },
    );
  }
}

/** Whether a recorded sale sold what the till's cart holds (products, units and quantities, in order). */
function sameCart(sale: SaleCompletedData, input: OfflineSaleInput): boolean {
  return (
    sale.lines.length === input.items.length &&
    sale.lines.every((line, i) => {
      const item = input.items[i]!;
      return line.productId === item.productId && line.quantity === item.quantity && line.salesUnit === item.salesUnit;
    })
  );
}

export class ResolveDiscrepancyCommand extends Command<StockDiscrepancy | null> {
  constructor(
    readonly pharmacyId: string,
    readonly discrepancyId: string,
    readonly input: ResolveDiscrepancyInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Someone looked into a discrepancy and wrote down what was found or done. */
@CommandHandler(ResolveDiscrepancyCommand)
export class ResolveDiscrepancyHandler implements ICommandHandler<ResolveDiscrepancyCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ pharmacyId, discrepancyId, input, context }: ResolveDiscrepancyCommand): Promise<null> {
    await this.executor.execute(
      stockStreamId(pharmacyId),
      stockDecider,
      { type: 'ResolveDiscrepancy', pharmacyId, discrepancyId, note: input.note },
      context,
      { snapshot: STOCK_SNAPSHOTS },
    );
    return null;
  }
}

export const offlineSaleCommandHandlers = [RecordOfflineSaleHandler, ResolveDiscrepancyHandler];
