import { eventSchemas } from '@pharmacy/domain';
import type { RecordedEvent } from '@pharmacy/event-store';
import { insertRows } from '../runner/bulk-rows';
import type { Projection } from '../runner/projection';
import { auditEventsTables } from './audit-events.tables';

/** Every id of this kind anywhere in an event's data (top level, lines, items, allocations, adjustments). */
function idsOf(value: unknown, key: 'productId' | 'batchId', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsOf(item, key, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === key || (key === 'batchId' && k === 'sourceBatchId')) && typeof v === 'string') into.add(v);
      else if (typeof v === 'object') idsOf(v, key, into);
    }
  }
  return into;
}

/** The pharmacy a fact belongs to: its stock stream's, a pharmacy's own, or the source of a transfer. */
function pharmacyOf(event: RecordedEvent): string | null {
  const data = event.data as Record<string, unknown>;
  for (const key of ['pharmacyId', 'fromPharmacyId']) {
    if (typeof data[key] === 'string') return data[key];
  }
  return event.metadata.pharmacyId;
}

/**
 * `audit_events`: every event of the log, with who, when (business and
 * recorded time) and what it touched, for the auditors' event browser.
 */
export const auditEventsProjection: Projection = {
  name: 'audit-events',
  version: 1,
  handles: Object.keys(eventSchemas),
  schema: auditEventsTables,

  async apply(trx, event) {
    await this.applyAll!(trx, [event]);
  },

  async applyAll(trx, events) {
    const rows = events.map((event) => ({
      position: event.position.commit,
      eventId: event.id,
      eventType: event.type,
      streamId: event.streamId,
      occurredAt: event.metadata.occurredAt,
      recordedAt: event.recordedAt,
      userId: event.metadata.userId,
      pharmacyId: pharmacyOf(event),
      productIds: [...idsOf(event.data, 'productId')],
      batchIds: [...idsOf(event.data, 'batchId')],
      data: JSON.stringify(event.data),
    }));
    await insertRows(trx, 'auditEvents', rows);
  },
};
