import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';

/** `inventory_batches`: one row per batch held at a pharmacy, with its current quantity and version. */
export const inventoryProjection: Projection = {
  name: 'inventory',
  version: 2,
  handles: ['BatchReceived', 'BatchCorrected', 'StockAdjusted'] satisfies Array<StockEvent['type']>,
  tables: ['inventoryBatches'],

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const at = recorded.metadata.occurredAt;
    // Every event that touches a batch moves its version on, as the stock decider counts them.
    const nextVersion = sql<number>`inventory_batches.version + 1`;
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
            version: 1,
            createdAt: at,
            updatedAt: at,
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              quantity: sql`inventory_batches.quantity + ${d.quantity}`,
              purchasePrice: sql`coalesce(${d.purchasePrice}::numeric, inventory_batches.purchase_price)`,
              version: nextVersion,
              updatedAt: at,
            }),
          )
          .execute();
        return;
      }
      case 'BatchCorrected':
        await trx
          .updateTable('inventoryBatches')
          .set({ ...event.data.changes, version: nextVersion, updatedAt: at })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'StockAdjusted':
        await trx
          .updateTable('inventoryBatches')
          .set({
            quantity: sql`inventory_batches.quantity + ${event.data.quantityChange}`,
            version: nextVersion,
            updatedAt: at,
          })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      default:
        return;
    }
  },
};
