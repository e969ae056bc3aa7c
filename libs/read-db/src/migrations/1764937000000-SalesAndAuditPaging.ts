import { sql, type Kysely } from 'kysely';

/**
 * Indexes behind the paged sales list and the audit trail's date filters (issue 13):
 * - sales by amount (`sort=total`, either way), with the id that breaks ties;
 * - the receipt number (the id's last 8 characters, upper case), for a search
 *   by a receipt number or its start;
 * - the customer's name and phone, lower-cased, for a search by either (a
 *   trigram index of the sales that name a customer: most are walk-ins);
 * - audit events by business time with their position, so a period's events
 *   are found by an index range (read alone, without the table) and not by
 *   walking the log back from its newest event to the period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX sales_total_idx ON sales (total_amount, id)`.execute(db);
  await sql`CREATE INDEX sales_number_idx ON sales ((upper(right(id::text, 8))) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX sales_customer_trgm ON sales
              USING gin ((lower(coalesce(customer_name, '') || ' ' || coalesce(customer_phone, ''))) gin_trgm_ops)
              WHERE customer_name IS NOT NULL OR customer_phone IS NOT NULL`.execute(db);
  await sql`CREATE INDEX audit_events_occurred_idx ON audit_events (occurred_at, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['audit_events_occurred_idx', 'sales_customer_trgm', 'sales_number_idx', 'sales_total_idx']) {
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
}
