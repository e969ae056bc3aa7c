import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';

/** `inventory_batches`: one row per batch held at a pharmacy, with its current quantity. */
export const inventoryProjection: Projection = {
  name: 'inventory',
  handles: ['BatchReceived', 'BatchCorrected'] satisfies Array<StockEvent['type']>,
  tables: ['inventoryBatches'],

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'BatchReceived': {
        const d = event.data;
        await trx
          .insertInto('inventoryBatches')
          .values({
            id: d.batchId,
            productId: d.productId,
            pharmacyId: d.pharmacyId,
            batchNumber: d.batchNumber,
            quantity: d.quantity,
            purchasePrice: d.purchasePrice,
            expiryDate: d.expiryDate,
            receivedDate: d.receivedDate,
            supplierId: d.supplierId,
            isActive: true,
            createdAt: at,
            updatedAt: at,
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              quantity: sql`inventory_batches.quantity + ${d.quantity}`,
              purchasePrice: sql`coalesce(${d.purchasePrice}::numeric, inventory_batches.purchase_price)`,
              updatedAt: at,
            }),
          )
          .execute();
        return;
      }
      case 'BatchCorrected':
        await trx
          .updateTable('inventoryBatches')
          .set({ ...event.data.changes, updatedAt: at })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
    }
  },
};
