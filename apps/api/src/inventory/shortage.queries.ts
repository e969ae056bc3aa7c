import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import type { ShortageItem, ShortageSort, ShortageSummaryCounts } from '@pharmacy/contracts';
import { containsPattern, searchTextPattern, type ReadDb } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';
import { inScope, type Scope } from '../catalogue/product.queries';

/** Which shortages: at the pharmacies in scope, on `today`, whose product or pharmacy names `text` ('' for all). */
export interface ShortageFilter {
  scope: Scope;
  today: string;
  text: string;
}

/**
 * The shortages: every active product whose sellable packs (unexpired, not
 * held for a transfer) at an active pharmacy in scope are at or below its
 * minimum stock level (above 0), with the other active pharmacy that can
 * spare the most (packs above its own minimum; the earliest expiry, then the
 * id, breaks a tie) and how many others can spare some.
 *
 * Read from the shortages kept as rows (the shortages projection) when they
 * hold today: a page is an index scan and the cards are kept per pharmacy.
 * While they hold another day or none (after midnight or a rebuild, until
 * the projector catches up), from the grid, in one pass: the sellable packs per pharmacy and product are
 * summed once (a hash aggregate over the batches in stock), the best source
 * per product is picked once from them, and the grid of active pharmacies and
 * products is joined to both by hash.
 */
