import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Runs a read in a transaction of its own where PostgreSQL's planner avoids
 * sequential scans (`SET LOCAL enable_seqscan = off`, for that transaction
 * only), or plainly when `when` is false.
 *
 * For a search with a LIKE '%text%' over a trigram index: the planner prices
 * each LIKE at one operator call, and the trigram index high, so it reads the
 * whole table even when the index finds the few matching rows at a tenth of
 * the cost (20,000 products: a sequential scan takes about 20 ms, the index
 * 1 to 3 ms). Only for texts with trigrams the index can look up (see
 * `hasTrigrams`); others are found faster by reading every row.
 */
export function preferIndexes<DB, T>(
  db: Kysely<DB>,
  when: boolean,
  read: (db: Kysely<DB> | Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (!when) return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return read(trx);
  });
}

/**
 * Whether a search text has a trigram a trigram index can look up: pg_trgm
 * takes them from runs of letters and digits, so 'ch-001' has some ('001')
 * and 'am' or '#12' have none (the index would then be read whole).
 */
export function hasTrigrams(text: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(text);
}
