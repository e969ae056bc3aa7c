import type { StockEvent } from '@pharmacy/domain';

/** One movement of one batch, before its running balance is known. */
export interface Movement {
  pharmacyId: string;
  batchId: string;
  productId: string;
  movement: string;
  quantityChange: number;
  looseChange: number;
  reservedChange: number;
  reference: string | null;
}

/**
 * The movements a stock event makes, in the order it makes them: a pure
 * function of the event (the ledger's specs test it directly). Events that
 * move no batch (a withdrawal of a product) make none.
 */
export function movementsOf(event: StockEvent): Movement[] {
  const move = (
    movement: string,
    batch: { batchId: string; productId: string },
    change: Partial<Pick<Movement, 'quantityChange' | 'looseChange' | 'reservedChange'>>,
    reference: string | null = null,
  ): Movement => ({
    pharmacyId: event.data.pharmacyId,
    batchId: batch.batchId,
    productId: batch.productId,
    movement,
    quantityChange: change.quantityChange ?? 0,
    looseChange: change.looseChange ?? 0,
    reservedChange: change.reservedChange ?? 0,
    reference,
  });
  switch (event.type) {
    case 'BatchReceived':
      return [move('received', event.data, { quantityChange: event.data.quantity })];
    case 'BatchCorrected': {
      // Corrections written before quantities moved by adjustments carried an absolute quantity.
      const { changes, previous } = event.data;
      if (changes.quantity === undefined || previous.quantity === undefined) return [];
      const productId = changes.productId ?? previous.productId;
      if (!productId) return [];
      return [
        move(
          'corrected',
          { batchId: event.data.batchId, productId },
          {
            quantityChange: changes.quantity - previous.quantity,
          },
        ),
      ];
    }
    case 'StockAdjusted':
      return [move('adjusted', event.data, { quantityChange: event.data.quantityChange }, event.data.reason)];
    case 'SaleCompleted':
      return event.data.lines.flatMap((line) =>
        line.allocations.map((a) =>
          move(
            'sold',
            { batchId: a.batchId, productId: line.productId },
            line.salesUnit === 'whole'
              ? { quantityChange: -a.quantity }
              : { quantityChange: -a.packsOpened, looseChange: a.packsOpened * line.unitsPerPackage - a.quantity },
            event.data.saleId,
          ),
        ),
      );
    case 'SaleReturned':
      return event.data.lines.flatMap((line) =>
        line.allocations
          .filter((a) => a.restocked)
          .map((a) =>
            move(
              'returned',
              { batchId: a.batchId, productId: line.productId },
              line.salesUnit === 'whole' ? { quantityChange: a.quantity } : { looseChange: a.quantity },
              event.data.saleId,
            ),
          ),
      );
    case 'TransferStockReserved':
      return event.data.items.map((i) => move('reserved', i, { reservedChange: i.quantity }, event.data.transferId));
    case 'TransferStockReleased':
      return event.data.items.map((i) => move('released', i, { reservedChange: -i.quantity }, event.data.transferId));
    case 'TransferDispatched':
      return event.data.items.map((i) =>
        move('dispatched', i, { quantityChange: -i.quantity, reservedChange: -i.quantity }, event.data.transferId),
      );
    case 'TransferStockReturned':
      return event.data.items.map((i) =>
        move('transfer_returned', i, { quantityChange: i.quantity }, event.data.transferId),
      );
    case 'TransferStockArrived':
      return event.data.items.map((i) =>
        move('transfer_received', i, { quantityChange: i.quantity }, event.data.transferId),
      );
    case 'BatchDiscountSet':
      return [move('discounted', event.data, {}, event.data.discountPercentage)];
    case 'BatchDiscountEnded':
      return [move('discount_ended', event.data, {})];
    case 'BatchExpired':
      return [move('expired', event.data, {})];
    case 'StockWrittenOff':
      return [
        move(
          'written_off',
          event.data,
          { quantityChange: -event.data.quantity, looseChange: -event.data.looseUnits },
          event.data.reason,
        ),
      ];
    case 'StockCountPosted':
      return event.data.adjustments
        .filter((a) => a.change !== 0)
        .map((a) => move('counted', a, { quantityChange: a.change }, event.data.countId));
    default:
      return [];
  }
}