@Injectable()
export class ShortageQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  /** Every shortage, largest deficit first (the specification's plain array). */
  async all(filter: ShortageFilter): Promise<ShortageItem[]> {
    if (await this.kept(filter.today)) {
      const { rows } = await sql<ShortageRow>`${keptRows(filter)}
        SELECT * FROM short ORDER BY ${orderBy('-deficit')}`.execute(this.db);
      return this.withSources(rows);
    }
    const { rows } = await sql<ShortageRow>`${this.shortages(filter)}
      SELECT * FROM short ORDER BY ${orderBy('-deficit')}`.execute(this.db);
    return rows.map(toItem);
  }

  /**
   * One page of the shortages in `sort` order (a unique order: the ids break
   * ties), and how many there are. The page is cut from the grid before the
   * sources are looked up, for its rows' products only (by the batches'
   * product index), so a pharmacy's first page sums only its own batches.
   */
  async page(
    filter: ShortageFilter,
    page: { sort: ShortageSort; limit: number; offset: number },
  ): Promise<{ items: ShortageItem[]; total: number }> {
    if (await this.kept(filter.today)) {
      const [{ rows }, { rows: counted }] = await Promise.all([
        sql<ShortageRow>`${keptRows(filter)}
          SELECT * FROM short ORDER BY ${orderBy(page.sort)} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
          this.db,
        ),
        sql<{ n: string }>`${keptCounts(filter)} SELECT coalesce(sum(shortages), 0) AS n FROM counts`.execute(this.db),
      ]);
      return { items: await this.withSources(rows), total: Number(counted[0]!.n) };
    }
    const { rows } = await sql<ShortageRow & { total: string }>`${this.grid(filter)}
      SELECT g.*, src.pharmacy_id AS "sourceId", src.name AS "sourceName", src.name_ar AS "sourceNameAr",
             coalesce(src.spare, 0)::int AS "sourceSpare", coalesce(src.others, 0)::int AS "otherLocations"
      FROM (
        SELECT *, count(*) OVER () AS total FROM short ORDER BY ${orderBy(page.sort)}
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) g
      LEFT JOIN LATERAL (
        SELECT o.pharmacy_id, ph.name, ph.name_ar, o.sellable - g."minStockLevel" AS spare, count(*) OVER () AS others
        FROM (
          SELECT pharmacy_id, sum(quantity - reserved_quantity)::int AS sellable, min(expiry_date) AS earliest
          FROM inventory_batches
          WHERE product_id = g."productId" AND is_active AND expiry_date >= ${filter.today}::date
            AND quantity > reserved_quantity
          GROUP BY pharmacy_id
        ) o
        JOIN pharmacies ph ON ph.id = o.pharmacy_id AND ph.is_active
        WHERE o.sellable > g."minStockLevel"
        ORDER BY o.sellable DESC, o.earliest, o.pharmacy_id
        LIMIT 1
      ) src ON true
      ORDER BY ${orderBy(page.sort)}`.execute(this.db);
    // Past the last page no row carries the total: count it then.
    const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset === 0 ? 0 : await this.count(filter);
    return { items: rows.map(toItem), total };
  }

  private async count(filter: ShortageFilter): Promise<number> {
    const { rows } = await sql<{ n: string }>`${this.grid(filter)} SELECT count(*) AS n FROM short`.execute(this.db);
    return Number(rows[0]!.n);
  }

  /** The four cards of the shortages page over every shortage matching (not one page). */
  async summary(filter: ShortageFilter): Promise<ShortageSummaryCounts> {
    if (await this.kept(filter.today)) {
      const { rows } = await sql<CountsRow>`${keptCounts(filter)}
        SELECT coalesce(sum(shortages), 0) AS total, coalesce(sum(critical), 0) AS critical,
               coalesce(sum(fulfillable), 0) AS "canFulfill", coalesce(sum(deficit), 0) AS deficit
          FROM counts`.execute(this.db);
      return toCounts(rows[0]!);
    }
    if (filter.text === '') return this.counts(filter);
    const { rows } = await sql<CountsRow>`
      ${this.shortages(filter)}
      SELECT count(*) AS total,
             count(*) FILTER (WHERE "currentStock" <= 0) AS critical,
             count(*) FILTER (WHERE "sourceId" IS NOT NULL AND "sourceSpare" >= "minStockLevel" - "currentStock")
               AS "canFulfill",
             coalesce(sum("minStockLevel" - "currentStock"), 0) AS deficit
      FROM short`.execute(this.db);
    return toCounts(rows[0]!);
  }

  /**
   * The four cards without a search, from the running totals (migration
   * StockTotals) rather than the grid of every pharmacy and product: a pair
   * is short unless its sellable packs (`stock_levels.sellable` less those
   * past their expiry day) are above the minimum, so, per product, the
   * pharmacies in scope without packs count as short with the whole minimum
   * as their deficit, and only the pairs holding packs are read. A pair with
   * none is fulfilled when the best source's spare covers the minimum.
   */
  private async counts(filter: ShortageFilter): Promise<ShortageSummaryCounts> {
    const pharmaciesInScope = filter.scope === 'all' ? sql`true` : sql`ph.id IN (${sql.join(inScope(filter.scope))})`;
    const { rows } = await sql<CountsRow>`
      WITH expired AS (
        SELECT pharmacy_id, product_id, sum(quantity - reserved_quantity) AS packs
          FROM inventory_batches
         WHERE is_active AND quantity > reserved_quantity AND expiry_date < ${filter.today}::date
         GROUP BY pharmacy_id, product_id
      ),
      held AS (
        SELECT sl.pharmacy_id, sl.product_id, p.min_stock_level AS m,
               sl.sellable - coalesce(e.packs, 0) AS s, ${pharmaciesInScope} AS in_scope
          FROM stock_levels sl
          JOIN products p ON p.id = sl.product_id AND p.is_active AND p.min_stock_level > 0
          JOIN pharmacies ph ON ph.id = sl.pharmacy_id AND ph.is_active
          LEFT JOIN expired e ON e.pharmacy_id = sl.pharmacy_id AND e.product_id = sl.product_id
         WHERE sl.sellable > 0
      ),
      per_product AS (
        SELECT p.id, p.min_stock_level AS m, best.spare,
               count(h.s) FILTER (WHERE h.s > 0) AS holding,
               count(h.s) FILTER (WHERE h.s > p.min_stock_level) AS above,
               coalesce(sum(p.min_stock_level - h.s) FILTER (WHERE h.s > 0 AND h.s <= p.min_stock_level), 0) AS deficit,
               count(h.s) FILTER (WHERE h.s > 0 AND h.s <= p.min_stock_level
                                    AND best.spare >= p.min_stock_level - h.s) AS fulfilled
          FROM products p
          LEFT JOIN held h ON h.product_id = p.id AND h.in_scope
          LEFT JOIN (SELECT product_id, max(s - m) AS spare FROM held WHERE s > m GROUP BY product_id) best
            ON best.product_id = p.id
         WHERE p.is_active AND p.min_stock_level > 0
         GROUP BY p.id, p.min_stock_level, best.spare
      ),
      grid AS (SELECT count(*) AS n FROM pharmacies ph WHERE ph.is_active AND ${pharmaciesInScope})
      SELECT coalesce(sum(grid.n - above), 0) AS total,
             coalesce(sum(grid.n - holding), 0) AS critical,
             coalesce(sum(CASE WHEN spare >= m THEN grid.n - holding ELSE 0 END + fulfilled), 0) AS "canFulfill",
             coalesce(sum((grid.n - holding) * m + deficit), 0) AS deficit
        FROM per_product CROSS JOIN grid`.execute(this.db);
    return toCounts(rows[0]!);
  }

  /**
   * Whether the shortages kept as rows (the shortages projection) hold
   * `today`. A read never writes: the projector moves the day kept soon after
   * midnight and fills the rows after a rebuild; until then this reads the grid.
   */
  private async kept(today: string): Promise<boolean> {
    const { rows } = await sql<{ asOf: string }>`SELECT as_of::text AS "asOf" FROM shortage_day`.execute(this.db);
    return rows[0]?.asOf === today;
  }

  /** Rows of the kept shortages with the suggested source of their product. */
  private async withSources(rows: ShortageRow[]): Promise<ShortageItem[]> {
    if (rows.length === 0) return [];
    const products = [...new Set(rows.map((row) => row.productId))];
    const { rows: sources } = await sql<{
      productId: string;
      sourceId: string;
      sourceName: string;
      sourceNameAr: string | null;
      sourceSpare: number;
      otherLocations: number;
    }>`
      SELECT src.product_id AS "productId", src.pharmacy_id AS "sourceId", ph.name AS "sourceName",
             ph.name_ar AS "sourceNameAr", src.spare AS "sourceSpare", src.others AS "otherLocations"
        FROM shortage_sources src JOIN pharmacies ph ON ph.id = src.pharmacy_id
       WHERE src.product_id IN (${sql.join(products)})`.execute(this.db);
    const byProduct = new Map(sources.map((source) => [source.productId, source]));
    return rows.map((row) => {
      const source = byProduct.get(row.productId);
      return toItem({
        ...row,
        sourceId: source?.sourceId ?? null,
        sourceName: source?.sourceName ?? null,
        sourceNameAr: source?.sourceNameAr ?? null,
        sourceSpare: source?.sourceSpare ?? 0,
        otherLocations: source?.otherLocations ?? 0,
      });
    });
  }

  /** `WITH ... short AS (...)`: the shortages matching the filter, one row each with its suggested source. */
  private shortages(filter: ShortageFilter): RawBuilder<unknown> {
    return sql`
      WITH stock AS (${stockSql(filter.today, sql`true`)}),
      sources AS (
        SELECT DISTINCT ON (s.product_id)
               s.product_id, s.pharmacy_id, ph.name, ph.name_ar, s.sellable - p.min_stock_level AS spare,
               count(*) OVER (PARTITION BY s.product_id) AS others
        FROM stock s
        JOIN products p ON p.id = s.product_id AND p.is_active
        JOIN pharmacies ph ON ph.id = s.pharmacy_id AND ph.is_active
        WHERE s.sellable > p.min_stock_level
        ORDER BY s.product_id, s.sellable - p.min_stock_level DESC, s.earliest, s.pharmacy_id
      ),
      short AS (
        SELECT ${gridColumns},
               src.pharmacy_id AS "sourceId", src.name AS "sourceName", src.name_ar AS "sourceNameAr",
               coalesce(src.spare, 0)::int AS "sourceSpare", coalesce(src.others, 0)::int AS "otherLocations"
        ${gridFrom}
        LEFT JOIN sources src ON src.product_id = p.id
        ${gridWhere(filter)}
      )`;
  }

  /** `WITH ... short AS (...)`: the shortages matching the filter without their sources; only the batches in scope are summed. */
  private grid(filter: ShortageFilter): RawBuilder<unknown> {
    const batchesInScope =
      filter.scope === 'all' ? sql`true` : sql`pharmacy_id IN (${sql.join(inScope(filter.scope))})`;
    return sql`
      WITH stock AS (${stockSql(filter.today, batchesInScope)}),
      short AS (SELECT ${gridColumns} ${gridFrom} ${gridWhere(filter)})`;
  }
}

/** Sellable packs (unexpired, not held for a transfer) per pharmacy and product, and their earliest expiry. */
function stockSql(today: string, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT pharmacy_id, product_id, sum(quantity - reserved_quantity)::int AS sellable, min(expiry_date) AS earliest
    FROM inventory_batches
    WHERE is_active AND expiry_date >= ${today}::date AND quantity > reserved_quantity AND ${where}
    GROUP BY pharmacy_id, product_id`;
}

/**
 * `WITH short AS (...)`: the kept shortages matching the filter, with the grid's
 * column names (its sources apart). The default order reads
 * `shortages_deficit_idx`; the other names come from the products and pharmacies.
 */
function keptRows(filter: ShortageFilter): RawBuilder<unknown> {
  return sql`
    WITH short AS (
      SELECT t.pharmacy_id AS "pharmacyId", t.pharmacy_name AS "pharmacyName", ph.name_ar AS "pharmacyNameAr",
             t.product_id AS "productId", t.product_name AS "productName", p.name_ar AS "productNameAr",
             p.sku AS "productSku", t.min_stock_level AS "minStockLevel", t.current_stock AS "currentStock"
      ${keptNamed(filter)}
    )`;
}

/**
 * `WITH counts AS (...)`: the cards of the kept shortages matching the filter,
 * per pharmacy. Without a search they are kept too (`shortage_counts`, moved
 * by a trigger on the rows), so no shortage is read; a search counts the rows
 * it matches.
 */
function keptCounts(filter: ShortageFilter): RawBuilder<unknown> {
  if (filter.text === '') {
    return sql`
      WITH counts AS (
        SELECT t.shortages, t.critical, t.fulfillable, t.deficit FROM shortage_counts t WHERE ${keptMatching(filter)}
      )`;
  }
  return sql`
    WITH counts AS (
      SELECT count(*) AS shortages, count(*) FILTER (WHERE t.current_stock <= 0) AS critical,
             count(*) FILTER (WHERE t.can_fulfill) AS fulfillable, sum(t.min_stock_level - t.current_stock) AS deficit
      ${keptNamed(filter)}
    )`;
}

/** `FROM shortages t ... WHERE ...`: the kept shortages matching the filter, with their product (p) and pharmacy (ph). */
function keptNamed(filter: ShortageFilter): RawBuilder<unknown> {
  return sql`
    FROM shortages t
    JOIN products p ON p.id = t.product_id
    JOIN pharmacies ph ON ph.id = t.pharmacy_id
   WHERE ${keptMatching(filter)}`;
}

/** At a pharmacy in scope, with the product (p) or the pharmacy (ph) named by the search. */
function keptMatching(filter: ShortageFilter): RawBuilder<unknown> {
  const inScopeSql = filter.scope === 'all' ? sql`true` : sql`t.pharmacy_id IN (${sql.join(inScope(filter.scope))})`;
  const pattern = containsPattern(filter.text);
  const matching =
    filter.text === ''
      ? sql`true`
      : sql`(p.search_text LIKE ${searchTextPattern(filter.text)} OR ph.name ILIKE ${pattern} OR ph.name_ar ILIKE ${pattern})`;
  return sql`${inScopeSql} AND ${matching}`;
}

const gridColumns = sql`
  ph.id AS "pharmacyId", ph.name AS "pharmacyName", ph.name_ar AS "pharmacyNameAr",
  p.id AS "productId", p.name AS "productName", p.name_ar AS "productNameAr", p.sku AS "productSku",
  p.min_stock_level AS "minStockLevel", coalesce(s.sellable, 0) AS "currentStock"`;

/** Every active pharmacy with every active product, and the sellable packs of the one at the other. */
const gridFrom = sql`
  FROM pharmacies ph
  CROSS JOIN products p
  LEFT JOIN stock s ON s.pharmacy_id = ph.id AND s.product_id = p.id`;

/** At or below a minimum above 0, at a pharmacy in scope, with the product or the pharmacy named by the search. */
function gridWhere(filter: ShortageFilter): RawBuilder<unknown> {
  const inScopeSql = filter.scope === 'all' ? sql`true` : sql`ph.id IN (${sql.join(inScope(filter.scope))})`;
  const pattern = containsPattern(filter.text);
  const matching =
    filter.text === ''
      ? sql`true`
      : sql`(p.search_text LIKE ${searchTextPattern(filter.text)} OR ph.name ILIKE ${pattern} OR ph.name_ar ILIKE ${pattern})`;
  return sql`
    WHERE ph.is_active AND p.is_active AND p.min_stock_level > 0
      AND coalesce(s.sellable, 0) <= p.min_stock_level AND ${inScopeSql} AND ${matching}`;
}

interface ShortageRow {
  pharmacyId: string;
  pharmacyName: string;
  pharmacyNameAr: string | null;
  productId: string;
  productName: string;
  productNameAr: string | null;
  productSku: string;
  minStockLevel: number;
  currentStock: number;
  sourceId: string | null;
  sourceName: string | null;
  sourceNameAr: string | null;
  sourceSpare: number;
  otherLocations: number;
}

/** The order of a sort: its field in its direction, then the names and the ids, so no two rows tie. */
function orderBy(sort: ShortageSort): RawBuilder<unknown> {
  const direction = sort.startsWith('-') ? sql`DESC` : sql`ASC`;
  const deficit = sql`("minStockLevel" - "currentStock")`;
  const ids = sql`"productId", "pharmacyId"`;
  switch (sort.replace(/^-/, '') as 'deficit' | 'name' | 'pharmacy' | 'stock') {
    case 'deficit':
      return sql`${deficit} ${direction}, "productName", "pharmacyName", ${ids}`;
    case 'name':
      return sql`"productName" ${direction}, "pharmacyName", ${ids}`;
    case 'pharmacy':
      return sql`"pharmacyName" ${direction}, ${deficit} DESC, "productName", ${ids}`;
    case 'stock':
      return sql`"currentStock" ${direction}, "productName", "pharmacyName", ${ids}`;
  }
}

/** The four cards as PostgreSQL answers them (counts and sums come back as text). */
interface CountsRow {
  total: string;
  critical: string;
  canFulfill: string;
  deficit: string;
}

function toCounts(row: CountsRow): ShortageSummaryCounts {
  return {
    total: Number(row.total),
    critical: Number(row.critical),
    canFulfill: Number(row.canFulfill),
    deficit: Number(row.deficit),
  };
}

function toItem({
  sourceId,
  sourceName,
  sourceNameAr,
  sourceSpare,
  otherLocations,
  ...row
}: ShortageRow): ShortageItem {
  const currentStock = Number(row.currentStock);
  const deficit = row.minStockLevel - currentStock;
  const canFulfill = sourceId !== null && sourceSpare >= deficit;
  return {
    pharmacyId: row.pharmacyId,
    pharmacyName: row.pharmacyName,
    pharmacyNameAr: row.pharmacyNameAr,
    productId: row.productId,
    productName: row.productName,
    productNameAr: row.productNameAr,
    productSku: row.productSku,
    minStockLevel: row.minStockLevel,
    currentStock,
    deficit,
    suggestedSource: sourceName,
    suggestedSourceId: sourceId,
    suggestedSourceNameAr: sourceNameAr,
    suggestedSourceStock: sourceSpare,
    canFulfill,
    otherLocationsCount: otherLocations,
    status: canFulfill ? 'can_fulfill' : sourceId ? 'partial' : 'no_source',
  };
}
