import type { RecordedEvent } from '@pharmacy/event-store';
import type { Projection } from '../runner/projection';

/** Which entities an event touched, for the history drawers (products, batches, reference data). */
function touched(event: RecordedEvent): Array<{ entityType: string; entityId: string }> {
  const data = event.data as Record<string, unknown>;
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
  handles: [
    'PharmacyRegistered',
    'PharmacyDetailsChanged',
    'PharmacyDeleted',
    'CategoryCreated',
    'CategoryDetailsChanged',
    'CategoryDeleted',
    'SupplierRegistered',
    'SupplierDetailsChanged',
    'SupplierDeleted',
    'ProductRegistered',
    'ProductDetailsChanged',
    'ProductPriceChanged',
    'ProductCommissionChanged',
    'ProductActivated',
    'ProductDeactivated',
    'ProductDeleted',
    'BatchReceived',
    'BatchCorrected',
  ],
  tables: ['entityHistory'],

  async apply(trx, event) {
    const rows = touched(event).map((entity) => ({
      ...entity,
      position: event.position.commit,
      eventType: event.type,
      occurredAt: event.metadata.occurredAt,
      userId: event.metadata.userId,
      data: JSON.stringify(event.data),
    }));
    if (rows.length > 0) await trx.insertInto('entityHistory').values(rows).execute();
  },
};
