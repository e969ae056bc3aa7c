import type { Product } from '@pharmacy/contracts';
import { localizedName } from '../../../lib/catalogue';

/**
 * The search box's words: name (either language), SKU, barcode or generic name,
 * ignoring case; the list in name order of the reader's language.
 */
export function filterProducts(products: readonly Product[], query: string, language: 'en' | 'ar'): Product[] {
  const needle = query.trim().toLocaleLowerCase();
  const matching = needle
    ? products.filter((product) =>
        [product.name, product.nameAr, product.sku, product.barcode, product.genericName, product.genericNameAr].some(
          (text) => (text ?? '').toLocaleLowerCase().includes(needle),
        ),
      )
    : [...products];
  return matching.sort((a, b) =>
    localizedName(a.name, a.nameAr, language).localeCompare(localizedName(b.name, b.nameAr, language), language),
  );
}
