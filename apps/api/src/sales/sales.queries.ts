import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DailyMetrics, Sale, SaleDetail, SaleLine, SaleReturn } from '@pharmacy/contracts';
import type { ReadDb } from '@pharmacy/read-db';
import { inScope, type Scope } from '../catalogue/product.queries';
import { personName } from '../common/person-name';
import { READ_DB } from '../infrastructure/tokens';

const userName = personName('u');

/** Reads of the sales read model (`sales`, `sale_lines`, `sale_items`, `sale_returns`, `daily_sales`). */
@Injectable()
export class SalesQueries {
  constructor(@Inject(READ_DB) private readonly db: ReadDb) {}

  private sales(scope: Scope) {
    let query = this.db
      .selectFrom('sales as s')
      .leftJoin('pharmacies as ph', 'ph.id', 's.pharmacyId')
      .leftJoin('users as u', 'u.id', 's.userId')
      .select([
        's.id',
        's.pharmacyId',
        sql<string>`coalesce(ph.name, 'Unknown Location')`.as('pharmacyName'),
        's.userId',
        userName.as('userName'),
        's.customerName',
        's.customerPhone',
        's.notes',
        's.totalAmount',
        's.cashReceived',
        's.changeGiven',
        's.refundedAmount',
        's.itemCount',
        's.soldAt',
      ]);
    if (scope !== 'all') query = query.where('s.pharmacyId', 'in', inScope(scope));
    return query;
  }

  /** The newest sales first, of a period of business days when one is given. */
  async list(scope: Scope, limit: number, period: { startDate?: string; endDate?: string } = {}): Promise<Sale[]> {
    let query = this.sales(scope);
    if (period.startDate) query = query.where('s.soldOn', '>=', period.startDate);
    if (period.endDate) query = query.where('s.soldOn', '<=', period.endDate);
    const rows = await query.orderBy('s.soldAt', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
    return rows.map(toSale);
  }

  async pharmacyOf(saleId: string): Promise<string | null> {
    const row = await this.db.selectFrom('sales').select('pharmacyId').where('id', '=', saleId).executeTakeFirst();
    return row?.pharmacyId ?? null;
  }

  async detail(saleId: string): Promise<SaleDetail | null> {
    const row = await this.sales('all').where('s.id', '=', saleId).executeTakeFirst();
    if (!row) return null;
    const [lines, items, returns, pharmacy] = await Promise.all([
      this.db.selectFrom('saleLines').selectAll().where('saleId', '=', saleId).orderBy('lineIndex').execute(),
      this.db.selectFrom('saleItems').selectAll().where('saleId', '=', saleId).execute(),
      this.db
        .selectFrom('saleReturns as r')
        .leftJoin('users as u', 'u.id', 'r.userId')
        .select([
          'r.returnId',
          'r.saleId',
          'r.returnedAt',
          'r.reason',
          'r.refundAmount',
          'r.lines',
          userName.as('userName'),
        ])
        .where('r.saleId', '=', saleId)
        .orderBy('r.returnedAt')
        .execute(),
      this.db
        .selectFrom('pharmacies')
        .select(['name', 'nameAr', 'address', 'addressAr', 'phone'])
        .where('id', '=', row.pharmacyId)
        .executeTakeFirst(),
    ]);
    return {
      ...toSale(row),
      pharmacy: pharmacy ?? { name: 'Unknown Location', nameAr: null, address: '', addressAr: null, phone: null },
      lines: lines.map((line): SaleLine => ({
        lineIndex: line.lineIndex,
        productId: line.productId,
        productName: line.productName,
        productNameAr: line.productNameAr,
        sku: line.sku,
        salesUnit: line.salesUnit,
        unitsPerPackage: line.unitsPerPackage,
        quantity: line.quantity,
        returnedQuantity: line.returnedQuantity,
        unitPrice: trimUnitPrice(line.unitPrice),
        totalPrice: line.totalPrice,
        commissionEnabled: line.commissionEnabled,
        commissionRate: line.commissionRate,
        commissionAmount: line.commissionAmount,
        discountAmount: line.discountAmount,
        allocations: items
          .filter((item) => item.lineIndex === line.lineIndex)
          .map((item) => ({
            batchId: item.batchId,
            batchNumber: item.batchNumber,
            expiryDate: item.expiryDate,
            quantity: item.quantity,
            returnedQuantity: item.returnedQuantity,
            totalPrice: item.totalPrice,
            commissionAmount: item.commissionAmount,
            discountPercentage: item.discountPercentage,
            discountAmount: item.discountAmount,
          })),
      })),
      returns: returns.map((r): SaleReturn => ({
        returnId: r.returnId,
        saleId: r.saleId,
        returnedAt: r.returnedAt.toISOString(),
        reason: r.reason,
        refundAmount: r.refundAmount,
        userName: r.userName,
        lines: r.lines as SaleReturn['lines'],
      })),
    };
  }

  /** Today's sales (net of what was refunded today) and orders, at the pharmacies in scope. */
  async dailyMetrics(scope: Scope, today: string): Promise<DailyMetrics> {
    let query = this.db
      .selectFrom('dailySales')
      .select([
        sql<string>`coalesce(sum(gross_sales - refunds), 0)::numeric(14,2)::text`.as('totalSales'),
        sql<string>`coalesce(sum(orders), 0)`.as('totalOrders'),
      ])
      .where('businessDate', '=', today);
    if (scope !== 'all') query = query.where('pharmacyId', 'in', inScope(scope));
    const row = await query.executeTakeFirstOrThrow();
    return { totalSales: row.totalSales, totalOrders: Number(row.totalOrders) };
  }
}

type SaleRow = Awaited<ReturnType<ReturnType<SalesQueries['sales']>['executeTakeFirstOrThrow']>>;

function toSale(row: SaleRow): Sale {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    pharmacyName: row.pharmacyName,
    userId: row.userId,
    userName: row.userName,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    notes: row.notes,
    totalAmount: row.totalAmount,
    cashReceived: row.cashReceived,
    change: row.changeGiven,
    refundedAmount: row.refundedAmount,
    itemCount: row.itemCount,
    createdAt: row.soldAt.toISOString(),
  };
}

/** numeric(14,4) comes back as "0.4990": shown as the sale event wrote it ("0.499", "4.99"). */
export function trimUnitPrice(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}
