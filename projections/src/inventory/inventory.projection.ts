import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';

/** `inventory_batches`: one row per batch held at a pharmacy, with its current quantity and version. */
export const inventoryProjection: Projection = {
  name: 'inventory',
  version: 3,
  handles: ['BatchReceived', 'BatchCorrected', 'StockAdjusted', 'SaleCompleted', 'SaleReturned'] satisfies Array<
    StockEvent['type']
  >,
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
      case 'SaleCompleted': {
        // Per batch: packs sold whole, packs opened for single units, and the units left loose.
        const changes = new Map<string, { packs: number; loose: number }>();
        for (const line of event.data.lines) {
          for (const a of line.allocations) {
            const change = changes.get(a.batchId) ?? { packs: 0, loose: 0 };
            if (line.salesUnit === 'whole') change.packs -= a.quantity;
            else {
              change.packs -= a.packsOpened;
              change.loose += a.packsOpened * line.unitsPerPackage - a.quantity;
            }
            changes.set(a.batchId, change);
          }
        }
        await applyBatchChanges(trx, changes, at);
        return;
      }
      case 'SaleReturned': {
        const changes = new Map<string, { packs: number; loose: number }>();
        for (const line of event.data.lines) {
          for (const a of line.allocations) {
            if (!a.restocked) continue;
            const change = changes.get(a.batchId) ?? { packs: 0, loose: 0 };
            if (line.salesUnit === 'whole') change.packs += a.quantity;
            else change.loose += a.quantity;
            changes.set(a.batchId, change);
          }
        }
        await applyBatchChanges(trx, changes, at);
        return;
      }
      default:
        return;
    }
  },
};

/** Applies per-batch changes of packs and loose units, moving each touched batch's version on once. */
async function applyBatchChanges(
  trx: Parameters<Projection['apply']>[0],
  changes: Map<string, { packs: number; loose: number }>,
  at: string,
): Promise<void> {
  for (const [batchId, change] of changes) {
    await trx
      .updateTable('inventoryBatches')
      .set({
        quantity: sql`inventory_batches.quantity + ${change.packs}`,
        looseUnits: sql`inventory_batches.loose_units + ${change.loose}`,
        version: sql<number>`inventory_batches.version + 1`,
        updatedAt: at,
      })
      .where('id', '=', batchId)
      .execute();
  }
}
