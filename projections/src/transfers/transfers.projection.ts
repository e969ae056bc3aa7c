import { sql } from 'kysely';
import type { StockEvent, TransferEvent, TransferItem } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';
import { transfersTables } from './transfers.tables';

type TransferFact = TransferEvent | Extract<StockEvent, { data: { transferId: string } }>;

/**
 * `stock_transfers` and `transfer_items` (the specification's tables) and
 * `transfer_steps`, the timeline: what happened to a transfer, on its own
 * stream and on the stock streams of both pharmacies, in log order.
 */
export const transfersProjection: Projection = {
  name: 'transfers',
  version: 1,
  handles: [
    'TransferRequested',
    'TransferApproved',
    'TransferReceived',
    'TransferCancelled',
    'TransferDispatched',
    'TransferStockArrived',
    'TransferStockReleased',
    'TransferStockReturned',
  ] satisfies Array<TransferFact['type']>,
  schema: transfersTables,

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as TransferFact;
    const at = recorded.metadata.occurredAt;
    const step = (
      name: string,
      values: { at?: string; userId?: string | null; pharmacyId: string; note?: string | null },
    ) =>
      trx
        .insertInto('transferSteps')
        .values({
          transferId: event.data.transferId,
          position: recorded.position.commit,
          step: name,
          at: values.at ?? at,
          userId: values.userId === undefined ? recorded.metadata.userId : values.userId,
          pharmacyId: values.pharmacyId,
          note: values.note ?? null,
        })
        .execute();
    switch (event.type) {
      case 'TransferRequested': {
        const d = event.data;
        await trx
          .insertInto('stockTransfers')
          .values({
            id: d.transferId,
            fromPharmacyId: d.fromPharmacyId,
            toPharmacyId: d.toPharmacyId,
            initiatedBy: d.requestedBy,
            status: 'pending',
            awaitingSource: !d.reserved,
            notes: d.notes,
            totalQuantity: d.items.reduce((n, item) => n + item.quantity, 0),
            createdAt: d.requestedAt,
            updatedAt: d.requestedAt,
          })
          .execute();
        await trx.insertInto('transferItems').values(itemRows(d.transferId, d.items)).execute();
        await step('requested', {
          at: d.requestedAt,
          userId: d.requestedBy,
          // Asked by the source's staff, or (holding nothing) by the destination's.
          pharmacyId: d.reserved ? d.fromPharmacyId : d.toPharmacyId,
          note: d.notes,
        });
        return;
      }
      case 'TransferApproved': {
        const d = event.data;
        await trx
          .updateTable('stockTransfers')
          .set({
            status: 'approved',
            awaitingSource: false,
            approvedBy: d.approvedBy,
            approvedAt: d.approvedAt,
            updatedAt: d.approvedAt,
            ...(d.items ? { totalQuantity: d.items.reduce((n, item) => n + item.quantity, 0) } : {}),
          })
          .where('id', '=', d.transferId)
          .execute();
        if (d.items) {
          // A request that held nothing: what the approval reserved replaces what the request would have taken.
          await trx.deleteFrom('transferItems').where('transferId', '=', d.transferId).execute();
          await trx.insertInto('transferItems').values(itemRows(d.transferId, d.items)).execute();
        }
        await step('approved', { at: d.approvedAt, userId: d.approvedBy, pharmacyId: d.fromPharmacyId });
        return;
      }
      case 'TransferReceived': {
        const d = event.data;
        await trx
          .updateTable('stockTransfers')
          .set({
            status: 'completed',
            receivedBy: d.receivedBy,
            receivedAt: d.receivedAt,
            receivedQuantity: d.items.reduce((n, item) => n + item.receivedQuantity, 0),
            discrepancyReason: d.discrepancyReason,
            updatedAt: d.receivedAt,
          })
          .where('id', '=', d.transferId)
          .execute();
        const rows = d.items.map((item) => sql`(${item.batchId}::uuid, ${item.receivedQuantity}::int)`);
        await sql`
          UPDATE transfer_items AS t SET received_quantity = v.received
          FROM (VALUES ${sql.join(rows)}) AS v(batch_id, received)
          WHERE t.transfer_id = ${d.transferId} AND t.batch_id = v.batch_id`.execute(trx);
        await step('received', {
          at: d.receivedAt,
          userId: d.receivedBy,
          pharmacyId: d.toPharmacyId,
          note: d.discrepancyReason,
        });
        return;
      }
      case 'TransferCancelled': {
        const d = event.data;
        await trx
          .updateTable('stockTransfers')
          .set({
            status: 'cancelled',
            awaitingSource: false,
            cancelledBy: d.cancelledBy,
            cancelledAt: d.cancelledAt,
            cancelReason: d.reason,
            updatedAt: d.cancelledAt,
          })
          .where('id', '=', d.transferId)
          .execute();
        await step('cancelled', {
          at: d.cancelledAt,
          userId: d.cancelledBy,
          pharmacyId: d.fromPharmacyId,
          note: d.reason,
        });
        return;
      }
      case 'TransferDispatched':
        await step('dispatched', { pharmacyId: event.data.pharmacyId });
        return;
      case 'TransferStockArrived':
        await step('arrived', { pharmacyId: event.data.pharmacyId });
        return;
      case 'TransferStockReleased':
        await step('released', { pharmacyId: event.data.pharmacyId });
        return;
      case 'TransferStockReturned':
        await step('returned', { pharmacyId: event.data.pharmacyId });
        return;
      default:
        return;
    }
  },
};

function itemRows(transferId: string, items: TransferItem[]) {
  return items.map((item) => ({
    transferId,
    productId: item.productId,
    batchId: item.batchId,
    batchNumber: item.batchNumber,
    expiryDate: item.expiryDate,
    quantity: item.quantity,
  }));
}
