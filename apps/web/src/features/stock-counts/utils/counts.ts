import type { CountLine } from './count-sheet';

/** A count's number as people read it: '#' and the last 8 characters of its id, upper-case. */
export function countNumber(id: string): string {
  return `#${id.slice(-8).toUpperCase()}`;
}

/** Lines whose product (either language), SKU, barcode or batch number contains the text, ignoring case. */
export function filterLines<T extends { line: CountLine }>(entries: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...entries];
  return entries.filter(({ line }) =>
    [line.productName, line.productNameAr ?? '', line.productSku, line.productBarcode ?? '', line.batchNumber].some(
      (text) => text.toLocaleLowerCase().includes(needle),
    ),
  );
}
