import { sql, type Kysely } from 'kysely';

/**
 * A transfer requested by someone who does not work at the source holds
 * nothing until the source approves it (issue 28, ADR 0011): the list and
 * the detail say so. Every transfer before this was reserved when made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_transfers ADD COLUMN awaiting_source boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_transfers DROP COLUMN awaiting_source`.execute(db);
}
