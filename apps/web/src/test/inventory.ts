import type { InventoryBatch, Pharmacy, Product, StockOverviewRow } from '@pharmacy/contracts';
import { trackingStatus } from '../features/inventory/utils/batch-status';
import { serverStatus } from '../features/inventory/utils/expiry-tracking';
import { addDays, todayIso } from '../lib/dates';
import { aBatch, aPharmacy, aProduct } from './catalogue';
import { fakeResponse } from './fake-response';
import type { FakeHandler } from './fake-server';
import { abdoun } from './users';

// Batches and the inventory reads as the server answers them, for the inventory's spec and the
// journeys that start there (src/app/journeys.spec.tsx).

const today = todayIso();
const inDays = (days: number) => addDays(today, days);

export const batchId = (n: number) => `7a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const batches: InventoryBatch[] = [
  aBatch({ id: batchId(1), batchNumber: 'GOOD-1', quantity: 100, reservedQuantity: 6, expiryDate: inDays(200) }),
  aBatch({ id: batchId(2), batchNumber: 'SOON-1', quantity: 10, expiryDate: inDays(20) }),
  aBatch({ id: batchId(3), batchNumber: 'OLD-1', quantity: 7, expiryDate: inDays(-2) }),
  aBatch({
    id: batchId(4),
    batchNumber: 'CRIT-1',
    quantity: 4,
    expiryDate: inDays(3),
    pharmacyId: abdoun.id,
    pharmacyName: abdoun.name,
    pharmacyNameAr: null,
  }),
  aBatch({ id: batchId(5), batchNumber: 'GONE-1', quantity: 0, expiryDate: inDays(-10) }),
  aBatch({ id: batchId(6), batchNumber: 'MID-1', quantity: 12, expiryDate: inDays(45), salesUnit: 'pill' }),
];
export const products = [aProduct(), aProduct({ id: 'other', name: 'Zinc', nameAr: null, sku: 'ZN-1', barcode: null })];
export const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];

/** One page of `rows` as the server answers it: `limit` and `offset` of the URL, the total in X-Total-Count. */
export function pageOf<T>(rows: readonly T[], url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  return fakeResponse(200, rows.slice(offset, offset + limit), '', { 'X-Total-Count': String(rows.length) });
}

/**
 * The inventory calls answered the way the server answers them (see
 * test/e2e/inventory-pages.api.spec.ts), in miniature, over `inventory`: the
 * screens must show the server's pages and totals, not work them out themselves.
 */
export function inventoryServer(inventory: readonly InventoryBatch[]): Record<string, FakeHandler> {
  const matching = (url: URL) => {
    const text = (url.searchParams.get('q') ?? '').toLowerCase();
    const withLocation = url.searchParams.get('matchLocation') === 'true';
    const statuses = url.searchParams.get('status')?.split(',') ?? [];
    const pharmacyId = url.searchParams.get('pharmacyId');
    return inventory.filter(
      (b) =>
        (text === '' ||
          [b.productName, b.productNameAr, b.batchNumber, ...(withLocation ? [b.pharmacyName, b.pharmacyNameAr] : [])]
            .map((name) => (name ?? '').toLowerCase())
            .some((name) => name.includes(text))) &&
        (statuses.length === 0 || statuses.includes(serverStatus[trackingStatus(b.expiryDate, today)])) &&
        (url.searchParams.get('inStock') !== 'true' || b.quantity > 0) &&
        (!pharmacyId || b.pharmacyId === pharmacyId),
    );
  };
  const orders: Record<string, (b: InventoryBatch) => string | number> = {
    expiry: (b) => b.expiryDate,
    batch: (b) => b.batchNumber,
    quantity: (b) => b.quantity,
  };
  return {
    'GET /api/inventory?*': (_, url) => {
      const sort = url!.searchParams.get('sort') ?? 'expiry';
      const key = orders[sort.replace(/^-/, '')]!;
      const sign = sort.startsWith('-') ? -1 : 1;
      const sorted = [...matching(url!)].sort(
        (a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1),
      );
      return pageOf(sorted, url!);
    },
    'GET /api/inventory/expiry-summary?*': (_, url) => {
      const held = matching(url!)
        .filter((b) => b.quantity > 0)
        .sort((a, b) => a.expiryDate.localeCompare(b.expiryDate));
      const units = { expired: 0, critical: 0, soon: 0, expiring: 0, good: 0 };
      for (const b of held) units[serverStatus[trackingStatus(b.expiryDate, today)]] += b.quantity;
      const urgent = held.filter((b) => ['expired', 'critical'].includes(trackingStatus(b.expiryDate, today)));
      return fakeResponse(200, { units, urgent: urgent.slice(0, 5) });
    },
    'GET /api/inventory/overview?*': (_, url) => {
      const text = (url!.searchParams.get('q') ?? '').toLowerCase();
      const rows: StockOverviewRow[] = products
        .filter((p) => [p.name, p.nameAr, p.sku].some((name) => (name ?? '').toLowerCase().includes(text)))
        .map((p) => {
          const held = inventory.filter((b) => b.productId === p.id && b.quantity > 0);
          const places = [...new Map(held.map((b) => [b.pharmacyId, b])).values()];
          return {
            productId: p.id,
            name: p.name,
            nameAr: p.nameAr,
            sku: p.sku,
            minStockLevel: p.minStockLevel,
            isActive: p.isActive,
            onHand: held.reduce((sum, b) => sum + b.quantity, 0),
            batchCount: held.length,
            nearestExpiry: held.map((b) => b.expiryDate).sort()[0] ?? null,
            locations: places.map((b) => ({ id: b.pharmacyId, name: b.pharmacyName, nameAr: b.pharmacyNameAr })),
          };
        });
      return pageOf(rows, url!);
    },
    'GET /api/products?*': (_, url) => pageOf(products, url!),
    'GET /api/products/search?*': (_, url) => {
      const text = (url!.searchParams.get('q') ?? '').toLowerCase();
      return fakeResponse(
        200,
        products.filter((p: Product) =>
          [p.name, p.nameAr, p.sku, p.barcode].some((name) => (name ?? '').toLowerCase().includes(text)),
        ),
      );
    },
    'GET /api/pharmacies': () => fakeResponse(200, pharmacies satisfies Pharmacy[]),
  };
}
