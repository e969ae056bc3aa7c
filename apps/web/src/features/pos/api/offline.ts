import { offlineCatalogueSchema, saleDetailSchema, type OfflineCatalogue, type SaleDetail } from '@pharmacy/contracts';
import { apiRequest, fetchJsonAt, withQuery } from '../../../lib/api';
import type { QueuedSale } from '../offline/offline-sale';

/** GET /api/sales/offline-catalogue?pharmacyId=: what the till needs to keep selling without a network. */
export async function fetchOfflineCatalogue(pharmacyId: string, signal?: AbortSignal): Promise<OfflineCatalogue> {
  return offlineCatalogueSchema.parse(
    await fetchJsonAt(withQuery('/api/sales/offline-catalogue', { pharmacyId }), { signal }),
  );
}

/**
 * POST /api/sales/offline with the sale's stored key and body, the same on
 * every attempt: a repeat is answered with the sale recorded the first time.
 * The recorded sale, or null when its answer does not read as one (it was
 * recorded all the same: a 2xx answer says so).
 */
export async function postOfflineSale(sale: Pick<QueuedSale, 'body' | 'idempotencyKey'>): Promise<SaleDetail | null> {
  const response = await apiRequest('POST', '/api/sales/offline', sale.body, { idempotencyKey: sale.idempotencyKey });
  const parsed = saleDetailSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
