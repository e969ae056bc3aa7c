import { Inject, Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type Kysely, type NotNull } from 'kysely';
import { foldForSearch, type HistoryEntry, type Product, type ProductSort } from '@pharmacy/contracts';
import { searchTextPattern, type ReadDatabase, type ReadDb } from '@pharmacy/read-db';
import { hasTrigrams, preferIndexes } from '../common/index-scans';
import { READ_DB } from '../infrastructure/tokens';

/** `'all'` pharmacies, or the ones a caller may see. */
export type Scope = 'all' | string[];

/** The pharmacy ids of a scope for `IN (...)`; an empty scope matches no row (SQL has no empty list). */
export const inScope = (scope: string[]): string[] =>
  scope.length > 0 ? scope : ['00000000-0000-0000-0000-000000000000'];

/** Packs on sale per product: on hand less what is held for pending transfers. */
function stockTotals(db: Kysely<ReadDatabase>, scope: Scope) {
  let query = db
    .selectFrom('inventoryBatches')
    .select(['productId', sql<string>`sum(quantity - reserved_quantity)`.as('units')])
    .where('isActive', '=', true)
    .groupBy('productId');
  if (scope !== 'all') query = query.where('pharmacyId', 'in', inScope(scope));
  return query.as('stock');
}

/** Packs on sale of the product in the row: a sum over its batches alone (the batches' product index). */
function stockOfProduct(eb: ExpressionBuilder<ReadDatabase, 'products'>, scope: Scope) {
  let query = eb
    .selectFrom('inventoryBatches as b')
    .select(sql<string>`coalesce(sum(b.quantity - b.reserved_quantity), 0)`.as('units'))
    .whereRef('b.productId', '=', 'products.id')
    .where('b.isActive', '=', true);
  if (scope !== 'all') query = query.where('b.pharmacyId', 'in', inScope(scope));
  return query;
}

