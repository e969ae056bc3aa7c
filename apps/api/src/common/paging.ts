import type { Response } from 'express';
import type { NamedListQuery } from '@pharmacy/contracts';

/** The header a paged list call answers with: how many rows match in all, across every page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Answers one page of a list: the rows as the body (the specification's array shape), the total in `X-Total-Count`. */
export function sendPage<T>(response: Response, rows: T[], total: number): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(total));
  return rows;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * One page of a short list read whole: categories, suppliers and pharmacies
 * number tens to hundreds in a chain, so they are filtered and ordered here
 * rather than by a second query. Keeps the rows any of whose `text` contains
 * `q` (ignoring case), orders them by `sort` (then id, so pages never overlap),
 * and answers `limit` (default 50) of them from `offset`.
 */
export function pageOfNamedList<T extends { id: string; name: string; createdAt: string }>(
  rows: readonly T[],
  query: NamedListQuery,
  text: (row: T) => ReadonlyArray<string | null>,
): { rows: T[]; total: number } {
  const needle = query.q?.toLocaleLowerCase() ?? '';
  const matching = needle
    ? rows.filter((row) => text(row).some((value) => value?.toLocaleLowerCase().includes(needle)))
    : [...rows];
  const sort = query.sort ?? 'name';
  const descending = sort.startsWith('-') ? -1 : 1;
  const compare = sort.endsWith('name')
    ? (a: T, b: T) => byName.compare(a.name, b.name)
    : (a: T, b: T) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0);
  matching.sort((a, b) => descending * compare(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const offset = query.offset ?? 0;
  return { rows: matching.slice(offset, offset + (query.limit ?? 50)), total: matching.length };
}
