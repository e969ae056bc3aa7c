import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DomainError } from '@pharmacy/domain';
import type { EventStore } from '@pharmacy/event-store';
import type { ProjectionWaiter } from '@pharmacy/projections';
import type { ReadDb } from '@pharmacy/read-db';
import { EVENT_STORE, PROJECTION_WAITER, READ_DB } from '../infrastructure/tokens';

/** How long a backdated correction waits for the stock ledger to show everything recorded before it. */
const LEDGER_WAIT_MS = 10_000;

const minute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The rule for facts recorded late with an effective time in the past (ADR
 * 0013): they never edit history, they are new events whose business time is
 * then; and one must not make any balance the batch had since then negative.
 * The batch's balances by business time come from the stock ledger, read once
 * it has caught up with the log, so the check sees every movement recorded
 * before the correction; the command's append names the stream revision it
 * decided on, so a movement recorded meanwhile makes it check again.
 */
@Injectable()
export class PastBalances {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
  ) {}

  /** Waits until the stock ledger shows everything recorded so far. */
  private async caughtUp(retry: string): Promise<void> {
    const head = await this.store.headPosition();
    if (head && !(await this.waiter.waitFor(head, LEDGER_WAIT_MS, ['StockAdjusted']))) {
      throw new DomainError('CONCURRENCY_CONFLICT', `The stock history is still being brought up to date. ${retry}`);
    }
  }

  /**
   * How low each batch of these products at this pharmacy has been from `at`
   * until now, in packs and in loose units (business-time order; 0 for a
   * batch that was not there yet at `at`): what a sale placed at `at` may take
   * from it without making any balance since then negative (ADR 0015).
   */
  async lowestSince(
    pharmacyId: string,
    productIds: readonly string[],
    at: Date,
  ): Promise<Record<string, { packs: number; looseUnits: number }>> {
    if (productIds.length === 0) return {};
    await this.caughtUp('Please send the sale again in a moment.');
    const { rows } = await sql<{ batchId: string; packs: number; looseUnits: number }>`
      WITH series AS (
        SELECT batch_id, occurred_at, position, seq,
               sum(quantity_change) OVER w AS packs,
               sum(loose_change) OVER w AS loose
          FROM stock_ledger
         WHERE pharmacy_id = ${pharmacyId} AND product_id = ANY(${[...productIds]}::uuid[])
        WINDOW w AS (PARTITION BY batch_id ORDER BY occurred_at, position, seq ROWS UNBOUNDED PRECEDING)
      ), ends AS (
        SELECT batch_id,
               coalesce((array_agg(packs ORDER BY occurred_at DESC, position DESC, seq DESC)
                          FILTER (WHERE occurred_at <= ${at}))[1], 0) AS packs_then,
               coalesce((array_agg(loose ORDER BY occurred_at DESC, position DESC, seq DESC)
                          FILTER (WHERE occurred_at <= ${at}))[1], 0) AS loose_then,
               min(packs) FILTER (WHERE occurred_at > ${at}) AS packs_after,
               min(loose) FILTER (WHERE occurred_at > ${at}) AS loose_after
          FROM series GROUP BY batch_id
      )
      SELECT batch_id::text,
             least(packs_then, coalesce(packs_after, packs_then))::int AS packs,
             least(loose_then, coalesce(loose_after, loose_then))::int AS loose_units
        FROM ends`.execute(this.db);
    return Object.fromEntries(rows.map((row) => [row.batchId, { packs: row.packs, looseUnits: row.looseUnits }]));
  }

  async assertAllows(batch: { batchId: string; batchNumber: string }, at: Date, change: number): Promise<void> {
    await this.caughtUp('Please try the correction again in a moment.');
    const { rows } = await sql<{
      firstAt: Date | null;
      then: string;
      lowestAfter: string | null;
      lowestAt: Date | null;
    }>`
      WITH series AS (
        SELECT occurred_at,
               sum(quantity_change) OVER (ORDER BY occurred_at, position, seq ROWS UNBOUNDED PRECEDING) AS balance
          FROM stock_ledger WHERE batch_id = ${batch.batchId}
      ), lowest AS (
        SELECT balance, occurred_at FROM series WHERE occurred_at > ${at} ORDER BY balance, occurred_at LIMIT 1
      )
      SELECT (SELECT min(occurred_at) FROM series) AS first_at,
             (SELECT coalesce(sum(quantity_change), 0) FROM stock_ledger
               WHERE batch_id = ${batch.batchId} AND occurred_at <= ${at})::text AS then,
             (SELECT balance::text FROM lowest) AS lowest_after,
             (SELECT occurred_at FROM lowest) AS lowest_at`.execute(this.db);
    const row = rows[0]!;
    if (!row.firstAt || row.firstAt.getTime() > at.getTime()) {
      throw new DomainError(
        'EFFECTIVE_BEFORE_BATCH',
        `Batch ${batch.batchNumber} was received on ${row.firstAt ? minute(row.firstAt) : 'a later date'}: a correction cannot take effect before it was there.`,
      );
    }
    if (change >= 0) return;
    const then = Number(row.then);
    const lowestAfter = row.lowestAfter === null ? null : Number(row.lowestAfter);
    const [lowest, lowestAt] = lowestAfter !== null && lowestAfter < then ? [lowestAfter, row.lowestAt!] : [then, at];
    if (lowest + change < 0) {
      throw new DomainError(
        'PAST_BALANCE_BELOW_ZERO',
        `Batch ${batch.batchNumber} held ${lowest} packs on ${minute(lowestAt)}: a correction of ${change} taking effect on ${minute(
          at,
        )} would leave it below zero then. Choose a later time or a smaller correction.`,
        { lowest, lowestAt: lowestAt.toISOString() },
      );
    }
  }
}
