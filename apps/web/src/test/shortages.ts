import type { ShortageItem } from '@pharmacy/contracts';
import { fakeResponse } from './fake-response';
import type { FakeHandler } from './fake-server';
import { aShortage, ZINC_ID } from './transfers';
import { abdoun } from './users';

// Shortages and their reads as the server answers them, for the shortages' spec and the
// journeys that start there (src/app/journeys.spec.tsx).

export const shortages: ShortageItem[] = [
  aShortage({ currentStock: 0, deficit: 60, minStockLevel: 60, suggestedSourceStock: 25, status: 'partial' }),
  aShortage({
    productId: ZINC_ID,
    productName: 'Zinc 10 mg',
    productNameAr: null,
    productSku: 'ZN-10',
    currentStock: 5,
    deficit: 25,
    minStockLevel: 30,
  }),
  aShortage({
    productId: '7a1b2c3d-0000-4000-8000-0000000000a3',
    productName: 'Vitamin C',
    productNameAr: null,
    productSku: 'VC-1',
    pharmacyId: abdoun.id,
    pharmacyName: abdoun.name,
    pharmacyNameAr: null,
    currentStock: 8,
    deficit: 2,
    suggestedSource: null,
    suggestedSourceId: null,
    suggestedSourceStock: 0,
    canFulfill: false,
    otherLocationsCount: 0,
    status: 'no_source',
  }),
];

/**
 * GET /api/inventory/shortages as the server pages it (see
 * test/e2e/stock-alert-pages.api.spec.ts), in miniature: `pharmacyId`, `q` in
 * the product or pharmacy, `sort`, `limit` and `offset`, the total in
 * X-Total-Count; and the summary of the same shortages.
 */
export function shortageServer(items: readonly ShortageItem[]): Record<string, FakeHandler> {
  const matching = (url: URL) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const pharmacyId = url.searchParams.get('pharmacyId');
    return items.filter(
      (item) =>
        (!pharmacyId || item.pharmacyId === pharmacyId) &&
        [item.productName, item.productNameAr ?? '', item.productSku, item.pharmacyName].some((text) =>
          text.toLowerCase().includes(q),
        ),
    );
  };
  return {
    'GET /api/inventory/shortages?*': (_, url) => {
      const sort = url!.searchParams.get('sort') ?? '-deficit';
      const key = (item: ShortageItem) =>
        ({ deficit: item.deficit, name: item.productName, pharmacy: item.pharmacyName, stock: item.currentStock })[
          sort.replace(/^-/, '')
        ] ?? item.deficit;
      const sorted = [...matching(url!)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      if (sort.startsWith('-')) sorted.reverse();
      const offset = Number(url!.searchParams.get('offset'));
      return fakeResponse(200, sorted.slice(offset, offset + Number(url!.searchParams.get('limit'))), '', {
        'X-Total-Count': String(sorted.length),
      });
    },
    'GET /api/inventory/shortages/summary?*': (_, url) => {
      const all = matching(url!);
      return fakeResponse(200, {
        total: all.length,
        critical: all.filter((item) => item.currentStock <= 0).length,
        canFulfill: all.filter((item) => item.status === 'can_fulfill').length,
        deficit: all.reduce((sum, item) => sum + item.deficit, 0),
      });
    },
  };
}
