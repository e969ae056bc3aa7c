import type { Kysely } from 'kysely';

/** Where a product is kept, and the shelf a stock count covers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('shelf_location', 'text').execute();
  await db.schema.alterTable('stock_counts').addColumn('shelf_location', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_counts').dropColumn('shelf_location').execute();
  await db.schema.alterTable('products').dropColumn('shelf_location').execute();
}
