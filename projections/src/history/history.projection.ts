import type { RecordedEvent } from '@pharmacy/event-store';
import { catalogueProjection } from '../catalogue/catalogue.projection';
import { inventoryProjection } from '../inventory/inventory.projection';
import { pharmaciesProjection } from '../pharmacies/pharmacies.projection';
import { insertRows } from '../runner/bulk-rows';
import type { Projection } from '../runner/projection';
import { historyTables } from './history.tables';

/** Which entities an event touched, for the history drawers (products, batches, reference data). */
function touched(event: RecordedEvent): Array<{ entityType: string; entityId: string }> {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'SaleCompleted' || event.type === 'SaleReturned') {
    // A sale belongs to the history of every batch it took from (or gave back to).
    const { lines } = event.data as { lines: Array<{ allocations: Array<{ batchId: string }> }> };
    const batches = new Set(lines.flatMap((line) => line.allocations.map((a) => a.batchId)));
    return [...batches].map((entityId) => ({ entityType: 'batch', entityId }));
  }
  if (event.type === 'StockCountPosted') {
    // A posted count belongs to the history of every batch it moved.
    const { adjustments } = event.data as { adjustments: Array<{ batchId: string; change: number }> };
    return adjustments.filter((a) => a.change !== 0).map((a) => ({ entityType: 'batch', entityId: a.batchId }));
  }
  if (event.type.startsWith('Transfer') && Array.isArray(data.items)) {
    // A transfer's packs belong to the history of every batch they left, were held in or arrived as.
    const batches = new Set((data.items as Array<{ batchId: string }>).map((item) => item.batchId));
    return [...batches].map((entityId) => ({ entityType: 'batch', entityId }));
  }
  const entries: Array<{ entityType: string; entityId: string }> = [];
  for (const [field, entityType] of [
    ['productId', 'product'],
    ['batchId', 'batch'],
    ['categoryId', 'category'],
    ['supplierId', 'supplier'],
  ] as const) {
    const id = data[field];
    // A batch receipt names its product and supplier too: it belongs to the product's history, not the supplier's.
    if (typeof id === 'string' && !(field === 'supplierId' && event.type.startsWith('Batch')))
      entries.push({ entityType, entityId: id });
  }
  if (event.streamId.startsWith('pharmacy-'))
    entries.push({ entityType: 'pharmacy', entityId: data.pharmacyId as string });
  return entries;
}

export const historyProjection: Projection = {
  name: 'history',
  version: 4,
  // Every fact about a pharmacy, the catalogue or a batch.
  handles: [
    ...pharmaciesProjection.handles,
    ...catalogueProjection.handles,
    ...inventoryProjection.handles,
    'ProductWithdrawn',
    'ProductReinstated',
  ],
  schema: historyTables,

  async apply(trx, event) {
    await insertRows(trx, 'entityHistory', rowsOf(event));
  },

  async applyAll(trx, events) {
    await insertRows(trx, 'entityHistory', events.flatMap(rowsOf));
  },
};

function rowsOf(event: RecordedEvent) {
  const data = event.data as Record<string, unknown>;
  return touched(event).map((entity) => ({
    ...entity,
    position: event.position.commit,
    eventType: event.type,
    occurredAt: event.metadata.occurredAt,
    userId: event.metadata.userId,
    // Stock facts belong to one pharmacy: who may see them is decided by it.
    pharmacyId: event.streamId.startsWith('stock-') ? (data.pharmacyId as string) : null,
  }));
}
