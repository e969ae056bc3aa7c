import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { CountSort, StockCount, StockCountDetail } from '@pharmacy/contracts';
import { countNotFound } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import type { Principal } from '../common/access/access';
import { PharmacyScope } from '../common/pharmacy-scope';
import { WriteModel } from '../common/write-model';
import { READ_DB } from '../infrastructure/tokens';
import { inScope, type Scope } from '../catalogue/product.queries';
import { personName } from '../common/person-name';

/**
 * Stock counts as `stock_counts` shows them (the commands that start, count,
 * post and cancel them are in counts.commands.ts, on the pharmacy's stock
 * stream: libs/domain/src/stock/counts.ts).
 */
@Injectable()
export class StockCounts {
  constructor(
    private readonly writeModel: WriteModel,
    private readonly scope: PharmacyScope,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async list(scope: Scope): Promise<StockCount[]> {
    let query = this.rows().orderBy('c.startedAt', 'desc').limit(200);
    if (scope !== 'all') query = query.where('c.pharmacyId', 'in', inScope(scope));
    return (await query.execute()).map(toCount);
  }

  /**
   * One page of the counts of the pharmacies in scope, in `sort` order
   * (newest first within a status; the id breaks ties), and how many there are.
   */
  async page(
    scope: Scope,
    options: { sort: CountSort; limit: number; offset: number },
  ): Promise<{ counts: StockCount[]; total: number }> {
    const direction = options.sort.startsWith('-') ? 'desc' : 'asc';
    const byStatus = options.sort.replace(/^-/, '') === 'status';
    const newest = byStatus ? 'desc' : direction;
    let ids = this.db.selectFrom('stockCounts as c').select('c.id');
    let count = this.db.selectFrom('stockCounts as c').select((eb) => eb.fn.countAll<string>().as('n'));
    if (scope !== 'all') {
      ids = ids.where('c.pharmacyId', 'in', inScope(scope));
      count = count.where('c.pharmacyId', 'in', inScope(scope));
    }
    // The page's ids are picked from the counts alone; names and line counts are joined to those rows only.
    const pageIds = ids
      .$if(byStatus, (query) => query.orderBy(countStatusRank, direction))
      .orderBy('c.startedAt', newest)
      .orderBy('c.id', newest)
      .limit(options.limit)
      .offset(options.offset);
    const [page, total] = await Promise.all([
      this.rows()
        .where('c.id', 'in', pageIds)
        .$if(byStatus, (query) => query.orderBy(countStatusRank, direction))
        .orderBy('c.startedAt', newest)
        .orderBy('c.id', newest)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { counts: page.map(toCount), total: Number(total.n) };
  }

  async detail(id: string, caller: Principal): Promise<StockCountDetail> {
    const row = await this.rows().where('c.id', '=', id).executeTakeFirst();
    if (!row) throw countNotFound(id);
    await this.scope.assertReadable(caller, row.pharmacyId);
    const lines = await this.db
      .selectFrom('stockCountLines as l')
      .leftJoin('inventoryBatches as b', 'b.id', 'l.batchId')
      .leftJoin('products as p', 'p.id', 'l.productId')
      .select([
        'l.batchId',
        'l.productId',
        sql<string>`coalesce(p.name, 'Unknown Product')`.as('productName'),
        'p.nameAr as productNameAr',
        sql<string>`coalesce(p.sku, '')`.as('productSku'),
        'p.barcode as productBarcode',
        sql<string>`coalesce(b.batch_number, '')`.as('batchNumber'),
        sql<string>`coalesce(b.expiry_date::text, '')`.as('expiryDate'),
        'l.expected',
        'l.counted',
        'l.reason',
        'l.change',
        sql<number>`coalesce(b.quantity, 0)`.as('currentQuantity'),
      ])
      .where('l.countId', '=', id)
      .orderBy('p.name')
      .orderBy('b.expiryDate')
      .execute();
    return {
      ...toCount(row),
      lines: lines.map((line) => ({
        ...line,
        productBarcode: line.productBarcode ?? null,
        variance: line.counted === null ? null : line.counted - line.expected,
      })),
      canPost: row.status === 'open' && (await this.mayPost(caller, row.pharmacyId)),
    };
  }

  private rows() {
    return this.db
      .selectFrom('stockCounts as c')
      .leftJoin('pharmacies as ph', 'ph.id', 'c.pharmacyId')
      .leftJoin('users as u', 'u.id', 'c.startedBy')
      .selectAll('c')
      .select([
        sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
        personName('u').as('startedByName'),
        (eb) =>
          eb
            .selectFrom('stockCountLines as l')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('l.countId', '=', 'c.id')
            .as('lineCount'),
        (eb) =>
          eb
            .selectFrom('stockCountLines as l')
            .select(sql<string>`count(l.counted)`.as('n'))
            .whereRef('l.countId', '=', 'c.id')
            .as('countedCount'),
      ]);
  }

  /** The pharmacy a count belongs to, when the caller may change it there. */
  async pharmacyOf(id: string, caller: Principal): Promise<string> {
    const row = await this.db.selectFrom('stockCounts').select('pharmacyId').where('id', '=', id).executeTakeFirst();
    if (!row) throw countNotFound(id);
    await this.scope.assertWritable(caller, row.pharmacyId);
    return row.pharmacyId;
  }

  /** Administrators and the pharmacy's manager post counts. */
  async mayPost(caller: Principal, pharmacyId: string): Promise<boolean> {
    if (caller.role === 'admin') return true;
    const pharmacy = await this.writeModel.pharmacy(pharmacyId);
    return pharmacy.details.managerId === caller.id;
  }
}

/** A count's place for `sort=status`: open ones first (they need work), then posted, then cancelled. */
const countStatusRank = sql<number>`case c.status when 'open' then 0 when 'posted' then 1 when 'cancelled' then 2 else 3 end`;

function toCount(row: {
  id: string;
  pharmacyId: string;
  pharmacyName: string;
  categoryId: string | null;
  shelfLocation: string | null;
  note: string | null;
  status: string;
  startedByName: string | null;
  startedAt: Date;
  postedBy: string | null;
  postedAt: Date | null;
  lineCount: string | null;
  countedCount: string | null;
}): StockCount {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    pharmacyName: row.pharmacyName,
    categoryId: row.categoryId,
    shelfLocation: row.shelfLocation,
    note: row.note,
    status: row.status,
    startedBy: row.startedByName,
    startedAt: row.startedAt.toISOString(),
    postedBy: row.postedBy,
    postedAt: row.postedAt?.toISOString() ?? null,
    lineCount: Number(row.lineCount ?? 0),
    countedCount: Number(row.countedCount ?? 0),
  };
}
