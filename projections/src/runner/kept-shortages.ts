import { sql, type Transaction } from 'kysely';
import type { ReadDatabase } from '@pharmacy/read-db';
import type { Projection } from './projection';

/** The read models the shortages kept as rows are counted from (migration ShortageCache). */
const COUNTED_FROM = new Set<string>(['inventoryBatches', 'products', 'pharmacies']);

/**
 * A rebuild of any of those read models forgets the shortages kept as rows:
 * their triggers do nothing from then on in this transaction (a replay would
 * otherwise count each product again at each event), and once it commits the
 * API reads the grid and fills them again. Call it first in the transaction.
 */
export async function forgetKeptShortages(
  trx: Transaction<ReadDatabase>,
  projections: readonly Projection[],
): Promise<void> {
  if (!projections.some((projection) => projection.tables.some((table) => COUNTED_FROM.has(table)))) return;
  await sql`DELETE FROM public.shortage_day`.execute(trx);
}
