import type { Product } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSearchQueryOptions } from '../../../lib/catalogue';
import { readPackScan, type PackScan } from '../../../lib/gs1';

export type PackScanResult =
  | { kind: 'notBarcode' }
  | { kind: 'notFound'; code: string }
  | { kind: 'found'; product: Product; batch: string | null; expiryDate: string | null };

/** The same GTIN whatever length the catalogue stored it in (EAN-13 and its 14-digit form). */
function sameGtin(barcode: string | null, gtin: string): boolean {
  return barcode !== null && /^\d+$/.test(barcode) && barcode.padStart(14, '0') === gtin.padStart(14, '0');
}

/**
 * A scanned pack → its product (found by the server's search, which also
 * refuses a malformed GS1 code with a message for the user) plus the batch and
 * expiry the code carries (read here; see lib/gs1.ts for why).
 */
export function usePackScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<PackScanResult> => {
      const scan: PackScan = readPackScan(text);
      if (scan.kind === 'text') return { kind: 'notBarcode' };
      const results = await queryClient.fetchQuery(productSearchQueryOptions(text.trim()));
      const gtin = scan.gtin;
      const product = gtin === null ? undefined : results.find((candidate) => sameGtin(candidate.barcode, gtin));
      if (!product) return { kind: 'notFound', code: gtin ?? text.trim() };
      return scan.kind === 'gs1'
        ? { kind: 'found', product, batch: scan.batch, expiryDate: scan.expiryDate }
        : { kind: 'found', product, batch: null, expiryDate: null };
    },
  });
}
