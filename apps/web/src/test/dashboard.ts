import type {
  ExpiringBatch,
  FefoItem,
  InventoryBatch,
  LowStockItem,
  Product,
  Sale,
  StockDiscrepancy,
} from '@pharmacy/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { withQuery } from '../lib/api';
import { addDays, todayIso } from '../lib/dates';
import { aBatch, aPharmacy, aProduct } from './catalogue';
import { aDiscrepancy } from './discrepancies';
import { fakeResponse } from './fake-response';
import type { FakeHandler } from './fake-server';
import { abdoun, downtown } from './users';

// The dashboard's data and its reads as the server answers them, for the dashboard's
// spec and the journeys that start on the dashboard (src/app/journeys.spec.tsx).

export const id = (n: number) => `7a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
export const today = todayIso();

export const products: Product[] = [
  aProduct({ id: id(1), name: 'Paracetamol 500 mg', brand: 'Panadol', sku: 'PAR-500', minStockLevel: 20 }),
  aProduct({ id: id(2), name: 'Zinc 10 mg', nameAr: 'زنك ١٠ ملغ', brand: null, sku: 'ZN-10', minStockLevel: 5 }),
  aProduct({ id: id(3), name: 'Vitamin C', nameAr: null, brand: 'Redoxon', sku: 'VIT-C', minStockLevel: 10 }),
  aProduct({ id: id(4), name: 'Old Syrup', nameAr: null, sku: 'SYR-1', isActive: false }),
];

export const batches: InventoryBatch[] = [
  aBatch({ id: id(101), productId: id(1), quantity: 60 }),
  aBatch({ id: id(102), productId: id(1), quantity: 40, pharmacyId: abdoun.id }),
  aBatch({ id: id(103), productId: id(2), quantity: 5 }),
  // Inactive records do not count.
  aBatch({ id: id(104), productId: id(3), quantity: 500, isActive: false }),
];

export const lowStock: LowStockItem[] = [
  {
    productId: id(2),
    productName: 'Zinc 10 mg',
    productNameAr: null,
    productSku: 'ZN-10',
    currentStock: 5,
    minStockLevel: 5,
  },
  {
    productId: id(3),
    productName: 'Vitamin C',
    productNameAr: null,
    productSku: 'VIT-C',
    currentStock: 0,
    minStockLevel: 10,
  },
];

export const expiring = (count: number): ExpiringBatch[] =>
  Array.from({ length: count }, (_, index) => ({
    batchId: id(200 + index),
    productId: id(1),
    productName: 'Paracetamol 500 mg',
    productNameAr: null,
    productSku: 'PAR-500',
    batchNumber: `EXP-${index}`,
    quantity: 4,
    expiryDate: addDays(today, 10),
    daysToExpiry: 10,
    pharmacyId: downtown.id,
    discountPercentage: null,
    expiredOn: null,
    reservedQuantity: 0,
    looseUnits: 0,
    pharmacyName: downtown.name,
  }));

export const fefoItem = (n: number, daysToExpiry: number, overrides: Partial<FefoItem> = {}): FefoItem => ({
  batchId: id(300 + n),
  productId: id(1),
  productName: `Batch product ${n}`,
  productNameAr: `منتج الدفعة ${n}`,
  batchNumber: `FEFO-${n}`,
  expiryDate: addDays(today, daysToExpiry),
  quantity: 12,
  daysToExpiry,
  pharmacyId: downtown.id,
  ...overrides,
});
export const fefo: FefoItem[] = [
  fefoItem(1, 3, { productName: 'Amoxicillin 250 mg', expiryDate: '2027-03-31' }),
  fefoItem(2, 10),
  fefoItem(3, 20),
  fefoItem(4, 40),
  fefoItem(5, 60),
  fefoItem(6, 80),
];

export const aSale = (n: number, overrides: Partial<Sale> = {}): Sale => ({
  id: `0f6a7c2e-2222-4a4a-8b8b-0000000${String(n).padStart(5, '0')}`,
  pharmacyId: downtown.id,
  pharmacyName: downtown.name,
  userId: null,
  userName: null,
  customerName: null,
  customerPhone: null,
  notes: null,
  totalAmount: '14.97',
  cashReceived: '20.00',
  change: '5.03',
  refundedAmount: '0.00',
  itemCount: 3,
  createdAt: minutesAgo(0),
  offlineNumber: null,
  ...overrides,
});
export const sales: Sale[] = [
  aSale(1, { id: '0f6a7c2e-2222-4a4a-8b8b-0000000ab12c' }),
  aSale(2, { customerName: 'Rana Saleh', totalAmount: '3.50', createdAt: minutesAgo(5) }),
  aSale(3, { createdAt: minutesAgo(3 * 60) }),
  aSale(4, { createdAt: minutesAgo(2 * 1440) }),
];

export interface Data {
  metrics: { totalSales: string; totalOrders: number };
  products: Product[];
  inventory: InventoryBatch[];
  lowStock: LowStockItem[];
  expiring: ExpiringBatch[];
  fefo: FefoItem[];
  sales: Sale[];
  /** The open stock discrepancies from offline sales. */
  discrepancies: StockDiscrepancy[];
}

export const everywhere: Data = {
  metrics: { totalSales: '1234.5', totalOrders: 42 },
  products,
  inventory: batches,
  lowStock,
  expiring: expiring(3),
  fefo,
  sales,
  discrepancies: [],
};

export const openDiscrepancies = (count: number): StockDiscrepancy[] =>
  Array.from({ length: count }, (_, index) =>
    aDiscrepancy({ id: id(400 + index), offlineNumber: `K7Q2-${String(index + 1).padStart(4, '0')}` }),
  );

/**
 * The products as the server lists them for a scope: by name, each with its
 * units on sale in the active batches there (the server's `totalStock`).
 */
export function listedProducts(data: Data, pharmacyId: string | null, sort = 'name'): Product[] {
  const key = (p: Product) => (sort === 'nameAr' ? (p.nameAr ?? p.name) : p.name);
  return [...data.products]
    .sort((a, b) => (key(a) < key(b) ? -1 : 1))
    .map((product) => ({
      ...product,
      totalStock: data.inventory
        .filter((b) => b.productId === product.id && b.isActive && (!pharmacyId || b.pharmacyId === pharmacyId))
        .reduce((sum, b) => sum + b.quantity - b.reservedQuantity, 0),
    }));
}

/** GET /api/products with `limit`, `offset`, `q`, `active` and `pharmacyId`: one page, the total in X-Total-Count. */
export function productPages(data: Data): FakeHandler {
  return (_, url) => {
    const query = url!.searchParams;
    const text = (query.get('q') ?? '').toLowerCase();
    const activeOnly = query.get('active') === 'true';
    const matching = listedProducts(data, query.get('pharmacyId'), query.get('sort') ?? 'name').filter(
      (p) =>
        (!activeOnly || p.isActive) &&
        [p.name, p.nameAr, p.sku, p.brand].some((name) => (name ?? '').toLowerCase().includes(text)),
    );
    const offset = Number(query.get('offset') ?? 0);
    const rows = matching.slice(offset, offset + Number(query.get('limit') ?? 50));
    return fakeResponse(200, rows, '', { 'X-Total-Count': String(matching.length) });
  };
}

/** The dashboard's reads for one scope (a pharmacy's id, or null for all), as the fake server's routes. */
export function dashboardRoutes(pharmacyId: string | null, data: Data): Record<string, FakeHandler> {
  const at = (path: string, params: Record<string, string | number> = {}) =>
    `GET ${withQuery(path, { ...params, pharmacyId })}`;
  return {
    [at('/api/sales/metrics/daily')]: () => fakeResponse(200, data.metrics),
    [at('/api/products')]: () => fakeResponse(200, listedProducts(data, pharmacyId)),
    'GET /api/products?*': productPages(data),
    // The dashboard asks for counts: one low-stock row with the total in X-Total-Count, and the expiry summary.
    [`GET ${withQuery('/api/inventory/low-stock', { pharmacyId, limit: 1, offset: 0 })}`]: () =>
      fakeResponse(200, data.lowStock.slice(0, 1), '', { 'X-Total-Count': String(data.lowStock.length) }),
    [at('/api/inventory/expiring/summary', { days: 30 })]: () =>
      fakeResponse(200, {
        expired: data.expiring.filter((b) => b.daysToExpiry <= 0).length,
        expiringSoon: data.expiring.filter((b) => b.daysToExpiry > 0).length,
        total: data.expiring.length,
        expiredUnits: 0,
        expiringSoonUnits: 0,
        totalUnits: 0,
      }),
    [at('/api/inventory/fefo')]: () => fakeResponse(200, data.fefo),
    [at('/api/sales', { limit: 5 })]: () => fakeResponse(200, data.sales),
    [`GET ${withQuery('/api/stock-discrepancies', { status: 'open', pharmacyId, limit: 100 })}`]: () =>
      fakeResponse(200, data.discrepancies.slice(0, 100)),
  };
}

export const pharmaciesRoute = {
  'GET /api/pharmacies': () =>
    fakeResponse(200, [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })]),
};

export async function chooseLocation(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Location' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}
