import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { Projection } from '../runner/projection';
import { countsTables } from './counts.tables';

type CountFact = Extract<
  StockEvent,
  { type: 'StockCountStarted' | 'StockCounted' | 'StockCountPosted' | 'StockCountCancelled' }
>;

/** `stock_counts` and `stock_count_lines`: each count, what was expected, counted and posted per batch. */
export const countsProjection: Projection = {
  name: 'counts',
  version: 1,
  handles: ['StockCountStarted', 'StockCounted', 'StockCountPosted', 'StockCountCancelled'] satisfies Array<
    CountFact['type']
  >,
  schema: countsTables,

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CountFact;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'StockCountStarted': {
        const d = event.data;
        await trx
          .insertInto('stockCounts')
          .values({
            id: d.countId,
            pharmacyId: d.pharmacyId,
            categoryId: d.categoryId,
            shelfLocation: d.shelfLocation ?? null,
            note: d.note,
            status: 'open',
            startedBy: d.startedBy,
            startedAt: d.startedAt,
            updatedAt: d.startedAt,
          })
          .execute();
        for (let i = 0; i < d.lines.length; i += 2000) {
          await trx
            .insertInto('stockCountLines')
            .values(d.lines.slice(i, i + 2000).map((line) => ({ countId: d.countId, ...line })))
            .execute();
        }
        return;
      }
      case 'StockCounted': {
        const rows = event.data.counts.map((c) => sql`(${c.batchId}::uuid, ${c.counted}::int, ${c.reason}::text)`);
        await sql`
          UPDATE stock_count_lines AS l SET counted = v.counted, reason = v.reason
          FROM (VALUES ${sql.join(rows)}) AS v(batch_id, counted, reason)
          WHERE l.count_id = ${event.data.countId} AND l.batch_id = v.batch_id`.execute(trx);
        await trx.updateTable('stockCounts').set({ updatedAt: at }).where('id', '=', event.data.countId).execute();
        return;
      }
      case 'StockCountPosted': {
        const d = event.data;
        if (d.adjustments.length > 0) {
          const rows = d.adjustments.map((a) => sql`(${a.batchId}::uuid, ${a.change}::int)`);
          await sql`
            UPDATE stock_count_lines AS l SET change = v.change
            FROM (VALUES ${sql.join(rows)}) AS v(batch_id, change)
            WHERE l.count_id = ${d.countId} AND l.batch_id = v.batch_id`.execute(trx);
        }
        await trx
          .updateTable('stockCounts')
          .set({ status: 'posted', postedBy: d.postedBy, postedAt: d.postedAt, updatedAt: d.postedAt })
          .where('id', '=', d.countId)
          .execute();
        return;
      }
      case 'StockCountCancelled':
        await trx
          .updateTable('stockCounts')
          .set({
            status: 'cancelled',
            cancelledBy: event.data.cancelledBy,
            cancelReason: event.data.reason,
            updatedAt: at,
          })
          .where('id', '=', event.data.countId)
          .execute();
        return;
      default:
        return;
    }
  },
};
