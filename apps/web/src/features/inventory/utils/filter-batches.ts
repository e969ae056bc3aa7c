import type { InventoryBatch } from '@pharmacy/contracts';

const normalise = (text: string | null | undefined) => (text ?? '').toLocaleLowerCase();

/**
 * Specification 001 §5: Batch Management finds a product name (either language)
 * or a batch number, ignoring case; Expiry Tracking also the location's name.
 */
export function filterBatches(
  batches: readonly InventoryBatch[],
  query: string,
  { includeLocation = false }: { includeLocation?: boolean } = {},
): InventoryBatch[] {
  const needle = normalise(query.trim());
  if (needle === '') return [...batches];
  return batches.filter((batch) =>
    [
      batch.productName,
      batch.productNameAr,
      batch.batchNumber,
      ...(includeLocation ? [batch.pharmacyName, batch.pharmacyNameAr] : []),
    ].some((text) => normalise(text).includes(needle)),
  );
}
