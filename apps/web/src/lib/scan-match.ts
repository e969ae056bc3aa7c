import type { Product } from '@pharmacy/contracts';
import { readPackScan } from './gs1';

/** What a code must be matched by: a product of the server's search, or of the till's offline copy. */
export type ScannableProduct = Pick<Product, 'sku' | 'barcode'>;

export type ScanMatch<P extends ScannableProduct = Product> =
  { kind: 'found'; product: P; batch: string | null; expiryDate: string | null } | { kind: 'notFound'; code: string };

/** The same GTIN whatever length the catalogue stored it in (EAN-13 and its 14-digit form). */
export function sameGtin(barcode: string | null, gtin: string): boolean {
  return barcode !== null && /^\d+$/.test(barcode) && barcode.padStart(14, '0') === gtin.padStart(14, '0');
}

/**
 * The product an entry names exactly, among the server's search results for
 * it (or among the till's offline copy of the catalogue): the GTIN of a scanned
 * barcode or GS1 code (with the batch and expiry the code carries), else a
 * barcode or SKU typed or scanned as is (any letter case). Anything else is not
 * a match: a name is searched, not scanned.
 */
export function matchScan<P extends ScannableProduct = Product>(
  input: string,
  results: readonly P[],
  now: Date = new Date(),
): ScanMatch<P> {
  const scan = readPackScan(input, now);
  // Text as the parser read it: without the symbology identifier a scanner or the camera put in front.
  const text = scan.kind === 'text' ? scan.text : input.trim();
  if (scan.kind === 'gs1' || scan.kind === 'gtin') {
    const gtin = scan.gtin;
    const product = gtin === null ? undefined : results.find((candidate) => sameGtin(candidate.barcode, gtin));
    if (product) {
      return scan.kind === 'gs1'
        ? { kind: 'found', product, batch: scan.batch, expiryDate: scan.expiryDate }
        : { kind: 'found', product, batch: null, expiryDate: null };
    }
    if (scan.kind === 'gs1') return { kind: 'notFound', code: gtin ?? text };
  }
  const code = text.toLowerCase();
  const product = results.find(
    (candidate) => candidate.sku.toLowerCase() === code || (candidate.barcode ?? '').toLowerCase() === code,
  );
  return product ? { kind: 'found', product, batch: null, expiryDate: null } : { kind: 'notFound', code: text };
}
