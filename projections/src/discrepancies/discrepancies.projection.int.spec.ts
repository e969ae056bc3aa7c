import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { projectionSpec, type SpecEvent } from '../testing/projection-spec';
import { discrepanciesProjection } from './discrepancies.projection';

/** `stock_discrepancies`: what sales made offline raised for review, and how each was resolved. */
const DOWNTOWN = randomUUID();
const PILLS = randomUUID();
const SALE = randomUUID();

const raised = (
  discrepancyId: string,
  kind: 'late_sale_shortfall' | 'stale_price' = 'late_sale_shortfall',
): SpecEvent => ({
  type: 'StockDiscrepancyRaised',
  data: {
    discrepancyId,
    pharmacyId: DOWNTOWN,
    kind,
    saleId: SALE,
    offlineNumber: 'K7Q2-0003',
    soldAt: '2026-03-02T10:15:00.000Z',
    catalogueAsOf: kind === 'stale_price' ? '2026-02-27T08:00:00.000Z' : null,
    lines: [{ productId: PILLS, productName: 'Paracetamol', productNameAr: null, salesUnit: 'whole', quantity: 2 }],
  },
});
const resolved = (discrepancyId: string, note: string): SpecEvent => ({
  type: 'StockDiscrepancyResolved',
  data: { discrepancyId, pharmacyId: DOWNTOWN, note },
});

describe('the discrepancies projection', () => {
  const spec = projectionSpec(discrepanciesProjection);

  it('keeps a raised discrepancy open, with the sale, its lines and where in the log it was raised', () => {
    const id = randomUUID();
    return spec
      .given()
      .when(raised(id), raised(randomUUID(), 'stale_price'))
      .then('stockDiscrepancies', [
        {
          id,
          pharmacyId: DOWNTOWN,
          kind: 'late_sale_shortfall',
          saleId: SALE,
          offlineNumber: 'K7Q2-0003',
          soldAt: '2026-03-02T10:15:00.000Z',
          catalogueAsOf: null,
          lines: [
            { productId: PILLS, productName: 'Paracetamol', productNameAr: null, salesUnit: 'whole', quantity: 2 },
          ],
          resolvedAt: null,
          resolvedBy: null,
          resolutionNote: null,
          position: '1',
        },
        { kind: 'stale_price', catalogueAsOf: '2026-02-27T08:00:00.000Z', resolvedAt: null, position: '2' },
      ]);
  });

  it('resolves one with the note, who resolved it and when', () => {
    const id = randomUUID();
    const other = randomUUID();
    const reviewer = randomUUID();
    return spec
      .given(raised(id), raised(other))
      .when({
        ...resolved(id, 'Two packs found in the back room'),
        metadata: { userId: reviewer, occurredAt: '2026-03-03T09:00:00.000Z' },
      })
      .then('stockDiscrepancies', [
        {
          id,
          resolvedAt: '2026-03-03T09:00:00.000Z',
          resolvedBy: reviewer,
          resolutionNote: 'Two packs found in the back room',
        },
        { id: other, resolvedAt: null, resolvedBy: null, resolutionNote: null },
      ]);
  });

  it('rebuilds the same rows as the projector wrote', () => {
    const first = randomUUID();
    return spec
      .given(raised(first), raised(randomUUID(), 'stale_price'))
      .when(resolved(first, 'Counted again: all there'), raised(randomUUID()))
      .thenRebuildMatchesLive();
  });
});
