import type { StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';
import { discrepanciesTables } from './discrepancies.tables';

/**
 * `stock_discrepancies`: what sales made offline raised for review (a
 * shortfall the books no longer held, or a sale made from a stale copy of
 * the prices) and how each was resolved (ADR 0015). The dashboard's alert
 * and the Discrepancies screen read it.
 */
export const discrepanciesProjection: Projection = {
  name: 'discrepancies',
  version: 1,
  handles: ['StockDiscrepancyRaised', 'StockDiscrepancyResolved'] satisfies Array<StockEvent['type']>,
  schema: discrepanciesTables,

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    if (event.type === 'StockDiscrepancyRaised') {
      const d = event.data;
      await trx
        .insertInto('stockDiscrepancies')
        .values({
          id: d.discrepancyId,
          pharmacyId: d.pharmacyId,
          kind: d.kind,
          saleId: d.saleId,
          offlineNumber: d.offlineNumber,
          soldAt: d.soldAt,
          raisedAt: recorded.recordedAt,
          catalogueAsOf: d.catalogueAsOf,
          lines: JSON.stringify(d.lines),
          position: recorded.position.commit,
        })
        .execute();
    } else if (event.type === 'StockDiscrepancyResolved') {
      await trx
        .updateTable('stockDiscrepancies')
        .set({
          resolvedAt: recorded.metadata.occurredAt,
          resolvedBy: recorded.metadata.userId,
          resolutionNote: event.data.note,
        })
        .where('id', '=', event.data.discrepancyId)
        .execute();
    }
  },
};
