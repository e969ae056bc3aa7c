import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { ShortageItem, ShortageSort } from '@pharmacy/contracts';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { ShortageQueries, type ShortageFilter } from './shortage.queries';

/**
 * The shortages against a reference computed here, pair by pair, from the
 * same seeded rows: the cards without a search (counted from the running
 * totals) and with one, and pages in every order (read from the grid), for
 * every pharmacy, some, and one that is closed.
 */
const TODAY = '2026-06-15';

interface Pharmacy {
  id: string;
  name: string;
  active: boolean;
}
interface Product {
  id: string;
  name: string;
  min: number;
  active: boolean;
}
interface Batch {
  pharmacyId: string;
  productId: string;
  quantity: number;
  reserved: number;
  expiry: string;
  active: boolean;
}

function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

const random = seeded(42);
// Names sort the same way in JavaScript and in PostgreSQL's C collation: plain ASCII, fixed width.
const pharmacies: Pharmacy[] = Array.from({ length: 7 }, (_, i) => ({
  id: randomUUID(),
  name: `Pharmacy ${String(i % 5).padStart(2, '0')}`,
  active: i !== 3,
}));
const products: Product[] = Array.from({ length: 60 }, (_, i) => ({
  id: randomUUID(),
  name: `Product ${String(random.int(40)).padStart(3, '0')}`,
  min: [0, 1, 2, 5, 5, 10, 10, 20, 30][random.int(9)]!,
  active: i % 11 !== 5,
}));
const days = ['2026-06-01', '2026-06-14', TODAY, '2026-06-16', '2027-01-01'];
const randomBatches: Batch[] = Array.from({ length: 500 }, () => {
  const quantity = random.int(25);
  return {
    pharmacyId: pharmacies[random.int(pharmacies.length)]!.id,
    productId: products[random.int(products.length)]!.id,
    quantity,
    reserved: random.next() < 0.2 ? random.int(quantity + 3) : 0,
    expiry: days[random.int(days.length)]!,
    active: random.next() < 0.95,
  };
});

// The products with the largest minimums well stocked at all but one pharmacy each: pairs above their
// minimum, sources with packs to spare, and shortages that a source can or cannot fill.
const batches: Batch[] = [
  ...randomBatches,
  ...products
    .filter((p) => p.min >= 20)
    .flatMap((product, i) =>
      pharmacies
        .filter((_, j) => j !== i % pharmacies.length)
        .map((pharmacy) => ({
          pharmacyId: pharmacy.id,
          productId: product.id,
          quantity: 60,
          reserved: 0,
          expiry: '2027-01-01',
          active: true,
        })),
    ),
];

/** Sellable packs of a pair: unexpired, not held for a transfer. */
function sellable(pharmacyId: string, productId: string): { packs: number; earliest: string | null } {
  let packs = 0;
  let earliest: string | null = null;
  for (const b of batches) {
    if (b.pharmacyId !== pharmacyId || b.productId !== productId || !b.active) continue;
    if (b.expiry < TODAY || b.quantity <= b.reserved) continue;
    packs += b.quantity - b.reserved;
    if (earliest === null || b.expiry < earliest) earliest = b.expiry;
  }
  return { packs, earliest };
}

