import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CompleteSaleInput, ReturnSaleInput, SaleDetail, SaleItemInput, SaleReturn } from '@pharmacy/contracts';
import {
  DomainError,
  stockDecider,
  stockStreamId,
  todayIn,
  type ProductSnapshot,
  type SaleCompletedData,
  type SaleLineInput,
  type SaleReturnedData,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { CommandExecutor } from '../common/command-executor';
import { personName } from '../common/person-name';
import { newEntityId } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { WriteModel, type PharmacyRecord } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { RecordedSales, saleEventId } from './recorded-sales';

export class CompleteSaleCommand extends Command<SaleDetail> {
  constructor(
    readonly pharmacyId: string,
    readonly input: CompleteSaleInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class ReturnSaleCommand extends Command<SaleReturn> {
  constructor(
    readonly saleId: string,
    readonly pharmacyId: string,
    readonly input: ReturnSaleInput,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * A sale as the API answers it, straight from its SaleCompleted event (no read
 * model involved); `recordedAt`: when the log recorded it (a sale made offline
 * arrives after it happened).
 */
export function saleFromEvent(
  sale: SaleCompletedData,
  pharmacy: PharmacyRecord | null,
  seller: { id: string | null; name: string | null },
  recordedAt: string = new Date().toISOString(),
): SaleDetail {
  return {
    id: sale.saleId,
    pharmacyId: sale.pharmacyId,
    pharmacyName: pharmacy?.details.name ?? 'Unknown Location',
    userId: seller.id,
    userName: seller.name,
    customerName: sale.customerName,
    customerPhone: sale.customerPhone,
    notes: sale.notes,
    totalAmount: sale.totalAmount,
    cashReceived: sale.cashReceived,
    change: sale.change,
    refundedAmount: '0.00',
    itemCount: sale.lines.reduce((n, line) => n + line.quantity, 0),
    createdAt: new Date(sale.soldAt).toISOString(),
    offlineNumber: sale.offline?.number ?? null,
    offline: sale.offline
      ? {
          number: sale.offline.number,
          soldAt: new Date(sale.soldAt).toISOString(),
          recordedAt,
          catalogueAsOf: sale.offline.catalogueAsOf,
          priceStale: sale.offline.priceStale,
          shortfalls: sale.lines.flatMap((line, lineIndex) =>
            line.shortfall
              ? [{ lineIndex, productId: line.productId, productName: line.productName, quantity: line.shortfall }]
              : [],
          ),
        }
      : null,
    pharmacy: pharmacy
      ? {
          name: pharmacy.details.name,
          nameAr: pharmacy.details.nameAr,
          address: pharmacy.details.address,
          addressAr: pharmacy.details.addressAr,
          phone: pharmacy.details.phone,
        }
      : { name: 'Unknown Location', nameAr: null, address: '', addressAr: null, phone: null },
    lines: sale.lines.map((line, lineIndex) => ({
      lineIndex,
      productId: line.productId,
      productName: line.productName,
      productNameAr: line.productNameAr,
      sku: line.sku,
      salesUnit: line.salesUnit,
      unitsPerPackage: line.unitsPerPackage,
      quantity: line.quantity,
      returnedQuantity: 0,
      unitPrice: line.unitPrice,
      totalPrice: line.totalPrice,
      commissionEnabled: line.commissionEnabled,
      commissionRate: line.commissionRate,
      commissionAmount: line.commissionAmount,
      discountAmount: line.discountAmount ?? '0.00',
      allocations: line.allocations.map((a) => ({
        batchId: a.batchId,
        batchNumber: a.batchNumber,
        expiryDate: a.expiryDate,
        quantity: a.quantity,
        returnedQuantity: 0,
        totalPrice: a.totalPrice,
        commissionAmount: a.commissionAmount,
        discountPercentage: a.discountPercentage ?? null,
        discountAmount: a.discountAmount ?? '0.00',
      })),
    })),
    returns: [],
  };
}

function returnFromEvent(back: SaleReturnedData, seller: string | null): SaleReturn {
  return {
    returnId: back.returnId,
    saleId: back.saleId,
    returnedAt: new Date(back.returnedAt).toISOString(),
    reason: back.reason,
    refundAmount: back.refundAmount,
    userName: seller,
    lines: back.lines.map((line) => ({
      lineIndex: line.lineIndex,
      quantity: line.quantity,
      refund: line.refund,
      restocked: line.allocations.filter((a) => a.restocked).reduce((n, a) => n + a.quantity, 0),
    })),
  };
}

/** A cart line with the product's catalogue facts (name, pack, price, commission) as the decider takes it. */
export function saleLineOf(product: ProductSnapshot, item: SaleItemInput): SaleLineInput {
  return {
    productId: item.productId,
    productName: product.details.name,
    productNameAr: product.details.nameAr,
    sku: product.details.sku,
    productSalesUnit: product.details.salesUnit,
    unitsPerPackage: product.details.unitsPerPackage,
    price: product.pricing.price,
    commissionEnabled: product.commission.commissionEnabled,
    commissionRate: product.commission.commissionRate,
    salesUnit: item.salesUnit,
    quantity: item.quantity,
    batchId: item.batchId,
  };
}

/** The seller's name as lists show it. */
export async function sellerName(db: ReadDb, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('users')
    .select(personName('users').as('name'))
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/**
 * A sale at the user's current pharmacy: prices, pack sizes and commission
 * from each product's own stream at this moment, the allocation and the
 * totals decided on the pharmacy's stock stream, one append.
 */
@CommandHandler(CompleteSaleCommand)
export class CompleteSaleHandler implements ICommandHandler<CompleteSaleCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ pharmacyId, input, context }: CompleteSaleCommand): Promise<SaleDetail> {
    const pharmacy = await this.writeModel.pharmacy(pharmacyId);
    if (!pharmacy.details.isActive) {
      throw new DomainError('PHARMACY_INACTIVE', 'This pharmacy location is inactive: it cannot sell.', { pharmacyId });
    }
    const products = new Map(
      await Promise.all(
        [...new Set(input.items.map((item) => item.productId))].map(
          async (id) => [id, await this.writeModel.product(id)] as const,
        ),
      ),
    );
    const lines: SaleLineInput[] = input.items.map((item) => {
      const { product } = products.get(item.productId)!;
      if (!product.isActive) {
        throw new DomainError('PRODUCT_NOT_FOR_SALE', `${product.details.name} is not on sale (inactive).`, {
          productId: item.productId,
        });
      }
      return saleLineOf(product, item);
    });
    const now = new Date();
    const saleId = newEntityId(context, 'sale');
    const outcome = await this.executor.execute(
      stockStreamId(pharmacyId),
      stockDecider,
      {
        type: 'CompleteSale',
        saleId,
        pharmacyId,
        soldAt: now.toISOString(),
        today: todayIn(this.config.TIME_ZONE, now),
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        notes: input.notes,
        cashReceived: input.cashReceived,
        lines,
      },
      context,
      { snapshot: STOCK_SNAPSHOTS, eventId: () => saleEventId(saleId) },
    );
    const [event] = outcome.events;
    if (event?.type !== 'SaleCompleted') throw new Error('a sale that recorded no SaleCompleted');
    return saleFromEvent(event.data, pharmacy, {
      id: context.userId,
      name: context.userName ?? (await sellerName(this.db, context.userId)),
    });
  }
}

@CommandHandler(ReturnSaleCommand)
export class ReturnSaleHandler implements ICommandHandler<ReturnSaleCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly recorded: RecordedSales,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ saleId, pharmacyId, input, context }: ReturnSaleCommand): Promise<SaleReturn> {
    // The sale is immutable: read once from its event; what came back of it is decided on the stock stream.
    const sale = await this.recorded.at(pharmacyId, saleId);
    const now = new Date();
    const outcome = await this.executor.execute(
      stockStreamId(pharmacyId),
      stockDecider,
      {
        type: 'ReturnSale',
        saleId,
        sale,
        returnId: newEntityId(context, 'return'),
        pharmacyId,
        returnedAt: now.toISOString(),
        today: todayIn(this.config.TIME_ZONE, now),
        reason: input.reason,
        lines: input.lines,
      },
      context,
      { snapshot: STOCK_SNAPSHOTS },
    );
    const [event] = outcome.events;
    if (event?.type !== 'SaleReturned') throw new Error('a return that recorded no SaleReturned');
    return returnFromEvent(event.data, await sellerName(this.db, context.userId));
  }
}

export const salesCommandHandlers = [CompleteSaleHandler, ReturnSaleHandler];
