import { describe, expect, it } from '@jest/globals';
import { pageButtons, paginate, PAGE_SIZE } from './pagination';

const rows = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('paginate', () => {
  it('shows 50 rows a page and says which ones', () => {
    const first = paginate(rows(120), 1);
    expect(PAGE_SIZE).toBe(50);
    expect(first).toMatchObject({ page: 1, pageCount: 3, from: 1, to: 50, total: 120 });
    expect(first.rows).toHaveLength(50);
    expect(paginate(rows(120), 3)).toMatchObject({ from: 101, to: 120, rows: rows(120).slice(100) });
  });

  it('keeps the page within the pages that exist (a filter may shrink the list)', () => {
    expect(paginate(rows(120), 9)).toMatchObject({ page: 3, from: 101 });
    expect(paginate(rows(120), 0)).toMatchObject({ page: 1, from: 1 });
  });

  it('has one empty page for no rows', () => {
    expect(paginate([], 1)).toEqual({ page: 1, pageCount: 1, rows: [], from: 0, to: 0, total: 0 });
    expect(paginate(rows(50), 1).pageCount).toBe(1);
    expect(paginate(rows(51), 2)).toMatchObject({ pageCount: 2, from: 51, to: 51 });
  });
});

describe('pageButtons', () => {
  const labels = (count: number) => pageButtons(count).map((button) => (button.kind === 'page' ? button.page : '…'));

  it('numbers every page up to five', () => {
    expect(labels(1)).toEqual([1]);
    expect(labels(5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds the last page after an ellipsis beyond five', () => {
    expect(labels(6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(labels(7)).toEqual([1, 2, 3, 4, 5, '…', 7]);
    expect(labels(40)).toEqual([1, 2, 3, 4, 5, '…', 40]);
  });
});
