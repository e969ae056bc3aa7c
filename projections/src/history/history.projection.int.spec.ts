import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import {
  aTransfer,
  batchReceived,
  productRegistered,
  saleCompleted,
  saleReturned,
  type BatchAt,
} from '../testing/events';
import { projectionSpec, SPEC_USER, specTime } from '../testing/projection-spec';
import { historyProjection } from './history.projection';

/** `entity_history`: every fact that touched a product, batch, category, supplier or pharmacy (the history drawers). */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const PILLS = randomUUID();
const SUPPLIER = randomUUID();
const CATEGORY = randomUUID();
const lot1: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const lot2: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };

describe('the history projection', () => {
  const spec = projectionSpec(historyProjection);

  it('puts a receipt in the history of its batch and its product, not its supplier, with the pharmacy it happened at', () =>
    spec
      .given(productRegistered(PILLS, { details: { supplierId: SUPPLIER, categoryId: CATEGORY } }))
      .when(batchReceived(lot1, { supplierId: SUPPLIER }))
      .then('entityHistory', [
        {
          entityType: 'product',
          entityId: PILLS,
          position: '1',
          eventType: 'ProductRegistered',
          occurredAt: specTime(0),
          userId: SPEC_USER,
          // The catalogue belongs to no pharmacy: everyone may see it.
          pharmacyId: null,
        },
        { entityType: 'product', entityId: PILLS, position: '2', eventType: 'BatchReceived', pharmacyId: DOWNTOWN },
        {
          entityType: 'batch',
          entityId: lot1.batchId,
          position: '2',
          eventType: 'BatchReceived',
          pharmacyId: DOWNTOWN,
        },
      ]));

  it('puts a sale and a return in the history of every batch they took from or gave back to', () => {
    const saleId = randomUUID();
    return spec
      .given(batchReceived(lot1), batchReceived(lot2, { batchNumber: 'LOT-2' }))
      .when(
        saleCompleted({
          saleId,
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          lines: [
            { productId: PILLS, batchId: lot1.batchId, quantity: 1, unitPrice: '12.50' },
            { productId: PILLS, batchId: lot2.batchId, quantity: 1, unitPrice: '12.50' },
          ],
        }),
        saleReturned({
          saleId,
          returnId: randomUUID(),
          pharmacyId: DOWNTOWN,
          returnedOn: '2026-03-03',
          lines: [{ lineIndex: 1, productId: PILLS, batchId: lot2.batchId, quantity: 1, refund: '12.50' }],
        }),
      )
      .then('entityHistory', [
        { entityType: 'product', position: '1' },
        { entityType: 'batch', entityId: lot1.batchId, position: '1' },
        { entityType: 'product', position: '2' },
        { entityType: 'batch', entityId: lot2.batchId, position: '2' },
        {
          entityType: 'batch',
          entityId: lot1.batchId,
          position: '3',
          eventType: 'SaleCompleted',
          pharmacyId: DOWNTOWN,
        },
        {
          entityType: 'batch',
          entityId: lot2.batchId,
          position: '3',
          eventType: 'SaleCompleted',
          pharmacyId: DOWNTOWN,
        },
        { entityType: 'batch', entityId: lot2.batchId, position: '4', eventType: 'SaleReturned', pharmacyId: DOWNTOWN },
      ]);
  });

  it('puts a posted count in the history of the batches it moved only, and a transfer in those of its batches', () => {
    const arrivedAs = randomUUID();
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: null, quantity: 2 }],
    });
    return spec
      .given()
      .when(
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
        transfer.stockReserved(),
        transfer.arrived([{ batchId: arrivedAs, quantity: 2 }]),
        // The transfer's own stream is not the history's.
        transfer.requested(),
      )
      .then('entityHistory', [
        { entityType: 'batch', entityId: lot2.batchId, eventType: 'StockCountPosted', pharmacyId: DOWNTOWN },
        { entityType: 'batch', entityId: lot1.batchId, eventType: 'TransferStockReserved', pharmacyId: DOWNTOWN },
        { entityType: 'batch', entityId: arrivedAs, eventType: 'TransferStockArrived', pharmacyId: ABDOUN },
      ]);
  });

  it('keeps the history of pharmacies, categories and suppliers, and of a product withdrawn from a pharmacy', () =>
    spec
      .given()
      .when(
        {
          type: 'PharmacyDetailsChanged',
          data: { pharmacyId: ABDOUN, changes: { phone: '065550100' }, previous: { phone: null } },
        },
        { type: 'CategoryDeleted', data: { categoryId: CATEGORY, name: 'Vitamins' } },
        { type: 'SupplierDeleted', data: { supplierId: SUPPLIER, name: 'Hikma' } },
        { type: 'ProductWithdrawn', data: { pharmacyId: DOWNTOWN, productId: PILLS, withdrawnAt: specTime(3) } },
      )
      .then('entityHistory', [
        { entityType: 'pharmacy', entityId: ABDOUN, eventType: 'PharmacyDetailsChanged', pharmacyId: null },
        { entityType: 'category', entityId: CATEGORY, eventType: 'CategoryDeleted', pharmacyId: null },
        { entityType: 'supplier', entityId: SUPPLIER, eventType: 'SupplierDeleted', pharmacyId: null },
        { entityType: 'product', entityId: PILLS, eventType: 'ProductWithdrawn', pharmacyId: DOWNTOWN },
      ]));

  it('rebuilds the same rows as the projector wrote', () =>
    spec
      .given(productRegistered(PILLS), batchReceived(lot1), batchReceived(lot2, { batchNumber: 'LOT-2' }))
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          lines: [{ productId: PILLS, batchId: lot1.batchId, quantity: 2, unitPrice: '12.50' }],
        }),
        {
          type: 'ProductPriceChanged',
          data: { productId: PILLS, price: '13.00', cost: null, previousPrice: '12.50', previousCost: '8.00' },
        },
        { type: 'ProductReinstated', data: { pharmacyId: DOWNTOWN, productId: PILLS } },
      )
      .thenRebuildMatchesLive());
});
