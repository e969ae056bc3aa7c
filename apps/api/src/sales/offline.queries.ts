import { Inject, Injectable } from '@nestjs/common';
import type { DiscrepancyQuery, OfflineCatalogue, StockDiscrepancy } from '@pharmacy/contracts';
import { todayIn } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { sql } from 'kysely';
import { inScope, type Scope } from '../catalogue/product.queries';
import { personName } from '../common/person-name';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';

/** What a till reads to keep selling offline, and the discrepancies late sales raised. */
@Injectable()
export class OfflineQueries {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The active catalogue with today's prices, and this pharmacy's batches that
   * can be sold now (not expired, not recorded as expired, holding units beyond
   * what pending transfers hold back), read in one snapshot.
   */
  async catalogue(pharmacyId: string): Promise<OfflineCatalogue> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(trx);
      const generatedAt = new Date();
      const today = todayIn(this.config.TIME_ZONE, generatedAt);
      const [products, batches] = await Promise.all([
        trx
          .selectFrom('products')
          .select([
            'id',
            'sku',
            'barcode',
            'name',
            'nameAr',
            'genericName',
            'genericNameAr',
            'price',
            'salesUnit',
            'unitsPerPackage',
            'requiresPrescription',
          ])
          .where('isActive', '=', true)
          .orderBy('name')
          .execute(),
        trx
          .selectFrom('inventoryBatches as b')
          .innerJoin('products as p', 'p.id', 'b.productId')
          .select([
            'b.id',
            'b.productId',
            'b.batchNumber',
            sql<string>`to_char(b.expiry_date, 'YYYY-MM-DD')`.as('expiryDate'),
            sql<string>`to_char(b.received_date, 'YYYY-MM-DD')`.as('receivedDate'),
            sql<number>`greatest(b.quantity - b.reserved_quantity, 0)`.as('quantity'),
            'b.looseUnits',
            sql<string | null>`b.discount_percentage::text`.as('discountPercentage'),
          ])
          .where('b.pharmacyId', '=', pharmacyId)
          .where('b.isActive', '=', true)
          .where('p.isActive', '=', true)
          .where('b.expiredOn', 'is', null)
          .where('b.expiryDate', '>=', today)
          .where((eb) => eb.or([eb('b.quantity', '>', eb.ref('b.reservedQuantity')), eb('b.looseUnits', '>', 0)]))
          .orderBy('b.productId')
          .orderBy('b.expiryDate')
          .execute(),
      ]);
      return {
        pharmacyId,
        generatedAt: generatedAt.toISOString(),
        priceWindowHours: this.config.OFFLINE_PRICE_WINDOW_HOURS,
        products,
        batches,
      };
    });
  }

  async discrepancies(scope: Scope, query: DiscrepancyQuery): Promise<StockDiscrepancy[]> {
    let rows = this.discrepancyRows().orderBy('d.raisedAt', 'desc').orderBy('d.id').limit(query.limit);
    if (scope !== 'all') rows = rows.where('d.pharmacyId', 'in', inScope(scope));
    if (query.status === 'open') rows = rows.where('d.resolvedAt', 'is', null);
    if (query.status === 'resolved') rows = rows.where('d.resolvedAt', 'is not', null);
    return (await rows.execute()).map(toDiscrepancy);
  }

  async discrepancy(discrepancyId: string): Promise<StockDiscrepancy | null> {
    const row = await this.discrepancyRows().where('d.id', '=', discrepancyId).executeTakeFirst();
    return row ? toDiscrepancy(row) : null;
  }

  private discrepancyRows() {
    return this.db
      .selectFrom('stockDiscrepancies as d')
      .leftJoin('pharmacies as ph', 'ph.id', 'd.pharmacyId')
      .leftJoin('users as u', 'u.id', 'd.resolvedBy')
      .select([
        'd.id',
        'd.pharmacyId',
        sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
        'd.kind',
        'd.saleId',
        'd.offlineNumber',
        'd.soldAt',
        'd.raisedAt',
        'd.catalogueAsOf',
        'd.lines',
        'd.resolvedAt',
        personName('u').as('resolvedBy'),
        'd.resolutionNote',
      ]);
  }
}

type DiscrepancyRow = Awaited<ReturnType<ReturnType<OfflineQueries['discrepancyRows']>['executeTakeFirstOrThrow']>>;

function toDiscrepancy(row: DiscrepancyRow): StockDiscrepancy {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    pharmacyName: row.pharmacyName,
    kind: row.kind,
    saleId: row.saleId,
    offlineNumber: row.offlineNumber,
    soldAt: row.soldAt.toISOString(),
    raisedAt: row.raisedAt.toISOString(),
    lines: row.lines.map((line) => ({
      ...line,
      salesUnit: line.salesUnit as StockDiscrepancy['lines'][number]['salesUnit'],
    })),
    catalogueAsOf: row.catalogueAsOf?.toISOString() ?? null,
    status: row.resolvedAt ? 'resolved' : 'open',
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedAt ? row.resolvedBy : null,
    resolutionNote: row.resolutionNote,
  };
}
