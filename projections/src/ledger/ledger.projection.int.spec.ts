import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { aTransfer, batchReceived, saleCompleted, stockAdjusted, type BatchAt } from '../testing/events';
import { projectionSpec, SPEC_USER, specTime } from '../testing/projection-spec';
import { ledgerProjection } from './ledger.projection';

/** `stock_ledger` (every movement with its running balance), `stock_ledger_balances` and `stock_ledger_months`. */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const PILLS = randomUUID();
const lot1: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const lot2: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };

describe('the ledger projection', () => {
  const spec = projectionSpec(ledgerProjection);

  it('writes each movement of a batch with its running balance, who, when and what it belongs to', async () => {
    const saleId = randomUUID();
    const moved = spec.given(batchReceived(lot1, { quantity: 10 })).when(
      saleCompleted({
        saleId,
        pharmacyId: DOWNTOWN,
        soldOn: '2026-03-02',
        lines: [{ productId: PILLS, batchId: lot1.batchId, quantity: 3, unitPrice: '12.50' }],
      }),
      stockAdjusted(lot1, -2),
    );
    await moved.then('stockLedger', [
      {
        position: '1',
        seq: 0,
        pharmacyId: DOWNTOWN,
        batchId: lot1.batchId,
        productId: PILLS,
        movement: 'received',
        quantityChange: 10,
        looseChange: 0,
        reservedChange: 0,
        balance: 10,
        looseBalance: 0,
        occurredAt: specTime(0),
        userId: SPEC_USER,
        eventType: 'BatchReceived',
        reference: null,
      },
      {
        position: '2',
        movement: 'sold',
        quantityChange: -3,
        balance: 7,
        reference: saleId,
        eventType: 'SaleCompleted',
      },
      {
        position: '3',
        movement: 'adjusted',
        quantityChange: -2,
        balance: 5,
        reference: 'damaged',
        occurredAt: specTime(2),
      },
    ]);
    await moved.then('stockLedgerBalances', [{ batchId: lot1.batchId, balance: 5, looseBalance: 0 }]);
  });

  it('gives each batch of one sale a movement of its own, opened packs as loose units', () =>
    spec
      .given(batchReceived(lot1, { quantity: 10 }), batchReceived(lot2, { quantity: 2, batchNumber: 'LOT-2' }))
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          lines: [
            { productId: PILLS, batchId: lot2.batchId, quantity: 2, unitPrice: '12.50' },
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
      )
      .then('stockLedger', [
        { position: '1', movement: 'received', balance: 10 },
        { position: '2', movement: 'received', balance: 2 },
        {
          position: '3',
          seq: 0,
          batchId: lot2.batchId,
          quantityChange: -2,
          looseChange: 0,
          balance: 0,
          looseBalance: 0,
        },
        {
          position: '3',
          seq: 1,
          batchId: lot1.batchId,
          quantityChange: -1,
          looseChange: 7,
          balance: 9,
          looseBalance: 7,
        },
      ]));

  it('records packs held, sent and received for a transfer, at the source and the destination', async () => {
    const transferId = randomUUID();
    const arrivedAs = randomUUID();
    const transfer = aTransfer({
      transferId,
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: '8.00', quantity: 4 }],
    });
    const moved = spec
      .given(batchReceived(lot1, { quantity: 10 }))
      .when(transfer.stockReserved(), transfer.dispatched(), transfer.arrived([{ batchId: arrivedAs, quantity: 4 }]));
    await moved.then('stockLedger', [
      { movement: 'received', balance: 10 },
      { movement: 'reserved', quantityChange: 0, reservedChange: 4, balance: 10, reference: transferId },
      { movement: 'dispatched', quantityChange: -4, reservedChange: -4, balance: 6, reference: transferId },
      {
        pharmacyId: ABDOUN,
        batchId: arrivedAs,
        movement: 'transfer_received',
        quantityChange: 4,
        balance: 4,
        reference: transferId,
      },
    ]);
    await moved.then('stockLedgerBalances', [
      { batchId: lot1.batchId, balance: 6 },
      { batchId: arrivedAs, balance: 4 },
    ]);
  });

  it('notes discounts and the expiry without moving packs, and a write-off with its reason', () =>
    spec
      .given(batchReceived(lot1, { quantity: 10 }))
      .when(
        {
          type: 'BatchDiscountSet',
          data: { ...lot1, discountPercentage: '15.00', reason: 'Expires soon', previousPercentage: null },
        },
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
        // A correction of the number only moves nothing: no movement.
        {
          type: 'BatchCorrected',
          data: { ...lot1, changes: { batchNumber: 'LOT-1A' }, previous: { batchNumber: 'LOT-1' } },
        },
      )
      .then('stockLedger', [
        { movement: 'received', balance: 10 },
        { movement: 'discounted', quantityChange: 0, balance: 10, reference: '15.00' },
        { movement: 'expired', quantityChange: 0, balance: 10, reference: null },
        { movement: 'written_off', quantityChange: -10, balance: 0, reference: 'expired' },
      ]));

  it('sums each batch per month of business time: a fact recorded late lands in the month it happened', () =>
    spec
      .given({ ...batchReceived(lot1, { quantity: 10 }), metadata: { occurredAt: '2026-02-10T09:00:00.000Z' } })
      .when(stockAdjusted(lot1, -1), {
        ...stockAdjusted(lot1, 3),
        metadata: { occurredAt: '2026-02-20T09:00:00.000Z' },
      })
      .then('stockLedgerMonths', [
        {
          batchId: lot1.batchId,
          month: '2026-02-01',
          pharmacyId: DOWNTOWN,
          productId: PILLS,
          quantityChange: 13,
          looseChange: 0,
        },
        { batchId: lot1.batchId, month: '2026-03-01', quantityChange: -1 },
      ]));

  it('rebuilds the same rows as the projector wrote', () => {
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot2, batchNumber: 'LOT-2', expiryDate: '2027-06-30', purchasePrice: null, quantity: 1 }],
    });
    return spec
      .given(batchReceived(lot1, { quantity: 10 }), {
        ...batchReceived(lot2, { quantity: 3, batchNumber: 'LOT-2' }),
        metadata: { occurredAt: '2026-02-27T12:00:00.000Z' },
      })
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
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
        transfer.stockReserved(),
        transfer.stockReleased(),
        stockAdjusted(lot2, -1),
      )
      .thenRebuildMatchesLive();
  });
});
