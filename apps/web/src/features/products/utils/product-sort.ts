import type { ProductSort } from '@pharmacy/contracts';

/**
 * The server's order for a choice made on the table: ordering by name means
 * by the name the reader sees (`nameAr`, the Arabic name or else the English
 * one, for an Arabic reader), so a choice keeps its meaning when the language
 * changes. Other orders pass through.
 */
export function productSortFor(choice: string, language: 'en' | 'ar'): ProductSort {
  const descending = choice.startsWith('-');
  const field = choice.replace(/^-/, '');
  const named = field === 'name' || field === 'nameAr' ? (language === 'ar' ? 'nameAr' : 'name') : field;
  return `${descending ? '-' : ''}${named}` as ProductSort;
}