function reference(scope: ShortageFilter['scope']): ShortageItem[] {
  const items: ShortageItem[] = [];
  for (const product of products.filter((p) => p.active && p.min > 0)) {
    const sources = pharmacies
      .filter((ph) => ph.active)
      .map((ph) => ({ ph, ...sellable(ph.id, product.id) }))
      .filter((s) => s.packs > product.min)
      .sort(
        (a, b) =>
          b.packs - a.packs ||
          (a.earliest! < b.earliest! ? -1 : a.earliest! > b.earliest! ? 1 : 0) ||
          cmp(a.ph.id, b.ph.id),
      );
    const source = sources[0];
    for (const pharmacy of pharmacies.filter((ph) => ph.active && (scope === 'all' || scope.includes(ph.id)))) {
      const current = sellable(pharmacy.id, product.id).packs;
      if (current > product.min) continue;
      const deficit = product.min - current;
      const spare = source ? source.packs - product.min : 0;
      const canFulfill = source !== undefined && spare >= deficit;
      items.push({
        pharmacyId: pharmacy.id,
        pharmacyName: pharmacy.name,
        pharmacyNameAr: null,
        productId: product.id,
        productName: product.name,
        productNameAr: null,
        productSku: product.id.slice(0, 8),
        minStockLevel: product.min,
        currentStock: current,
        deficit,
        suggestedSource: source?.ph.name ?? null,
        suggestedSourceId: source?.ph.id ?? null,
        suggestedSourceNameAr: null,
        suggestedSourceStock: spare,
        canFulfill,
        otherLocationsCount: sources.length,
        status: canFulfill ? 'can_fulfill' : source ? 'partial' : 'no_source',
      });
    }
  }
  return items;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The specification's orders, ties broken by names then ids as the server does. */
function sorted(items: ShortageItem[], sort: ShortageSort): ShortageItem[] {
  const desc = sort.startsWith('-') ? -1 : 1;
  const then = (a: ShortageItem, b: ShortageItem) =>
    cmp(a.productName, b.productName) ||
    cmp(a.pharmacyName, b.pharmacyName) ||
    cmp(a.productId, b.productId) ||
    cmp(a.pharmacyId, b.pharmacyId);
  const by: Record<string, (a: ShortageItem, b: ShortageItem) => number> = {
    deficit: (a, b) => desc * (a.deficit - b.deficit) || then(a, b),
    stock: (a, b) => desc * (a.currentStock - b.currentStock) || then(a, b),
    name: (a, b) =>
      desc * cmp(a.productName, b.productName) ||
      cmp(a.pharmacyName, b.pharmacyName) ||
      cmp(a.productId, b.productId) ||
      cmp(a.pharmacyId, b.pharmacyId),
    pharmacy: (a, b) =>
      desc * cmp(a.pharmacyName, b.pharmacyName) ||
      b.deficit - a.deficit ||
      cmp(a.productName, b.productName) ||
      cmp(a.productId, b.productId) ||
      cmp(a.pharmacyId, b.pharmacyId),
  };
  return [...items].sort(by[sort.replace(/^-/, '')]);
}

describe('the shortages', () => {
  let database: TestDatabase;
  let db: ReadDb;
  let queries: ShortageQueries;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url, { max: 4 }));
    queries = new ShortageQueries(db);
    const now = new Date().toISOString();
    await db
      .insertInto('pharmacies')
      .values(
        pharmacies.map((p) => ({
          id: p.id,
          name: p.name,
          nameAr: null,
          address: 'x',
          addressAr: null,
          phone: null,
          email: null,
          managerId: null,
          isActive: p.active,
          createdAt: now,
          updatedAt: now,
          revision: '1',
        })),
      )
      .execute();
    await sql`
      INSERT INTO products (id, sku, name, price, sales_unit, units_per_package, commission_rate, commission_enabled,
                            min_stock_level, max_stock_level, requires_prescription, is_active, search_text,
                            created_at, updated_at)
      SELECT id, left(id::text, 8), name, 1, 'whole', 1, 0, false, min, 100, false, active, lower(name), now(), now()
        FROM jsonb_to_recordset(${JSON.stringify(products)}::jsonb) AS t(id uuid, name text, min int, active boolean)`.execute(
      db,
    );
    await sql`
      INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, reserved_quantity, expiry_date,
                                     received_date, is_active, created_at, updated_at)
      SELECT gen_random_uuid(), "productId", "pharmacyId", 'L', quantity, reserved, expiry, '2026-01-01', active, now(), now()
        FROM jsonb_to_recordset(${JSON.stringify(batches)}::jsonb)
          AS t("productId" uuid, "pharmacyId" uuid, quantity int, reserved int, expiry date, active boolean)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const scopes: Array<[string, ShortageFilter['scope']]> = [
    ['every pharmacy', 'all'],
    ['two pharmacies and a closed one', [pharmacies[0]!.id, pharmacies[2]!.id, pharmacies[3]!.id]],
    ['one pharmacy', [pharmacies[4]!.id]],
  ];

  it.each(scopes)('counts the cards for %s as the pairs add up', async (_, scope) => {
    const expected = reference(scope);
    expect(expected.length).toBeGreaterThan(10);
    const cards = await queries.summary({ scope, today: TODAY, text: '' });
    expect(cards).toEqual({
      total: expected.length,
      critical: expected.filter((i) => i.currentStock <= 0).length,
      canFulfill: expected.filter((i) => i.canFulfill).length,
      deficit: expected.reduce((sum, i) => sum + i.deficit, 0),
    });
  });

  it.each(scopes)('pages every order for %s as the pairs sort, with or without a search', async (_, scope) => {
    const all = reference(scope);
    for (const sort of ['-deficit', 'deficit', 'name', '-pharmacy', 'stock'] as ShortageSort[]) {
      const order = sorted(all, sort);
      // Pages across the whole order, and past its end.
      const pages: Array<[number, number]> = [
        [0, 5],
        [0, 50],
        [order.length - 3, 10],
        [order.length + 5, 10],
      ];
      for (let offset = 7; offset < order.length; offset += 13) pages.push([offset, 17]);
      for (const [offset, limit] of pages) {
        const page = await queries.page({ scope, today: TODAY, text: '' }, { sort, limit, offset });
        expect({ sort, offset, limit, total: page.total, items: page.items }).toEqual({
          sort,
          offset,
          limit,
          total: order.length,
          items: order.slice(offset, offset + limit),
        });
      }
      const searched = await queries.page({ scope, today: TODAY, text: 'product 01' }, { sort, limit: 20, offset: 0 });
      const matching = order.filter((i) => i.productName.toLowerCase().includes('product 01'));
      expect(searched).toEqual({ total: matching.length, items: matching.slice(0, 20) });
    }
  });
});
