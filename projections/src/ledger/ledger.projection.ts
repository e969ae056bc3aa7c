import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Insertable } from 'kysely';
import type { StockLedgerTable } from '@pharmacy/read-db';
import { inventoryProjection } from '../inventory/inventory.projection';
import { insertRows } from '../runner/bulk-rows';
import type { Projection } from '../runner/projection';
import { movementsOf } from './movements';
import { ledgerTables } from './ledger.tables';

/**
 * `stock_ledger`: every movement of every batch with its running balance,
 * business and recorded time, who and the event: the audit trail, the stock
 * card and stock on hand as of any instant. Balances are carried in
 * `stock_ledger_balances`, so a movement's balance never needs the history;
 * `stock_ledger_months` sums each batch's movements per month of business
 * time (a fact recorded late lands in the month it happened), so a balance as
 * of an instant sums months, not every movement since the batch came.
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 2,
  handles: [
    ...inventoryProjection.handles,
    'TransferStockReserved',
    'TransferStockReleased',
    'BatchDiscountSet',
    'BatchDiscountEnded',
    'BatchExpired',
  ].filter((type, i, all) => all.indexOf(type) === i),
  schema: ledgerTables,

  async apply(trx, event) {
    await this.applyAll!(trx, [event]);
  },

  async applyAll(trx, events) {
    const moved = events.flatMap((recorded) =>
      movementsOf({ type: recorded.type, data: recorded.data } as StockEvent).map((movement, seq) => ({
        recorded,
        movement,
        seq,
      })),
    );
    if (moved.length === 0) return;
    const batchIds = [...new Set(moved.map((m) => m.movement.batchId))];
    const balances = new Map(
      (await trx.selectFrom('stockLedgerBalances').selectAll().where('batchId', 'in', batchIds).execute()).map(
        (row) => [row.batchId, { balance: row.balance, loose: row.looseBalance }],
      ),
    );
    const rows: Insertable<StockLedgerTable>[] = moved.map(({ recorded, movement, seq }) => {
      const before = balances.get(movement.batchId) ?? { balance: 0, loose: 0 };
      const after = { balance: before.balance + movement.quantityChange, loose: before.loose + movement.looseChange };
      balances.set(movement.batchId, after);
      return {
        position: recorded.position.commit,
        seq,
        ...movement,
        balance: after.balance,
        looseBalance: after.loose,
        occurredAt: recorded.metadata.occurredAt,
        recordedAt: recorded.recordedAt,
        userId: recorded.metadata.userId,
        eventId: recorded.id,
        eventType: recorded.type,
      };
    });
    await insertRows(trx, 'stockLedger', rows);
    const touched = batchIds.map(
      (id) => sql`(${id}::uuid, ${balances.get(id)!.balance}::int, ${balances.get(id)!.loose}::int)`,
    );
    await sql`
      INSERT INTO stock_ledger_balances (batch_id, balance, loose_balance)
      VALUES ${sql.join(touched)}
      ON CONFLICT (batch_id) DO UPDATE SET balance = excluded.balance, loose_balance = excluded.loose_balance`.execute(
      trx,
    );
    const months = new Map<
      string,
      { batchId: string; month: string; pharmacyId: string; productId: string; quantity: number; loose: number }
    >();
    for (const row of rows) {
      // The calendar month (UTC) of its business time.
      const month = `${new Date(String(row.occurredAt)).toISOString().slice(0, 7)}-01`;
      const key = `${row.batchId}|${month}`;
      const entry = months.get(key) ?? {
        batchId: row.batchId,
        month,
        pharmacyId: row.pharmacyId,
        productId: row.productId,
        quantity: 0,
        loose: 0,
      };
      entry.quantity += row.quantityChange ?? 0;
      entry.loose += row.looseChange ?? 0;
      months.set(key, entry);
    }
    const monthRows = [...months.values()].map(
      (m) =>
        sql`(${m.batchId}::uuid, ${m.month}::date, ${m.pharmacyId}::uuid, ${m.productId}::uuid, ${m.quantity}::int, ${m.loose}::int)`,
    );
    for (let i = 0; i < monthRows.length; i += 1000) {
      await sql`
        INSERT INTO stock_ledger_months (batch_id, month, pharmacy_id, product_id, quantity_change, loose_change)
        VALUES ${sql.join(monthRows.slice(i, i + 1000))}
        ON CONFLICT (batch_id, month) DO UPDATE
          SET quantity_change = stock_ledger_months.quantity_change + excluded.quantity_change,
              loose_change = stock_ledger_months.loose_change + excluded.loose_change`.execute(trx);
    }
  },
};
