import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { aTransfer, batchReceived, saleCompleted, saleReturned, stockAdjusted, type BatchAt } from '../testing/events';
import { projectionSpec, specTime } from '../testing/projection-spec';
import { inventoryProjection } from './inventory.projection';

/** `inventory_batches` and the running totals its triggers keep (stock_levels, product_stock, expiry_calendar). */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const PILLS = randomUUID();
const SYRUP = randomUUID();
const lot1: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const lot2: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const syrup: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: SYRUP };

describe('the inventory projection', () => {
  const spec = projectionSpec(inventoryProjection);

  it('adds a received batch, and a second receipt of it adds its packs and moves its version on', async () => {
    const received = spec
      .given(batchReceived(lot1, { quantity: 10, purchasePrice: '8.00' }))
      .when(batchReceived(lot1, { quantity: 5, purchasePrice: null }), batchReceived(syrup, { quantity: 3 }));
    await received.then('inventoryBatches', [
      {
        id: lot1.batchId,
        productId: PILLS,
        pharmacyId: DOWNTOWN,
        batchNumber: 'LOT-1',
        quantity: 15,
        purchasePrice: '8.00',
        expiryDate: '2027-06-30',
        receivedDate: '2026-03-01',
        isActive: true,
        looseUnits: 0,
        reservedQuantity: 0,
        version: 2,
        createdAt: specTime(0),
        updatedAt: specTime(1),
      },
      { id: syrup.batchId, productId: SYRUP, quantity: 3, version: 1, createdAt: specTime(2) },
    ]);
    await received.then('stockLevels', [
      { pharmacyId: DOWNTOWN, productId: PILLS, batches: 1, units: '15', sellable: '15' },
      { pharmacyId: DOWNTOWN, productId: SYRUP, batches: 1, units: '3', sellable: '3' },
    ]);
  });

  it('writes a run of receipts at once, a second receipt of a batch in the same run included', () =>
    spec
      .given()
      .when(
        batchReceived(lot2, { quantity: 4, purchasePrice: '2.00' }),
        batchReceived(syrup, { quantity: 1 }),
        batchReceived(lot2, { quantity: 6, purchasePrice: null }),
      )
      .then('inventoryBatches', [
        {
          id: lot2.batchId,
          quantity: 10,
          purchasePrice: '2.00',
          version: 2,
          createdAt: specTime(0),
          updatedAt: specTime(2),
        },
        { id: syrup.batchId, quantity: 1, version: 1, createdAt: specTime(1) },
      ]));

  it('corrects a batch in place and moves its packs by signed adjustments', () =>
    spec
      .given(batchReceived(lot1, { quantity: 10 }))
      .when(
        {
          type: 'BatchCorrected',
          data: {
            pharmacyId: DOWNTOWN,
            batchId: lot1.batchId,
            changes: { batchNumber: 'LOT-1A', expiryDate: '2027-07-31' },
            previous: { batchNumber: 'LOT-1', expiryDate: '2027-06-30' },
          },
        },
        stockAdjusted(lot1, -3),
        stockAdjusted(lot1, 1),
      )
      .then('inventoryBatches', [
        {
          id: lot1.batchId,
          batchNumber: 'LOT-1A',
          expiryDate: '2027-07-31',
          quantity: 8,
          version: 4,
          updatedAt: specTime(3),
        },
      ]));

  it('takes sales out of their batches, whole packs and opened ones, and puts restocked returns back', async () => {
    const sale = randomUUID();
    const sold = spec.given(batchReceived(lot1, { quantity: 10 }), batchReceived(syrup, { quantity: 4 })).when(
      // Several sales in one batch of the projector go through one statement (applyAll).
      saleCompleted({
        saleId: sale,
        pharmacyId: DOWNTOWN,
        soldOn: '2026-03-02',
        lines: [
          { productId: PILLS, batchId: lot1.batchId, quantity: 2, unitPrice: '12.50' },
          { productId: SYRUP, batchId: syrup.batchId, quantity: 1, unitPrice: '4.00' },
        ],
      }),
      saleCompleted({
        saleId: randomUUID(),
        pharmacyId: DOWNTOWN,
        soldOn: '2026-03-02',
        // Three tablets of a pack of ten: one pack opened, seven left loose.
        lines: [
          {
            productId: PILLS,
            batchId: lot1.batchId,
            quantity: 3,
            unitPrice: '1.25',
            salesUnit: 'pill',
            unitsPerPackage: 10,
            packsOpened: 1,
          },
        ],
      }),
      saleReturned({
        saleId: sale,
        returnId: randomUUID(),
        pharmacyId: DOWNTOWN,
        returnedOn: '2026-03-03',
        lines: [
          { lineIndex: 0, productId: PILLS, batchId: lot1.batchId, quantity: 1, refund: '12.50' },
          { lineIndex: 1, productId: SYRUP, batchId: syrup.batchId, quantity: 1, refund: '4.00', restocked: false },
        ],
      }),
    );
    await sold.then('inventoryBatches', [
      { id: lot1.batchId, quantity: 8, looseUnits: 7, version: 4, updatedAt: specTime(4) },
      // The expired syrup came back but was not put on sale: the return did not touch the batch.
      { id: syrup.batchId, quantity: 3, looseUnits: 0, version: 2, updatedAt: specTime(2) },
    ]);
    await sold.then('productStock', [
      { productId: PILLS, batches: 1, units: '8' },
      { productId: SYRUP, batches: 1, units: '3' },
    ]);
  });

  it('holds packs for a transfer, sends them, and the destination receives them as a batch of its own', async () => {
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: '8.00', quantity: 4 }],
    });
    const arrivedAs = randomUUID();
    const moved = spec
      .given(batchReceived(lot1, { quantity: 10 }), transfer.stockReserved())
      .when(transfer.dispatched(), transfer.arrived([{ batchId: arrivedAs, quantity: 4 }]));
    await moved.then('inventoryBatches', [
      { id: lot1.batchId, pharmacyId: DOWNTOWN, quantity: 6, reservedQuantity: 0, version: 3 },
      {
        id: arrivedAs,
        pharmacyId: ABDOUN,
        productId: PILLS,
        batchNumber: 'LOT-1',
        quantity: 4,
        purchasePrice: '8.00',
        expiryDate: '2027-06-30',
        receivedDate: '2026-03-04',
        supplierId: null,
        version: 1,
      },
    ]);
    await moved.then('stockLevels', [
      { pharmacyId: DOWNTOWN, productId: PILLS, batches: 1, units: '6', sellable: '6' },
      { pharmacyId: ABDOUN, productId: PILLS, batches: 1, units: '4', sellable: '4' },
    ]);
  });

  it('counts reserved packs as not for sale until released, and returned packs back in their batch', async () => {
    const item = { ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: '8.00', quantity: 4 };
    const released = aTransfer({ transferId: randomUUID(), from: DOWNTOWN, to: ABDOUN, items: [item] });
    const returned = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...item, quantity: 2 }],
    });
    const reserved = spec.given(batchReceived(lot1, { quantity: 10 })).when(released.stockReserved());
    await reserved.then('inventoryBatches', [{ id: lot1.batchId, quantity: 10, reservedQuantity: 4 }]);
    await reserved.then('stockLevels', [{ productId: PILLS, units: '10', sellable: '6' }]);

    await spec
      .given(batchReceived(lot1, { quantity: 10 }), released.stockReserved(), returned.stockReserved())
      .when(released.stockReleased(), returned.dispatched(), returned.stockReturned())
      .then('inventoryBatches', [{ id: lot1.batchId, quantity: 10, reservedQuantity: 0, version: 6 }]);
  });

  it('records discounts, the expiry, a posted count and a write-off on the batch', () =>
    spec
      .given(batchReceived(lot1, { quantity: 10 }), batchReceived(lot2, { quantity: 6, batchNumber: 'LOT-2' }))
      .when(
        {
          type: 'BatchDiscountSet',
          data: { ...lot1, discountPercentage: '15.00', reason: 'Expires soon', previousPercentage: null },
        },
        {
          type: 'BatchDiscountSet',
          data: { ...lot2, discountPercentage: '10.00', reason: 'Slow', previousPercentage: null },
        },
        { type: 'BatchDiscountEnded', data: { ...lot2, reason: 'Sold well', previousPercentage: '10.00' } },
        {
          type: 'BatchExpired',
          data: {
            ...lot1,
            batchNumber: 'LOT-1',
            expiryDate: '2027-06-30',
            quantity: 10,
            looseUnits: 0,
            recordedOn: '2027-07-01',
          },
        },
        {
          type: 'StockCountPosted',
          data: {
            countId: randomUUID(),
            pharmacyId: DOWNTOWN,
            postedBy: null,
            postedAt: '2026-03-05T18:00:00.000Z',
            postedOn: '2026-03-05',
            adjustments: [
              { batchId: lot1.batchId, productId: PILLS, expected: 10, counted: 10, change: 0, reason: null },
              { batchId: lot2.batchId, productId: PILLS, expected: 6, counted: 5, change: -1, reason: 'miscount' },
            ],
          },
        },
        {
          type: 'StockWrittenOff',
          data: {
            ...lot1,
            quantity: 10,
            looseUnits: 0,
            reason: 'expired',
            witness: 'Omar',
            note: null,
            writtenOffBy: null,
          },
        },
      )
      .then('inventoryBatches', [
        // A count that found what was expected leaves the batch (and its version) alone.
        { id: lot1.batchId, quantity: 0, discountPercentage: '15.00', expiredOn: '2027-07-01', version: 4 },
        { id: lot2.batchId, quantity: 5, discountPercentage: null, expiredOn: null, version: 4 },
      ]));

  it('keeps the expiry calendar: batches, those holding packs, and their packs per day', () =>
    spec
      .given(
        batchReceived(lot1, { quantity: 10 }),
        batchReceived(lot2, { quantity: 2, batchNumber: 'LOT-2' }),
        batchReceived(syrup, { quantity: 3, expiryDate: '2026-12-31' }),
      )
      .when(stockAdjusted(lot2, -2))
      .then('expiryCalendar', [
        { pharmacyId: DOWNTOWN, expiryDate: '2027-06-30', batches: 2, stocked: 1, units: '10' },
        { pharmacyId: DOWNTOWN, expiryDate: '2026-12-31', batches: 1, stocked: 1, units: '3' },
      ]));

  it('rebuilds the same rows as the projector wrote, the running totals filled once', () => {
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot2, batchNumber: 'LOT-2', expiryDate: '2027-06-30', purchasePrice: null, quantity: 2 }],
    });
    const sale = randomUUID();
    return spec
      .given(
        batchReceived(lot1, { quantity: 10 }),
        batchReceived(lot2, { quantity: 5, batchNumber: 'LOT-2', purchasePrice: null }),
        batchReceived(syrup, { quantity: 3, expiryDate: '2026-12-31' }),
        transfer.stockReserved(),
      )
      .when(
        saleCompleted({
          saleId: sale,
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          lines: [{ productId: PILLS, batchId: lot1.batchId, quantity: 3, unitPrice: '12.50' }],
        }),
        transfer.dispatched(),
        transfer.arrived([{ batchId: randomUUID(), quantity: 2 }]),
        saleReturned({
          saleId: sale,
          returnId: randomUUID(),
          pharmacyId: DOWNTOWN,
          returnedOn: '2026-03-03',
          lines: [{ lineIndex: 0, productId: PILLS, batchId: lot1.batchId, quantity: 1, refund: '12.50' }],
        }),
        stockAdjusted(syrup, -3),
      )
      .thenRebuildMatchesLive();
  });
});
