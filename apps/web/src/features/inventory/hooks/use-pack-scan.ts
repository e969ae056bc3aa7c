import type { Product } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productSearchQueryOptions } from '../../../lib/catalogue';
import { readPackScan } from '../../../lib/gs1';
import { matchScan } from '../../../lib/scan-match';

export type PackScanResult =
  | { kind: 'notBarcode' }
  | { kind: 'notFound'; code: string }
  | { kind: 'found'; product: Product; batch: string | null; expiryDate: string | null };

/**
 * A scanned pack → its product (found by the server's search, which also
 * refuses a malformed GS1 code with a message for the user) plus the batch and
 * expiry the code carries (read here; see lib/gs1.ts for why).
 */
export function usePackScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string): Promise<PackScanResult> => {
      if (readPackScan(text).kind === 'text') return { kind: 'notBarcode' };
      return matchScan(text, await queryClient.fetchQuery(productSearchQueryOptions(text.trim())));
    },
  });
}
