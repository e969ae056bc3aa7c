import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { CountSort, RecordCountsInput, StartCountInput, StockCount, StockCountDetail } from '@pharmacy/contracts';
import { countNotFound, DomainError, stockDecider, stockStreamId, todayIn, type StockCommand } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import type { Principal } from '../common/access/access';
import { CommandExecutor } from '../common/command-executor';
import { newEntityId } from '../common/idempotency';
import { PharmacyScope } from '../common/pharmacy-scope';
import type { RequestContext } from '../common/request-context';
import { WriteModel } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { inScope, type Scope } from '../catalogue/product.queries';
import { STOCK_SNAPSHOTS } from '../inventory/stock-snapshots';
import { personName } from '../common/person-name';

/**
 * Stock counts: started, counted and posted on the pharmacy's stock stream
 * (see libs/domain/src/stock/counts.ts), read from `stock_counts`.
 */
@Injectable()
export class StockCounts {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly scope: PharmacyScope,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(input: StartCountInput, caller: Principal, context: RequestContext): Promise<StockCountDetail> {
    await this.scope.assertWritable(caller, input.pharmacyId);
    await this.writeModel.pharmacy(input.pharmacyId);
    let productIds: string[] | null = null;
    if (input.categoryId || input.shelfLocation) {
      if (input.categoryId) await this.writeModel.category(input.categoryId);
      let products = this.db.selectFrom('products').select('id');
      if (input.categoryId) products = products.where('categoryId', '=', input.categoryId);
      if (input.shelfLocation) {
        products = products.where(sql<boolean>`lower(trim(shelf_location)) = ${input.shelfLocation.toLowerCase()}`);
      }
      productIds = (await products.execute()).map((p) => p.id);
    }
    const countId = newEntityId(context, 'stock-count');
    await this.run(input.pharmacyId, context, {
      type: 'StartCount',
      countId,
      pharmacyId: input.pharmacyId,
      productIds,
      categoryId: input.categoryId,
      shelfLocation: input.shelfLocation,
      note: input.note,
      by: context.userId,
      at: new Date().toISOString(),
    });
    return this.detail(countId, caller);
  }

  async record(id: string, input: RecordCountsInput, caller: Principal, context: RequestContext) {
    const pharmacyId = await this.pharmacyOf(id, caller);
    await this.run(pharmacyId, context, {
      type: 'RecordCounts',
      countId: id,
      pharmacyId,
      by: context.userId,
      counts: input.counts,
    });
    return this.detail(id, caller);
  }

  async post(id: string, caller: Principal, context: RequestContext): Promise<StockCountDetail> {
    const pharmacyId = await this.pharmacyOf(id, caller);
    if (!(await this.mayPost(caller, pharmacyId))) {
      throw new DomainError('FORBIDDEN', "Only an administrator or the pharmacy's manager can post a stock count.");
    }
    const now = new Date();
    await this.run(pharmacyId, context, {
      type: 'PostCount',
      countId: id,
      pharmacyId,
      by: context.userId,
      at: now.toISOString(),
      today: todayIn(this.config.TIME_ZONE, now),
    });
    return this.detail(id, caller);
  }

  async cancel(id: string, reason: string | null, caller: Principal, context: RequestContext) {
    const pharmacyId = await this.pharmacyOf(id, caller);
    await this.run(pharmacyId, context, {
      type: 'CancelCount',
      countId: id,
      pharmacyId,
      by: context.userId,
      reason,
    });
    return this.detail(id, caller);
  }

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

  private async pharmacyOf(id: string, caller: Principal): Promise<string> {
    const row = await this.db.selectFrom('stockCounts').select('pharmacyId').where('id', '=', id).executeTakeFirst();
    if (!row) throw countNotFound(id);
    await this.scope.assertWritable(caller, row.pharmacyId);
    return row.pharmacyId;
  }

  private async mayPost(caller: Principal, pharmacyId: string): Promise<boolean> {
    if (caller.role === 'admin') return true;
    const pharmacy = await this.writeModel.pharmacy(pharmacyId);
    return pharmacy.details.managerId === caller.id;
  }

  private run(pharmacyId: string, context: RequestContext, command: StockCommand) {
    return this.executor.execute(stockStreamId(pharmacyId), stockDecider, command, context, {
      snapshot: STOCK_SNAPSHOTS,
    });
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
