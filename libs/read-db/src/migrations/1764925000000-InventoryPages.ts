import { sql, type Kysely } from 'kysely';

/**
 * Indexes behind the paged inventory lists (issue 13), so a first page of
 * 500,000 batches reads 50 index entries in order instead of sorting them all:
 * - active batches by expiry date (Batch Management's and Expiry Tracking's
 *   order, and their expiry-band filters, which are ranges of it), by
 *   receipt date and by batch number, each with the id that breaks ties;
 * - a trigram index of the batch number, for a search that contains it (the
 *   product and location names are matched in their own tables first).
 * By product, a page walks `products_name_idx` and each product's batches
 * (`inventory_batches_product_idx`). No index holds the quantity: a sale
 * changes it, and an index on it would make every sale rewrite the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX inventory_batches_active_expiry_idx ON inventory_batches (expiry_date, id)
              WHERE is_active`.execute(db);
  await sql`CREATE INDEX inventory_batches_active_received_idx ON inventory_batches (received_date, id)
              WHERE is_active`.execute(db);
  await sql`CREATE INDEX inventory_batches_active_number_idx ON inventory_batches (batch_number, id)
              WHERE is_active`.execute(db);
  await sql`CREATE INDEX inventory_batches_number_trgm ON inventory_batches
              USING gin (batch_number gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'inventory_batches_number_trgm',
    'inventory_batches_active_number_idx',
    'inventory_batches_active_received_idx',
    'inventory_batches_active_expiry_idx',
  ]) {
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
}
