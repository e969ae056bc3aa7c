import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import type { TransferItem } from '@pharmacy/domain';
import { aTransfer } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { transfersProjection } from './transfers.projection';

/** `stock_transfers`, `transfer_items` and the timeline `transfer_steps`, from the transfer's stream and both stock streams. */
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const PILLS = randomUUID();
const SYRUP = randomUUID();
const item = (productId: string, quantity: number, batchNumber = 'LOT-1'): TransferItem => ({
  batchId: randomUUID(),
  productId,
  batchNumber,
  expiryDate: '2027-06-30',
  purchasePrice: '8.00',
  quantity,
});
const items = [item(PILLS, 4), item(SYRUP, 2, 'S-9')];

describe('the transfers projection', () => {
  const spec = projectionSpec(transfersProjection);

  it('adds a pending transfer with its items, requested by the source, which holds the packs', async () => {
    const transferId = randomUUID();
    const transfer = aTransfer({ transferId, from: DOWNTOWN, to: ABDOUN, items });
    const requested = spec.given(transfer.stockReserved()).when(transfer.requested('2026-03-03T09:00:00.000Z'));
    await requested.then('stockTransfers', [
      {
        id: transferId,
        fromPharmacyId: DOWNTOWN,
        toPharmacyId: ABDOUN,
        status: 'pending',
        awaitingSource: false,
        notes: 'For the weekend',
        totalQuantity: 6,
        receivedQuantity: null,
        createdAt: '2026-03-03T09:00:00.000Z',
        updatedAt: '2026-03-03T09:00:00.000Z',
      },
    ]);
    await requested.then('transferItems', [
      {
        transferId,
        productId: PILLS,
        batchId: items[0]!.batchId,
        batchNumber: 'LOT-1',
        quantity: 4,
        receivedQuantity: null,
      },
      {
        transferId,
        productId: SYRUP,
        batchId: items[1]!.batchId,
        batchNumber: 'S-9',
        quantity: 2,
        receivedQuantity: null,
      },
    ]);
    await requested.then('transferSteps', [
      {
        transferId,
        position: '2',
        step: 'requested',
        at: '2026-03-03T09:00:00.000Z',
        pharmacyId: DOWNTOWN,
        note: 'For the weekend',
      },
    ]);
  });

  it('approves, dispatches and receives it, short by one pack with the reason, step by step on the timeline', async () => {
    const transferId = randomUUID();
    const transfer = aTransfer({ transferId, from: DOWNTOWN, to: ABDOUN, items });
    const completed = spec.given(transfer.stockReserved(), transfer.requested()).when(
      transfer.approved('2026-03-03T11:00:00.000Z'),
      transfer.dispatched(),
      transfer.received([3, 2], '2026-03-04T15:00:00.000Z', 'One pack broken'),
      transfer.arrived([
        { batchId: randomUUID(), quantity: 3 },
        { batchId: randomUUID(), quantity: 2 },
      ]),
    );
    await completed.then('stockTransfers', [
      {
        id: transferId,
        status: 'completed',
        approvedAt: '2026-03-03T11:00:00.000Z',
        receivedAt: '2026-03-04T15:00:00.000Z',
        totalQuantity: 6,
        receivedQuantity: 5,
        discrepancyReason: 'One pack broken',
        updatedAt: '2026-03-04T15:00:00.000Z',
      },
    ]);
    await completed.then('transferItems', [
      { productId: PILLS, quantity: 4, receivedQuantity: 3 },
      { productId: SYRUP, quantity: 2, receivedQuantity: 2 },
    ]);
    await completed.then('transferSteps', [
      { position: '2', step: 'requested', pharmacyId: DOWNTOWN },
      { position: '3', step: 'approved', pharmacyId: DOWNTOWN, at: '2026-03-03T11:00:00.000Z' },
      { position: '4', step: 'dispatched', pharmacyId: DOWNTOWN },
      { position: '5', step: 'received', pharmacyId: ABDOUN, note: 'One pack broken' },
      { position: '6', step: 'arrived', pharmacyId: ABDOUN },
    ]);
  });

  it('a request from outside the source awaits it; its approval replaces the items with what it reserved', async () => {
    const transferId = randomUUID();
    const transfer = aTransfer({ transferId, from: DOWNTOWN, to: ABDOUN, items: [item(PILLS, 4)] });
    const reservedOnApproval = [item(PILLS, 1, 'LOT-7'), item(PILLS, 3, 'LOT-8')];
    const pending = spec.given().when(transfer.requested('2026-03-03T09:00:00.000Z', false));
    await pending.then('stockTransfers', [{ id: transferId, status: 'pending', awaitingSource: true }]);
    await pending.then('transferSteps', [{ step: 'requested', pharmacyId: ABDOUN }]);

    const approved = spec
      .given(transfer.requested('2026-03-03T09:00:00.000Z', false))
      .when(transfer.approved('2026-03-03T11:00:00.000Z', reservedOnApproval));
    await approved.then('stockTransfers', [
      { id: transferId, status: 'approved', awaitingSource: false, totalQuantity: 4 },
    ]);
    await approved.then('transferItems', [
      { transferId, batchNumber: 'LOT-7', quantity: 1 },
      { transferId, batchNumber: 'LOT-8', quantity: 3 },
    ]);
  });

  it('cancels: pending, its packs released; in transit, its packs returned', async () => {
    const pendingId = randomUUID();
    const inTransitId = randomUUID();
    const pending = aTransfer({ transferId: pendingId, from: DOWNTOWN, to: ABDOUN, items: [item(PILLS, 4)] });
    const inTransit = aTransfer({ transferId: inTransitId, from: DOWNTOWN, to: ABDOUN, items: [item(SYRUP, 2)] });
    const cancelled = spec
      .given(pending.requested(), inTransit.requested(), inTransit.approved(), inTransit.dispatched())
      .when(
        pending.cancelled('pending', '2026-03-03T12:00:00.000Z'),
        pending.stockReleased(),
        inTransit.cancelled('approved', '2026-03-03T13:00:00.000Z'),
        inTransit.stockReturned(),
      );
    await cancelled.then('stockTransfers', [
      {
        id: pendingId,
        status: 'cancelled',
        cancelReason: 'No longer needed',
        cancelledAt: '2026-03-03T12:00:00.000Z',
        updatedAt: '2026-03-03T12:00:00.000Z',
      },
      {
        id: inTransitId,
        status: 'cancelled',
        approvedAt: '2026-03-03T11:00:00.000Z',
        cancelledAt: '2026-03-03T13:00:00.000Z',
      },
    ]);
    await cancelled.then('transferSteps', [
      { transferId: pendingId, step: 'requested' },
      { transferId: pendingId, step: 'cancelled', note: 'No longer needed', position: '5' },
      { transferId: pendingId, step: 'released', position: '6' },
      { transferId: inTransitId, step: 'requested' },
      { transferId: inTransitId, step: 'approved' },
      { transferId: inTransitId, step: 'dispatched' },
      { transferId: inTransitId, step: 'cancelled', position: '7' },
      { transferId: inTransitId, step: 'returned', position: '8' },
    ]);
  });

  it('rebuilds the same rows as the projector wrote', () => {
    const done = aTransfer({ transferId: randomUUID(), from: DOWNTOWN, to: ABDOUN, items });
    const asked = aTransfer({ transferId: randomUUID(), from: ABDOUN, to: DOWNTOWN, items: [item(PILLS, 2)] });
    const dropped = aTransfer({ transferId: randomUUID(), from: DOWNTOWN, to: ABDOUN, items: [item(SYRUP, 1)] });
    return spec
      .given(
        done.stockReserved(),
        done.requested(),
        asked.requested('2026-03-03T10:00:00.000Z', false),
        dropped.requested(),
      )
      .when(
        done.approved(),
        done.dispatched(),
        asked.approved('2026-03-03T12:00:00.000Z', [item(PILLS, 2, 'LOT-3')]),
        dropped.cancelled('pending'),
        dropped.stockReleased(),
        done.received([4, 1], '2026-03-04T15:00:00.000Z', 'A bottle leaked'),
        done.arrived([
          { batchId: randomUUID(), quantity: 4 },
          { batchId: randomUUID(), quantity: 1 },
        ]),
      )
      .thenRebuildMatchesLive();
  });
});
