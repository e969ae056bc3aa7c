import { sql, type Insertable } from 'kysely';
import { formatCents, toCents, type SaleCompletedData, type SaleReturnedData, type StockEvent } from '@pharmacy/domain';
import type { RecordedEvent } from '@pharmacy/event-store';
import type { CommissionLinesTable, SaleItemsTable, SaleLinesTable, SalesTable } from '@pharmacy/read-db';
import { insertRows } from '../runner/bulk-rows';
import type { Projection } from '../runner/projection';
import { salesTables } from './sales.tables';

/**
 * `sales`, `sale_lines`, `sale_items` (one row per batch a line came from),
 * `sale_returns` and `daily_sales`: everything recent sales, receipts, sale
 * details and the dashboard's metrics read; `commission_lines` and
 * `product_daily_sales` for the reports (with its months, `product_sales_months`,
 * which triggers on it keep). Amounts are copied from the events,
 * never computed again (a day's totals are sums of them).
 */
export const salesProjection: Projection = {
  name: 'sales',
  // 5: product_sales_chain is one of its tables (a rebuild used to leave it, and add the sales to it again).
  // 6: sales made offline (their number, arrival, copy's time and flag; a line's shortfall).
  version: 6,
  handles: ['SaleCompleted', 'SaleReturned'] satisfies Array<StockEvent['type']>,
  schema: salesTables,

  async fillTotals(trx) {
    await sql`
      INSERT INTO product_sales_months (month, product_id, days, quantity, revenue)
      SELECT date_trunc('month', business_date)::date, product_id, count(*), sum(quantity), sum(revenue)
        FROM product_daily_sales GROUP BY 1, 2 ORDER BY 1, 2`.execute(trx);
  },

  async apply(trx, recorded) {
    await this.applyAll!(trx, [recorded]);
  },

  async applyAll(trx, events) {
    // Sales are inserted together (a busy till makes hundreds a minute); a return updates rows a
    // sale may have inserted in the same run, so what is pending is written before it.
    const pending = new PendingSales();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as StockEvent;
      if (event.type === 'SaleCompleted') pending.add(event.data, recorded);
      else if (event.type === 'SaleReturned') {
        await pending.flush(trx);
        await applyReturn(trx, event.data, recorded);
      }
    }
    await pending.flush(trx);
  },
};

type Trx = Parameters<Projection['apply']>[0];

/** Rows of a run of sales, written with one statement per table. */
class PendingSales {
  private sales: Insertable<SalesTable>[] = [];
  private lines: Insertable<SaleLinesTable>[] = [];
  private items: Insertable<SaleItemsTable>[] = [];
  private commissions: Insertable<CommissionLinesTable>[] = [];
  private readonly products = new Map<
    string,
    { pharmacyId: string; businessDate: string; productId: string; quantity: number; revenue: bigint }
  >();
  private readonly daily = new Map<
    string,
    { pharmacyId: string; businessDate: string; gross: bigint; orders: number }
  >();

