import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Insertable } from 'kysely';
import type { StockLedgerTable } from '@pharmacy/read-db';
import { inventoryProjection } from '../inventory/inventory.projection';
import type { Projection } from '../runner/projection';
import { movementsOf } from './movements';

/**
 * `stock_ledger`: every movement of every batch with its running balance,
 * business and recorded time, who and the event: the audit trail, the stock
 * card and stock on hand as of any instant. Balances are carried in
 * `stock_ledger_balances`, so a movement's balance never needs the history.
 */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 1,
  handles: [
    ...inventoryProjection.handles,
    'TransferStockReserved',
    'TransferStockReleased',
    'BatchDiscountSet',
    'BatchDiscountEnded',
    'BatchExpired',
  ].filter((type, i, all) => all.indexOf(type) === i),
  tables: ['stockLedger', 'stockLedgerBalances'],

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
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('stockLedger')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const touched = batchIds.map(
      (id) => sql`(${id}::uuid, ${balances.get(id)!.balance}::int, ${balances.get(id)!.loose}::int)`,
    );
    await sql`
      INSERT INTO stock_ledger_balances (batch_id, balance, loose_balance)
      VALUES ${sql.join(touched)}
      ON CONFLICT (batch_id) DO UPDATE SET balance = excluded.balance, loose_balance = excluded.loose_balance`.execute(
      trx,
    );
  },
};
