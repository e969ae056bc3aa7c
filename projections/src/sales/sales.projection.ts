import { sql } from 'kysely';
import type { SaleCompletedData, SaleReturnedData, StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';

/**
 * `sales`, `sale_lines`, `sale_items` (one row per batch a line came from),
 * `sale_returns` and `daily_sales`: everything recent sales, receipts, sale
 * details and the dashboard's metrics read. Amounts are copied from the
 * events, never computed again.
 */
export const salesProjection: Projection = {
  name: 'sales',
  version: 1,
  handles: ['SaleCompleted', 'SaleReturned'] satisfies Array<StockEvent['type']>,
  tables: ['sales', 'saleLines', 'saleItems', 'saleReturns', 'dailySales'],

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    switch (event.type) {
      case 'SaleCompleted': {
        const sale: SaleCompletedData = event.data;
        await trx
          .insertInto('sales')
          .values({
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
          })
          .execute();
        await trx
          .insertInto('saleLines')
          .values(
            sale.lines.map((line, lineIndex) => ({
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
            })),
          )
          .execute();
        await trx
          .insertInto('saleItems')
          .values(
            sale.lines.flatMap((line, lineIndex) =>
              line.allocations.map((a) => ({
                saleId: sale.saleId,
                lineIndex,
                batchId: a.batchId,
                batchNumber: a.batchNumber,
                expiryDate: a.expiryDate,
                quantity: a.quantity,
                packsOpened: a.packsOpened,
                totalPrice: a.totalPrice,
                commissionAmount: a.commissionAmount,
              })),
            ),
          )
          .execute();
        await trx
          .insertInto('dailySales')
          .values({ pharmacyId: sale.pharmacyId, businessDate: sale.soldOn, grossSales: sale.totalAmount, orders: 1 })
          .onConflict((oc) =>
            oc.columns(['pharmacyId', 'businessDate']).doUpdateSet({
              grossSales: sql`daily_sales.gross_sales + ${sale.totalAmount}::numeric`,
              orders: sql`daily_sales.orders + 1`,
            }),
          )
          .execute();
        return;
      }
      case 'SaleReturned': {
        const back: SaleReturnedData = event.data;
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
        return;
      }
      default:
        return;
    }
  },
};