  add(sale: SaleCompletedData, recorded: RecordedEvent): void {
    this.sales.push({
      id: sale.saleId,
      pharmacyId: sale.pharmacyId,
      userId: recorded.metadata.userId,
      soldAt: sale.soldAt,
      soldOn: sale.soldOn,
      customerName: sale.customerName,
      customerPhone: sale.customerPhone,
      notes: sale.notes,
      totalAmount: sale.totalAmount,
      cashReceived: sale.cashReceived,
      changeGiven: sale.change,
      itemCount: sale.lines.reduce((n, line) => n + line.quantity, 0),
      position: recorded.position.commit,
      ...(sale.offline
        ? {
            offlineNumber: sale.offline.number,
            recordedAt: recorded.recordedAt,
            offlineCatalogueAsOf: sale.offline.catalogueAsOf,
            offlinePriceStale: sale.offline.priceStale,
          }
        : {}),
    });
    sale.lines.forEach((line, lineIndex) => {
      this.lines.push({
        saleId: sale.saleId,
        lineIndex,
        productId: line.productId,
        productName: line.productName,
        productNameAr: line.productNameAr,
        sku: line.sku,
        salesUnit: line.salesUnit,
        unitsPerPackage: line.unitsPerPackage,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        totalPrice: line.totalPrice,
        commissionEnabled: line.commissionEnabled,
        commissionRate: line.commissionRate,
        commissionAmount: line.commissionAmount,
        discountAmount: line.discountAmount ?? '0.00',
        shortfall: line.shortfall ?? 0,
      });
      if (line.commissionEnabled) {
        this.commissions.push({
          saleId: sale.saleId,
          lineIndex,
          pharmacyId: sale.pharmacyId,
          userId: recorded.metadata.userId,
          productId: line.productId,
          productName: line.productName,
          productSku: line.sku,
          soldAt: sale.soldAt,
          soldOn: sale.soldOn,
          quantity: line.quantity,
          salesUnit: line.salesUnit,
          totalPrice: line.totalPrice,
          commissionRate: line.commissionRate,
          commissionAmount: line.commissionAmount,
        });
      }
      const productKey = `${sale.pharmacyId}|${sale.soldOn}|${line.productId}`;
      const product = this.products.get(productKey) ?? {
        pharmacyId: sale.pharmacyId,
        businessDate: sale.soldOn,
        productId: line.productId,
        quantity: 0,
        revenue: 0n,
      };
      product.quantity += line.quantity;
      product.revenue += toCents(line.totalPrice);
      this.products.set(productKey, product);
      for (const a of line.allocations) {
        this.items.push({
          saleId: sale.saleId,
          lineIndex,
          batchId: a.batchId,
          batchNumber: a.batchNumber,
          expiryDate: a.expiryDate,
          quantity: a.quantity,
          packsOpened: a.packsOpened,
          totalPrice: a.totalPrice,
          commissionAmount: a.commissionAmount,
          discountPercentage: a.discountPercentage ?? null,
          discountAmount: a.discountAmount ?? '0.00',
        });
      }
    });
    const key = `${sale.pharmacyId}|${sale.soldOn}`;
    const day = this.daily.get(key) ?? { pharmacyId: sale.pharmacyId, businessDate: sale.soldOn, gross: 0n, orders: 0 };
    day.gross += toCents(sale.totalAmount);
    day.orders += 1;
    this.daily.set(key, day);
  }

