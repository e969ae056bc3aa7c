import { foldForSearch } from '@pharmacy/contracts';

/**
 * A LIKE pattern for "contains `text`", for the lower-cased search columns:
 * the text lower-cased, its wildcards (`%`, `_`) and escapes matched literally.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A LIKE pattern for "contains `text`" in the products' `search_text`, which the catalogue
 * projection stores folded (`foldForSearch`: Arabic spellings, digits, case), so the term is
 * folded the same way; and for a column passed through `fold_for_search(…)` in SQL.
 */
export function searchTextPattern(text: string): string {
  return containsPattern(foldForSearch(text));
}
