import { sql, type Kysely } from 'kysely';

/**
 * Indexes behind the paged lists (issue 13) of products, transfers and stock
 * counts, so a first page reads an index in order instead of sorting every
 * row, and a search reads a trigram index instead of every row:
 * - products: a scanned or typed barcode matches `lower(barcode)` (the search
 *   ORs it with the trigram index of `search_text` and `lower(sku)`, and one
 *   unindexed branch would make the whole OR a sequential scan); the name an
 *   Arabic reader sees, for `sort=nameAr`; the price, for `sort=price`.
 * - stock_transfers: newest first across every pharmacy (administrators); the
 *   id and the notes, lower-cased, for `q` (matched with LIKE, which is much
 *   cheaper per row than ILIKE; the pharmacies' names are matched through the
 *   from/to indexes).
 * - stock_counts: newest first across every pharmacy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX products_barcode_lower_idx ON products (lower(barcode))`.execute(db);
  await sql`CREATE INDEX products_name_ar_idx ON products ((coalesce(name_ar, name)), id)`.execute(db);
  await sql`CREATE INDEX products_price_idx ON products (price, id)`.execute(db);
  await sql`CREATE INDEX stock_transfers_created_idx ON stock_transfers (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX stock_transfers_search_trgm ON stock_transfers
    USING gin (lower(id::text || ' ' || coalesce(notes, '')) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX stock_counts_started_idx ON stock_counts (started_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'stock_counts_started_idx',
    'stock_transfers_search_trgm',
    'stock_transfers_created_idx',
    'products_price_idx',
    'products_name_ar_idx',
    'products_barcode_lower_idx',
  ]) {
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
}
