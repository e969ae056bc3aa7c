import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { projectionSpec, SPEC_USER, type SpecEvent } from '../testing/projection-spec';
import { countsProjection } from './counts.projection';

/** `stock_counts` and `stock_count_lines`: each count, what was expected, counted and posted per batch. */
const DOWNTOWN = randomUUID();
const CATEGORY = randomUUID();
const PILLS = randomUUID();
const lot1 = randomUUID();
const lot2 = randomUUID();

const started = (countId: string): SpecEvent => ({
  type: 'StockCountStarted',
  data: {
    countId,
    pharmacyId: DOWNTOWN,
    categoryId: CATEGORY,
    shelfLocation: 'Aisle 3',
    note: 'Month end',
    startedBy: SPEC_USER,
    startedAt: '2026-03-31T17:00:00.000Z',
    lines: [
      { batchId: lot1, productId: PILLS, expected: 10 },
      { batchId: lot2, productId: PILLS, expected: 4 },
    ],
  },
});
const counted = (
  countId: string,
  counts: Array<{ batchId: string; counted: number; reason?: 'miscount' | 'damaged' }>,
): SpecEvent => ({
  type: 'StockCounted',
  data: { countId, pharmacyId: DOWNTOWN, countedBy: SPEC_USER, counts: counts.map((c) => ({ reason: null, ...c })) },
});

describe('the counts projection', () => {
  const spec = projectionSpec(countsProjection);

  it('opens a count with a line per batch it covers and what each held when it started', async () => {
    const countId = randomUUID();
    const opened = spec.given().when(started(countId));
    await opened.then('stockCounts', [
      {
        id: countId,
        pharmacyId: DOWNTOWN,
        categoryId: CATEGORY,
        shelfLocation: 'Aisle 3',
        note: 'Month end',
        status: 'open',
        startedBy: SPEC_USER,
        startedAt: '2026-03-31T17:00:00.000Z',
        postedAt: null,
        updatedAt: '2026-03-31T17:00:00.000Z',
      },
    ]);
    await opened.then('stockCountLines', [
      { countId, batchId: lot1, productId: PILLS, expected: 10, counted: null, reason: null, change: null },
      { countId, batchId: lot2, productId: PILLS, expected: 4, counted: null, reason: null, change: null },
    ]);
  });

  it('records what was counted, a later entry for a batch replacing the earlier one', async () => {
    const countId = randomUUID();
    const counting = spec
      .given(started(countId))
      .when(
        counted(countId, [{ batchId: lot1, counted: 7, reason: 'damaged' }]),
        counted(countId, [{ batchId: lot1, counted: 9, reason: 'miscount' }]),
        {
          ...counted(countId, [{ batchId: lot2, counted: 4 }]),
          metadata: { occurredAt: '2026-03-31T18:30:00.000Z' },
        },
      );
    await counting.then('stockCountLines', [
      { batchId: lot1, expected: 10, counted: 9, reason: 'miscount', change: null },
      { batchId: lot2, expected: 4, counted: 4, reason: null, change: null },
    ]);
    await counting.then('stockCounts', [{ id: countId, status: 'open', updatedAt: '2026-03-31T18:30:00.000Z' }]);
  });

  it('posts a count: each batch with its change, the count closed by whom and when', async () => {
    const countId = randomUUID();
    const poster = randomUUID();
    const posted = spec
      .given(started(countId), counted(countId, [{ batchId: lot1, counted: 9, reason: 'damaged' }]))
      .when({
        type: 'StockCountPosted',
        data: {
          countId,
          pharmacyId: DOWNTOWN,
          postedBy: poster,
          postedAt: '2026-03-31T19:00:00.000Z',
          postedOn: '2026-03-31',
          adjustments: [{ batchId: lot1, productId: PILLS, expected: 10, counted: 9, change: -1, reason: 'damaged' }],
        },
      });
    await posted.then('stockCounts', [
      {
        id: countId,
        status: 'posted',
        postedBy: poster,
        postedAt: '2026-03-31T19:00:00.000Z',
        updatedAt: '2026-03-31T19:00:00.000Z',
      },
    ]);
    await posted.then('stockCountLines', [
      { batchId: lot1, counted: 9, change: -1 },
      // Not counted: not adjusted.
      { batchId: lot2, counted: null, change: null },
    ]);
  });

  it('cancels a count with its reason', () => {
    const countId = randomUUID();
    return spec
      .given(started(countId))
      .when({
        type: 'StockCountCancelled',
        data: { countId, pharmacyId: DOWNTOWN, cancelledBy: SPEC_USER, reason: 'Started by mistake' },
        metadata: { occurredAt: '2026-03-31T17:05:00.000Z' },
      })
      .then('stockCounts', [
        {
          id: countId,
          status: 'cancelled',
          cancelledBy: SPEC_USER,
          cancelReason: 'Started by mistake',
          updatedAt: '2026-03-31T17:05:00.000Z',
        },
      ]);
  });

  it('rebuilds the same rows as the projector wrote', () => {
    const posted = randomUUID();
    const cancelled = randomUUID();
    return spec
      .given(started(posted), started(cancelled), counted(posted, [{ batchId: lot1, counted: 12 }]))
      .when(
        counted(posted, [{ batchId: lot2, counted: 3, reason: 'damaged' }]),
        {
          type: 'StockCountPosted',
          data: {
            countId: posted,
            pharmacyId: DOWNTOWN,
            postedBy: null,
            postedAt: '2026-03-31T19:00:00.000Z',
            postedOn: '2026-03-31',
            adjustments: [
              { batchId: lot1, productId: PILLS, expected: 10, counted: 12, change: 2, reason: null },
              { batchId: lot2, productId: PILLS, expected: 4, counted: 3, change: -1, reason: 'damaged' },
            ],
          },
        },
        {
          type: 'StockCountCancelled',
          data: { countId: cancelled, pharmacyId: DOWNTOWN, cancelledBy: null, reason: null },
        },
      )
      .thenRebuildMatchesLive();
  });
});
