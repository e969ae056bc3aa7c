import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { ShortageItem, ShortageSort } from '@pharmacy/contracts';
import type { RecordedEvent } from '@pharmacy/event-store';
import { keepShortagesFor, shortagesProjection } from '@pharmacy/projections';
import { createPool, createReadDb, type ReadDatabase, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, seededRandom, type TestDatabase } from '@pharmacy/test-harness';
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
  const next = seededRandom(seed);
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

/** Sellable packs of a pair on `today`: unexpired, not held for a transfer. */
function sellable(pharmacyId: string, productId: string, today = TODAY): { packs: number; earliest: string | null } {
  let packs = 0;
  let earliest: string | null = null;
  for (const b of batches) {
    if (b.pharmacyId !== pharmacyId || b.productId !== productId || !b.active) continue;
    if (b.expiry < today || b.quantity <= b.reserved) continue;
    packs += b.quantity - b.reserved;
    if (earliest === null || b.expiry < earliest) earliest = b.expiry;
  }
  return { packs, earliest };
}

function reference(scope: ShortageFilter['scope'], today = TODAY): ShortageItem[] {
  const items: ShortageItem[] = [];
  for (const product of products.filter((p) => p.active && p.min > 0)) {
    const sources = pharmacies
      .filter((ph) => ph.active)
      .map((ph) => ({ ph, ...sellable(ph.id, product.id, today) }))
      .filter((s) => s.packs > product.min)
      .sort(
        (a, b) =>
          b.packs - a.packs ||
          (a.earliest! < b.earliest! ? -1 : a.earliest! > b.earliest! ? 1 : 0) ||
          cmp(a.ph.id, b.ph.id),
      );
    const source = sources[0];
    for (const pharmacy of pharmacies.filter((ph) => ph.active && (scope === 'all' || scope.includes(ph.id)))) {
      const current = sellable(pharmacy.id, product.id, today).packs;
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

/** The pharmacies, products and batches above, written as the projections would. */
async function seed(db: ReadDb): Promise<void> {
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
        AS t("productId" uuid, "pharmacyId" uuid, quantity int, reserved int, expiry date, active boolean)`.execute(db);
}

/** A database of its own holding the rows above, and the queries on it. */
async function seededDatabase(): Promise<{ database: TestDatabase; db: ReadDb; queries: ShortageQueries }> {
  const database = await createTestDatabase();
  const db = createReadDb(createPool(database.url, { max: 4 }));
  await seed(db);
  return { database, db, queries: new ShortageQueries(db) };
}

/** The cards of a list of shortages. */
const cardsOf = (items: ShortageItem[]) => ({
  total: items.length,
  critical: items.filter((i) => i.currentStock <= 0).length,
  canFulfill: items.filter((i) => i.canFulfill).length,
  deficit: items.reduce((sum, i) => sum + i.deficit, 0),
});

// Read from the rows the shortages projection keeps for the day, and, while it keeps none (or another
// day), from the grid of every pharmacy and product.
describe.each([
  ['kept as rows', false],
  ['summed from the grid', true],
])('the shortages, %s', (_mode, fromGrid) => {
  let database: TestDatabase;
  let db: ReadDb;
  let queries: ShortageQueries;

  beforeAll(async () => {
    ({ database, db, queries } = await seededDatabase());
    if (!fromGrid) await keepShortagesFor(db, TODAY);
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
    expect(cards).toEqual(cardsOf(expected));
    const searched = await queries.summary({ scope, today: TODAY, text: 'product 01' });
    expect(searched).toEqual(cardsOf(expected.filter((i) => i.productName.toLowerCase().includes('product 01'))));
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

describe('the shortages kept as rows', () => {
  let database: TestDatabase;
  let db: ReadDb;
  let queries: ShortageQueries;

  beforeAll(async () => {
    ({ database, db, queries } = await seededDatabase());
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** The kept rows as they stand. */
  const kept = async () => ({
    day: (await sql<{ day: string }>`SELECT as_of::text AS day FROM shortage_day`.execute(db)).rows,
    rows: (await sql`SELECT * FROM shortages ORDER BY pharmacy_id, product_id`.execute(db)).rows,
    sources: (await sql`SELECT * FROM shortage_sources ORDER BY product_id`.execute(db)).rows,
    counts: (await sql`SELECT * FROM shortage_counts ORDER BY pharmacy_id`.execute(db)).rows,
  });
  /** The same rows filled from scratch for the same day. */
  const refilled = async (day: string) => {
    await sql`DELETE FROM shortage_day`.execute(db);
    await keepShortagesFor(db, day);
    return kept();
  };

  it('moves the day kept forward and back, as packs expire', async () => {
    await keepShortagesFor(db, TODAY);
    for (const day of [TODAY, '2026-06-16', '2027-01-02', '2026-06-01', '2026-06-14']) {
      await keepShortagesFor(db, day);
      expect(await queries.summary({ scope: 'all', today: day, text: '' })).toEqual(cardsOf(reference('all', day)));
      expect((await kept()).day).toEqual([{ day }]);
      const page = await queries.page(
        { scope: 'all', today: day, text: '' },
        { sort: '-deficit', limit: 30, offset: 0 },
      );
      expect(page.items).toEqual(sorted(reference('all', day), '-deficit').slice(0, 30));
    }
  });

  it('follows every event on the batches, products and pharmacies as a fill from scratch would', async () => {
    await keepShortagesFor(db, TODAY);
    const ids = (await sql<{ id: string }>`SELECT id FROM inventory_batches ORDER BY id`.execute(db)).rows.map(
      (r) => r.id,
    );
    const some = (from: number, count: number) => ids.slice(from, from + count);
    const newProduct = randomUUID();
    const newPharmacy = randomUUID();
    const productIds = (from: number, count: number) => products.slice(from, from + count).map((p) => p.id);
    // Each write as a projection writes it for an event, and the event naming what it moved (as the
    // stock, catalogue and pharmacy events do: batches and products by id, at any depth).
    const batchEvent = (batches: string[]) => ({
      type: 'StockAdjusted',
      data: { lines: batches.map((batchId) => ({ batchId })) },
    });
    const productEvent = (ids: string[]) => ({ type: 'ProductDetailsChanged', data: { productIds: ids } });
    const pharmacyEvent = { type: 'PharmacyDetailsChanged', data: {} };
    const writes: Array<[RawBuilder<unknown>, { type: string; data: unknown }]> = [
      [
        sql`UPDATE inventory_batches SET quantity = greatest(quantity - 7, 0) WHERE id IN (${sql.join(some(0, 40))})`,
        batchEvent(some(0, 40)),
      ],
      [
        sql`UPDATE inventory_batches SET reserved_quantity = quantity WHERE id IN (${sql.join(some(40, 30))})`,
        batchEvent(some(40, 30)),
      ],
      [
        sql`UPDATE inventory_batches SET reserved_quantity = 0 WHERE id IN (${sql.join(some(40, 10))})`,
        batchEvent(some(40, 10)),
      ],
      [
        sql`UPDATE inventory_batches SET is_active = NOT is_active WHERE id IN (${sql.join(some(70, 25))})`,
        batchEvent(some(70, 25)),
      ],
      [
        sql`UPDATE inventory_batches SET expiry_date = '2026-06-10' WHERE id IN (${sql.join(some(95, 20))})`,
        batchEvent(some(95, 20)),
      ],
      [
        sql`UPDATE inventory_batches SET expiry_date = '2027-06-10', quantity = quantity + 40 WHERE id IN (${sql.join(some(115, 20))})`,
        batchEvent(some(115, 20)),
      ],
      [
        sql`INSERT INTO inventory_batches (id, product_id, pharmacy_id, batch_number, quantity, reserved_quantity,
                                           expiry_date, received_date, is_active, created_at, updated_at)
            SELECT gen_random_uuid(), p.id, ph.id, 'N', 90, 0, '2027-03-01', '2026-06-01', true, now(), now()
              FROM (SELECT id FROM products ORDER BY id LIMIT 5) p CROSS JOIN (SELECT id FROM pharmacies LIMIT 3) ph`,
        productEvent(
          [...products]
            .map((p) => p.id)
            .sort()
            .slice(0, 5),
        ),
      ],
      [
        sql`UPDATE products SET min_stock_level = min_stock_level + 15 WHERE id IN (${sql.join(productIds(0, 6))})`,
        productEvent(productIds(0, 6)),
      ],
      [
        sql`UPDATE products SET min_stock_level = 0 WHERE id = ${products[6]!.id}::uuid`,
        productEvent(productIds(6, 1)),
      ],
      [
        sql`UPDATE products SET name = 'Product 999' WHERE id = ${products[7]!.id}::uuid`,
        productEvent(productIds(7, 1)),
      ],
      [
        sql`UPDATE products SET is_active = NOT is_active WHERE id IN (${sql.join(productIds(8, 4))})`,
        productEvent(productIds(8, 4)),
      ],
      [sql`UPDATE products SET price = 2 WHERE id = ${products[12]!.id}::uuid`, productEvent(productIds(12, 1))],
      [
        sql`INSERT INTO products (id, sku, name, price, sales_unit, units_per_package, commission_rate, commission_enabled,
                                  min_stock_level, max_stock_level, requires_prescription, is_active, search_text,
                                  created_at, updated_at)
            VALUES (${newProduct}, 'NEW-1', 'Product 500', 1, 'whole', 1, 0, false, 8, 100, false, true, 'product 500',
                    now(), now())`,
        productEvent([newProduct]),
      ],
      [sql`DELETE FROM products WHERE id = ${newProduct}::uuid`, productEvent([newProduct])],
      [sql`UPDATE pharmacies SET name = 'Pharmacy 77' WHERE id = ${pharmacies[2]!.id}::uuid`, pharmacyEvent],
      [sql`UPDATE pharmacies SET is_active = false WHERE id = ${pharmacies[4]!.id}::uuid`, pharmacyEvent],
      [sql`UPDATE pharmacies SET is_active = true WHERE id = ${pharmacies[3]!.id}::uuid`, pharmacyEvent],
      [
        sql`INSERT INTO pharmacies (id, name, address, is_active, created_at, updated_at, revision)
            VALUES (${newPharmacy}, 'Pharmacy 50', 'x', true, now(), now(), 1)`,
        pharmacyEvent,
      ],
      [sql`DELETE FROM pharmacies WHERE id = ${pharmacies[5]!.id}::uuid`, pharmacyEvent],
    ];
    const project = (trx: Transaction<ReadDatabase>, events: Array<{ type: string; data: unknown }>) =>
      shortagesProjection.applyAll!(trx, events as unknown as RecordedEvent[]);
    for (const [write, event] of writes) {
      await db.transaction().execute(async (trx) => {
        await write.execute(trx);
        await project(trx, [event]);
      });
      const now = await kept();
      expect(now.rows.length).toBeGreaterThan(10);
      expect(await refilled(TODAY)).toEqual(now);
    }
    // Several writes in one transaction (as the projector applies a page of events): counted once, at the end.
    await db.transaction().execute(async (trx) => {
      for (const [write] of writes.slice(0, 6)) await write.execute(trx);
      await sql`UPDATE products SET min_stock_level = 40 WHERE id = ${products[13]!.id}::uuid`.execute(trx);
      await project(trx, [...writes.slice(0, 6).map(([, event]) => event), productEvent(productIds(13, 1))]);
    });
    const now = await kept();
    expect(await refilled(TODAY)).toEqual(now);
  });

  it('reads the grid, writing nothing, while none are kept or another day is', async () => {
    await keepShortagesFor(db, TODAY);
    const cards = await queries.summary({ scope: 'all', today: TODAY, text: '' });
    const before = await queries.page({ scope: 'all', today: TODAY, text: '' }, { sort: 'name', limit: 40, offset: 3 });
    await sql`DELETE FROM shortage_day`.execute(db);
    await sql`TRUNCATE shortages, shortage_sources`.execute(db);
    expect(
      await queries.page({ scope: 'all', today: TODAY, text: '' }, { sort: 'name', limit: 40, offset: 3 }),
    ).toEqual(before);
    expect(await kept()).toEqual({ day: [], rows: [], sources: [], counts: expect.any(Array) });
    await keepShortagesFor(db, '2026-06-14');
    const held = await kept();
    expect(await queries.summary({ scope: 'all', today: TODAY, text: '' })).toEqual(cards);
    expect(await kept()).toEqual(held);
  });
});
