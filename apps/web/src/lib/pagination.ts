/** Specification 001 §9: the batch list shows 50 rows a page. */
export const PAGE_SIZE = 50;
/** At most this many numbered buttons, then the last page after an ellipsis. */
export const MAX_PAGE_BUTTONS = 5;

export interface PageWindow<T> {
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  rows: T[];
  /** 1-based positions of the first and last row shown (0 and 0 when there are none). */
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, pageSize: number = PAGE_SIZE): PageWindow<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const rows = items.slice(start, start + pageSize);
  return { page: current, pageCount, rows, from: total === 0 ? 0 : start + 1, to: start + rows.length, total };
}

export type PageButton = { kind: 'page'; page: number } | { kind: 'ellipsis' };

/**
 * Specification 001 §2: buttons for pages 1 to 5, and the last page after an
 * ellipsis when there are more than 5 (with exactly 6 nothing is skipped, so no
 * ellipsis). A current page past 5 is reached with Previous/Next and named in
 * the "Showing X to Y" line.
 */
export function pageButtons(pageCount: number): PageButton[] {
  const numbered: PageButton[] = Array.from({ length: Math.min(pageCount, MAX_PAGE_BUTTONS) }, (_, index) => ({
    kind: 'page',
    page: index + 1,
  }));
  if (pageCount <= MAX_PAGE_BUTTONS) return numbered;
  const gap: PageButton[] = pageCount > MAX_PAGE_BUTTONS + 1 ? [{ kind: 'ellipsis' }] : [];
  return [...numbered, ...gap, { kind: 'page', page: pageCount }];
}

/** A list shown whole, on one page (a short list the server sends at once). */
export function wholeList<T>(items: readonly T[]): PageWindow<T> {
  return paginate(items, 1, Math.max(1, items.length));
}
