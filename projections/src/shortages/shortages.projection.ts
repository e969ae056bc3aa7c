import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReadDatabase } from '@pharmacy/read-db';
import { catalogueProjection } from '../catalogue/catalogue.projection';
import { inventoryProjection } from '../inventory/inventory.projection';
import { pharmaciesProjection } from '../pharmacies/pharmacies.projection';
import { lockProjections } from '../runner/checkpoints';
import type { Projection } from '../runner/projection';
import { shortagesTables } from './shortages.tables';

/** The keys under which an event names the products and batches whose stock it moves. */
const PRODUCT_KEYS = new Set(['productId', 'productIds']);
const BATCH_KEYS = new Set(['batchId', 'batchIds']);

/** Every id an event's data names under these keys, at any depth (a sale's lines, a transfer's items). */
function idsUnder(value: unknown, keys: ReadonlySet<string>, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) idsUnder(item, keys, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (keys.has(key)) {
        for (const id of [inner].flat()) if (typeof id === 'string') into.add(id);
      } else {
        idsUnder(inner, keys, into);
      }
    }
  }
  return into;
}

/**
 * The shortages kept as rows (`shortages.tables.ts`): worked out from the
 * tables of the pharmacies, catalogue and inventory projections, which the
 * runner applies before this one in the same transaction, for the day kept.
 * Each batch of events counts again the products it names (by id, or through
 * the batches it names); a pharmacy's event counts every product again (rare).
 *
 * Packs expire at midnight with no event: `keepShortagesFor` (the projector,
 * at start and each minute) moves the day kept, and fills the rows when none
 * are kept. Reads never write: until the day kept is today, the API sums the
 * grid instead. A rebuild of the tables they are worked out from forgets them
 * (`forget`), and the projector fills them again.
 */
export const shortagesProjection: Projection = {
  name: 'shortages',
  version: 1,
  handles: [
    ...new Set([...pharmaciesProjection.handles, ...catalogueProjection.handles, ...inventoryProjection.handles]),
  ],
  schema: shortagesTables,
  derivedFrom: [pharmaciesProjection.name, catalogueProjection.name, inventoryProjection.name],

  async forget(trx) {
    await sql`DELETE FROM shortage_day`.execute(trx);
  },

  async apply(trx, event) {
    await this.applyAll!(trx, [event]);
  },

  async applyAll(trx, events) {
    const { rows } = await sql<{ kept: boolean }>`SELECT EXISTS (SELECT 1 FROM shortage_day) AS kept`.execute(trx);
    if (!rows[0]?.kept) return;
    if (events.some((event) => pharmaciesProjection.handles.includes(event.type))) {
      await sql`SELECT refresh_shortages(ARRAY(SELECT id FROM products))`.execute(trx);
      return;
    }
    const products = new Set<string>();
    const batches = new Set<string>();
    for (const event of events) {
      idsUnder(event.data, PRODUCT_KEYS, products);
      idsUnder(event.data, BATCH_KEYS, batches);
    }
    if (products.size === 0 && batches.size === 0) return;
    await sql`
      SELECT refresh_shortages(ARRAY(
        SELECT unnest(${[...products]}::uuid[])
        UNION
        SELECT product_id FROM inventory_batches WHERE id = ANY(${[...batches]}::uuid[])))`.execute(trx);
  },
};

/**
 * Keeps the shortages for `day` (today where the pharmacies are): moves the
 * day kept to it, or fills the rows when none are kept. Under the projection's
 * lock, so it falls between two of the projector's batches.
 */
export async function keepShortagesFor(db: Kysely<ReadDatabase>, day: string): Promise<void> {
  await db.transaction().execute(async (trx: Transaction<ReadDatabase>) => {
    await lockProjections(trx, [shortagesProjection.name]);
    await sql`SELECT shortages_keep(${day}::date)`.execute(trx);
  });
}
