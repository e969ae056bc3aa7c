import { sql, type Kysely } from 'kysely';

/** A batch's current discount, and what discounts took off each sale line and allocation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inventory_batches')
    .addColumn('discount_percentage', sql`numeric(5,2)`)
    .execute();
  await db.schema
    .alterTable('sale_lines')
    .addColumn('discount_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sale_items')
    .addColumn('discount_percentage', sql`numeric(5,2)`)
    .addColumn('discount_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sale_items').dropColumn('discount_percentage').dropColumn('discount_amount').execute();
  await db.schema.alterTable('sale_lines').dropColumn('discount_amount').execute();
  await db.schema.alterTable('inventory_batches').dropColumn('discount_percentage').execute();
}