/** Reads of the catalogue read model. Stock totals cover the caller's scope. */
@Injectable()
export class ProductQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  /**
   * Products with the stock totals of every one of them, summed in one pass
   * over the batches: for the whole list, and for a page ordered by stock.
   */
  private base(scope: Scope) {
    return this.db
      .selectFrom('products')
      .leftJoin('categories', 'categories.id', 'products.categoryId')
      .leftJoin('suppliers', 'suppliers.id', 'products.supplierId')
      .leftJoin(stockTotals(this.db, scope), 'stock.productId', 'products.id')
      .selectAll('products')
      .select([
        'categories.name as categoryName',
        'categories.nameAr as categoryNameAr',
        'suppliers.name as supplierName',
        sql<string>`coalesce(stock.units, 0)`.as('totalStock'),
      ]);
  }

  /**
   * Products whose stock totals are summed per row from the batches' product
   * index: for a few rows (a page, a search, one product), where summing every
   * batch of the chain first would cost far more.
   */
  private fewRows(scope: Scope, db: Kysely<ReadDatabase> = this.db) {
    return (
      db
        .selectFrom('products')
        .leftJoin('categories', 'categories.id', 'products.categoryId')
        .leftJoin('suppliers', 'suppliers.id', 'products.supplierId')
        .selectAll('products')
        .select([
          'categories.name as categoryName',
          'categories.nameAr as categoryNameAr',
          'suppliers.name as supplierName',
          (eb) => stockOfProduct(eb, scope).as('totalStock'),
        ])
        // An aggregate without GROUP BY answers one row, and coalesce makes it a number.
        .$narrowType<{ totalStock: NotNull }>()
    );
  }

  async list(scope: Scope): Promise<Product[]> {
    const rows = await this.base(scope).orderBy('products.name').orderBy('products.id').execute();
    return rows.map(toProduct);
  }

  async find(id: string, scope: Scope = 'all'): Promise<Product | null> {
    const row = await this.fewRows(scope).where('products.id', '=', id).executeTakeFirst();
    return row ? toProduct(row) : null;
  }

  /**
   * Name (both languages), generic name, brand, SKU or barcode, case-insensitive;
   * `codes` are exact codes (a scanned GTIN in its stored forms) ranked first.
   */
  async search(text: string, codes: string[], scope: Scope, limit = 50): Promise<Product[]> {
    const needle = foldForSearch(text);
    const exact = exactCodes(text, codes);
    const rows = await preferIndexes(this.db, hasTrigrams(text), (db) =>
      this.fewRows(scope, db)
        .where((eb) => matching(eb, text, codes))
        .orderBy(
          sql`(lower(products.sku) in (${sql.join(exact)}) or lower(products.barcode) in (${sql.join(exact)}))`,
          'desc',
        )
        .orderBy(sql`similarity(products.search_text, ${needle})`, 'desc')
        .orderBy('products.name')
        .limit(limit)
        .execute(),
    );
    return rows.map(toProduct);
  }

  /**
   * One page of the products matching `text` (or all, when it is empty), in
   * `sort` order with the id breaking ties, and how many match in all.
   *
   * Stock totals are summed only for the rows of the page (from the batches'
   * product index), except when the page is ordered by stock, which needs the
   * total of every match.
   */
  async page(
    scope: Scope,
    options: { text: string; codes: string[]; activeOnly: boolean; sort: ProductSort; limit: number; offset: number },
  ): Promise<{ products: Product[]; total: number }> {
    const descending = options.sort.startsWith('-');
    const direction = descending ? 'desc' : 'asc';
    const key = options.sort.replace(/^-/, '') as 'name' | 'nameAr' | 'sku' | 'price' | 'stock';
    const { text, codes, activeOnly, limit, offset } = options;
    const indexed = hasTrigrams(text);
    const [page, total] = await Promise.all([
      key === 'stock'
        ? this.base(scope)
            .$if(text !== '', (q) => q.where((eb) => matching(eb, text, codes)))
            .$if(activeOnly, (q) => q.where('products.isActive', '=', true))
            .orderBy(sql`coalesce(stock.units, 0)`, direction)
            .orderBy('products.id', direction)
            .limit(limit)
            .offset(offset)
            .execute()
        : preferIndexes(this.db, indexed, (db) =>
            this.fewRows(scope, db)
              .$if(text !== '', (q) => q.where((eb) => matching(eb, text, codes)))
              .$if(activeOnly, (q) => q.where('products.isActive', '=', true))
              .orderBy(
                {
                  name: sql`products.name`,
                  nameAr: sql`coalesce(products.name_ar, products.name)`,
                  sku: sql`lower(products.sku)`,
                  price: sql`products.price`,
                }[key],
                direction,
              )
              .orderBy('products.id', direction)
              .limit(limit)
              .offset(offset)
              .execute(),
          ),
      preferIndexes(this.db, indexed, (db) =>
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .$if(text !== '', (q) => q.where((eb) => matching(eb, text, codes)))
          .$if(activeOnly, (q) => q.where('products.isActive', '=', true))
          .executeTakeFirstOrThrow(),
      ),
    ]);
    return { products: page.map(toProduct), total: Number(total.n) };
  }

  /** Units of a product on hand in the given pharmacies. */
  async stockOf(productId: string, scope: Scope): Promise<number> {
    let query = this.db
      .selectFrom('inventoryBatches')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('quantity'), eb.val('0')).as('units'))
      .where('productId', '=', productId)
      .where('isActive', '=', true);
    if (scope !== 'all') query = query.where('pharmacyId', 'in', inScope(scope));
    return Number((await query.executeTakeFirstOrThrow()).units);
  }

  /**
   * What happened to a product or batch, oldest first. Facts that belong to a
   * pharmacy (receipts, adjustments) are shown only within `scope`, as the
   * lists they belong to are.
   */
  async history(entityType: 'product' | 'batch', id: string, scope: Scope): Promise<HistoryEntry[]> {
    let query = this.db
      .selectFrom('entityHistory')
      // The event's body is kept once, in the audit trail; the same projector transaction writes both rows.
      .innerJoin('auditEvents', 'auditEvents.position', 'entityHistory.position')
      .leftJoin('users', 'users.id', 'entityHistory.userId')
      .select([
        'entityHistory.position',
        'entityHistory.eventType',
        'entityHistory.occurredAt',
        'entityHistory.userId',
        'auditEvents.data',
        sql<string | null>`nullif(trim(concat_ws(' ', users.first_name, users.last_name)), '')`.as('userName'),
        'users.email',
      ])
      .where('entityHistory.entityType', '=', entityType)
      .where('entityHistory.entityId', '=', id);
    if (scope !== 'all') {
      query = query.where((eb) =>
        eb.or([eb('entityHistory.pharmacyId', 'is', null), eb('entityHistory.pharmacyId', 'in', inScope(scope))]),
      );
    }
    const rows = await query.orderBy('entityHistory.position').execute();
    return rows.map((r) => ({
      position: r.position,
      type: r.eventType,
      occurredAt: r.occurredAt.toISOString(),
      userId: r.userId,
      userName: r.userName ?? r.email ?? null,
      data: r.data as Record<string, unknown>,
    }));
  }
}

type ProductRow = Awaited<ReturnType<ReturnType<ProductQueries['base']>['executeTakeFirstOrThrow']>>;

function toProduct(row: ProductRow): Product {
  const { searchText: _search, createdAt, updatedAt, totalStock, ...rest } = row;
  return {
    ...rest,
    totalStock: Number(totalStock),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The text itself and the exact codes it stands for (a scanned GTIN in its stored forms), lower-cased. */
function exactCodes(text: string, codes: string[]): string[] {
  return [...codes.map((c) => c.toLowerCase()), text.toLowerCase()];
}

/** Name (both languages), generic name, brand, SKU or barcode containing the text, or exactly one of the codes. */
function matching(eb: ExpressionBuilder<ReadDatabase, 'products'>, text: string, codes: string[]) {
  const exact = exactCodes(text, codes);
  return eb.or([
    // search_text is stored folded (lower-cased among the rest): LIKE finds what ILIKE would, at a fraction of the cost per row.
    eb('products.searchText', 'like', searchTextPattern(text)),
    eb(sql`lower(products.sku)`, 'in', exact),
    eb(sql`lower(products.barcode)`, 'in', exact),
  ]);
}