  async flush(trx: Trx): Promise<void> {
    if (this.sales.length === 0) return;
    await insertRows(trx, 'sales', this.sales);
    await insertRows(trx, 'saleLines', this.lines);
    await insertRows(trx, 'saleItems', this.items);
    await insertRows(trx, 'commissionLines', this.commissions);
    for (const chunk of chunks([...this.products.values()], 2000)) {
      await trx
        .insertInto('productDailySales')
        .values(chunk.map((p) => ({ ...p, revenue: formatCents(p.revenue) })))
        .onConflict((oc) =>
          oc.columns(['businessDate', 'pharmacyId', 'productId']).doUpdateSet({
            quantity: sql`product_daily_sales.quantity + excluded.quantity`,
            revenue: sql`product_daily_sales.revenue + excluded.revenue`,
          }),
        )
        .execute();
    }
    const totals = new Map<string, { pharmacyId: string; productId: string; quantity: number; revenue: bigint }>();
    for (const p of this.products.values()) {
      const key = `${p.pharmacyId}|${p.productId}`;
      const total = totals.get(key) ?? { pharmacyId: p.pharmacyId, productId: p.productId, quantity: 0, revenue: 0n };
      total.quantity += p.quantity;
      total.revenue += p.revenue;
      totals.set(key, total);
    }
    for (const chunk of chunks([...totals.values()], 2000)) {
      await trx
        .insertInto('productSalesTotals')
        .values(chunk.map((t) => ({ ...t, revenue: formatCents(t.revenue) })))
        .onConflict((oc) =>
          oc.columns(['pharmacyId', 'productId']).doUpdateSet({
            quantity: sql`product_sales_totals.quantity + excluded.quantity`,
            revenue: sql`product_sales_totals.revenue + excluded.revenue`,
          }),
        )
        .execute();
    }
    const chain = new Map<string, { productId: string; quantity: number; revenue: bigint }>();
    for (const t of totals.values()) {
      const entry = chain.get(t.productId) ?? { productId: t.productId, quantity: 0, revenue: 0n };
      entry.quantity += t.quantity;
      entry.revenue += t.revenue;
      chain.set(t.productId, entry);
    }
    for (const chunk of chunks([...chain.values()], 2000)) {
      await trx
        .insertInto('productSalesChain')
        .values(chunk.map((t) => ({ ...t, revenue: formatCents(t.revenue) })))
        .onConflict((oc) =>
          oc.column('productId').doUpdateSet({
            quantity: sql`product_sales_chain.quantity + excluded.quantity`,
            revenue: sql`product_sales_chain.revenue + excluded.revenue`,
          }),
        )
        .execute();
    }
    await trx
      .insertInto('dailySales')
      .values(
        [...this.daily.values()].map((d) => ({
          pharmacyId: d.pharmacyId,
          businessDate: d.businessDate,
          grossSales: formatCents(d.gross),
          orders: d.orders,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['pharmacyId', 'businessDate']).doUpdateSet({
          grossSales: sql`daily_sales.gross_sales + excluded.gross_sales`,
          orders: sql`daily_sales.orders + excluded.orders`,
        }),
      )
      .execute();
    this.sales = [];
    this.lines = [];
    this.items = [];
    this.commissions = [];
    this.products.clear();
    this.daily.clear();
  }
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function applyReturn(trx: Trx, back: SaleReturnedData, recorded: RecordedEvent): Promise<void> {
  await trx
    .insertInto('saleReturns')
    .values({
      returnId: back.returnId,
      saleId: back.saleId,
      pharmacyId: back.pharmacyId,
      userId: recorded.metadata.userId,
      returnedAt: back.returnedAt,
      returnedOn: back.returnedOn,
      reason: back.reason,
      refundAmount: back.refundAmount,
      lines: JSON.stringify(
        back.lines.map((line) => ({
          lineIndex: line.lineIndex,
          quantity: line.quantity,
          refund: line.refund,
          restocked: line.allocations.filter((a) => a.restocked).reduce((n, a) => n + a.quantity, 0),
        })),
      ),
    })
    .execute();
  await trx
    .updateTable('sales')
    .set({ refundedAmount: sql`sales.refunded_amount + ${back.refundAmount}::numeric` })
    .where('id', '=', back.saleId)
    .execute();
  for (const line of back.lines) {
    await trx
      .updateTable('saleLines')
      .set({ returnedQuantity: sql`sale_lines.returned_quantity + ${line.quantity}` })
      .where('saleId', '=', back.saleId)
      .where('lineIndex', '=', line.lineIndex)
      .execute();
    for (const a of line.allocations) {
      await trx
        .updateTable('saleItems')
        .set({ returnedQuantity: sql`sale_items.returned_quantity + ${a.quantity}` })
        .where('saleId', '=', back.saleId)
        .where('lineIndex', '=', line.lineIndex)
        .where('batchId', '=', a.batchId)
        .execute();
    }
  }
  // Units brought back come off their product's sales on the day of the return.
  for (const line of back.lines) {
    await sql`
      INSERT INTO product_daily_sales (pharmacy_id, business_date, product_id, quantity, revenue)
      SELECT ${back.pharmacyId}, ${back.returnedOn}::date, product_id, ${-line.quantity}, ${line.refund}::numeric * -1
        FROM sale_lines WHERE sale_id = ${back.saleId} AND line_index = ${line.lineIndex}
      ON CONFLICT (business_date, pharmacy_id, product_id) DO UPDATE
        SET quantity = product_daily_sales.quantity + excluded.quantity,
            revenue = product_daily_sales.revenue + excluded.revenue`.execute(trx);
    await sql`
      UPDATE product_sales_totals t SET quantity = t.quantity - ${line.quantity}, revenue = t.revenue - ${line.refund}::numeric
        FROM sale_lines l
       WHERE l.sale_id = ${back.saleId} AND l.line_index = ${line.lineIndex}
         AND t.pharmacy_id = ${back.pharmacyId} AND t.product_id = l.product_id`.execute(trx);
    await sql`
      UPDATE product_sales_chain t SET quantity = t.quantity - ${line.quantity}, revenue = t.revenue - ${line.refund}::numeric
        FROM sale_lines l
       WHERE l.sale_id = ${back.saleId} AND l.line_index = ${line.lineIndex} AND t.product_id = l.product_id`.execute(
      trx,
    );
  }
  // A refund counts on the day it is given, whatever the day of the sale.
  await trx
    .insertInto('dailySales')
    .values({ pharmacyId: back.pharmacyId, businessDate: back.returnedOn, refunds: back.refundAmount })
    .onConflict((oc) =>
      oc.columns(['pharmacyId', 'businessDate']).doUpdateSet({
        refunds: sql`daily_sales.refunds + ${back.refundAmount}::numeric`,
      }),
    )
    .execute();
}
