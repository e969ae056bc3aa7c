import type { Response } from 'express';

/** The header a paged list call answers with: how many rows match in all, across every page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Answers one page of a list: the rows as the body (the specification's array shape), the total in `X-Total-Count`. */
export function sendPage<T>(response: Response, rows: T[], total: number): T[] {
  response.setHeader(TOTAL_COUNT_HEADER, String(total));
  return rows;
}
