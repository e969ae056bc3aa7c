import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { aTransfer, batchReceived, productRegistered, saleCompleted, type BatchAt } from '../testing/events';
import { projectionSpec, SPEC_USER, specTime, type SpecEvent } from '../testing/projection-spec';
import { auditEventsProjection } from './audit-events.projection';

/** `audit_events`: every event of the log, with who, when and what it touched, for the auditors' event browser. */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const PILLS = randomUUID();
const SYRUP = randomUUID();
const lot1: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const syrup: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: SYRUP };

describe('the audit-events projection', () => {
  const spec = projectionSpec(auditEventsProjection);

  it('keeps an event as it was recorded: its id, type, stream, who, when, the pharmacy and its data', () => {
    const eventId = randomUUID();
    const receipt = batchReceived(lot1, { quantity: 10 });
    return spec
      .given()
      .when({ ...receipt, id: eventId })
      .then('auditEvents', [
        {
          position: '1',
          eventId,
          eventType: 'BatchReceived',
          streamId: `stock-${DOWNTOWN}`,
          occurredAt: specTime(0),
          userId: SPEC_USER,
          pharmacyId: DOWNTOWN,
          productIds: [PILLS],
          batchIds: [lot1.batchId],
          data: receipt.data,
        },
      ]);
  });

  it('finds every product and batch an event names, in its lines, allocations and items', () => {
    const arrivedAs = randomUUID();
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: DOWNTOWN,
      to: ABDOUN,
      items: [{ ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: null, quantity: 2 }],
    });
    return spec
      .given(batchReceived(lot1), batchReceived(syrup))
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          lines: [
            { productId: PILLS, batchId: lot1.batchId, quantity: 1, unitPrice: '12.50' },
            { productId: SYRUP, batchId: syrup.batchId, quantity: 1, unitPrice: '4.00' },
          ],
        }),
        transfer.arrived([{ batchId: arrivedAs, quantity: 2 }]),
      )
      .then('auditEvents', [
        { position: '1', batchIds: [lot1.batchId] },
        { position: '2', batchIds: [syrup.batchId] },
        {
          position: '3',
          eventType: 'SaleCompleted',
          productIds: [PILLS, SYRUP],
          batchIds: [lot1.batchId, syrup.batchId],
        },
        // The batch it arrived as at the destination, and the source's batch it came from.
        { position: '4', pharmacyId: ABDOUN, productIds: [PILLS], batchIds: [arrivedAs, lot1.batchId] },
      ]);
  });

  it('puts a fact at its own pharmacy, a transfer at its source, anything else at the pharmacy of whoever recorded it', () => {
    const transfer = aTransfer({
      transferId: randomUUID(),
      from: ABDOUN,
      to: DOWNTOWN,
      items: [{ ...lot1, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: null, quantity: 2 }],
    });
    const claimed: SpecEvent = {
      type: 'UniqueValueClaimed',
      data: { kind: 'product-sku', value: 'para-500', ownerId: PILLS },
      metadata: { pharmacyId: null, userId: null },
    };
    return spec
      .given()
      .when(
        { ...productRegistered(PILLS), metadata: { pharmacyId: DOWNTOWN } },
        transfer.requested(),
        { type: 'PharmacyDeleted', data: { pharmacyId: ABDOUN, name: 'Abdoun' }, metadata: { pharmacyId: DOWNTOWN } },
        claimed,
      )
      .then('auditEvents', [
        { eventType: 'ProductRegistered', streamId: `product-${PILLS}`, pharmacyId: DOWNTOWN, productIds: [PILLS] },
        { eventType: 'TransferRequested', pharmacyId: ABDOUN, batchIds: [lot1.batchId] },
        { eventType: 'PharmacyDeleted', streamId: `pharmacy-${ABDOUN}`, pharmacyId: ABDOUN },
        {
          eventType: 'UniqueValueClaimed',
          streamId: 'unique-product-sku-para-500',
          pharmacyId: null,
          userId: null,
          productIds: [],
          batchIds: [],
        },
      ]);
  });

  it('rebuilds the same rows as the projector wrote', () =>
    spec
      .given(productRegistered(PILLS), batchReceived(lot1), batchReceived(syrup))
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: DOWNTOWN,
          soldOn: '2026-03-02',
          customerName: 'Huda',
          lines: [{ productId: PILLS, batchId: lot1.batchId, quantity: 2, unitPrice: '12.50' }],
        }),
        { type: 'ProductDeactivated', data: { productId: PILLS }, metadata: { userId: null } },
      )
      .thenRebuildMatchesLive());
});
