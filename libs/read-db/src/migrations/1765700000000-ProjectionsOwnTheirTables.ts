import { sql, type Kysely } from 'kysely';

/**
 * From here on each projection owns its tables (issue 29, ADR 0018): their
 * DDL is declared beside its handlers (`projections/src/<name>/<name>.tables.ts`)
 * and `installProjectionTables` creates them, records the shape it created in
 * `projection_tables`, and a version bump rebuilds them from the log. The
 * migrations before this one created and altered those tables step by step;
 * they stay as they ran, and this one hands the tables over: it drops every
 * read model and the functions and types of their triggers (all rebuilt from
 * the log), and marks each checkpoint as written by no version, so the
 * projector rebuilds them in bulk in the shape declared today. The kept
 * shortages become a projection of their own (`shortages`).
 *
 * Migrations remain for the tables nothing rebuilds: accounts, sessions,
 * settings, checkpoints, snapshots, jobs, seeds, audit logs.
 */
const READ_MODELS = [
  'pharmacies',
  'categories',
  'suppliers',
  'products',
  'product_price_history',
  'product_commission_history',
  'inventory_batches',
  'stock_levels',
  'product_stock',
  'expiry_calendar',
  'sales',
  'sale_lines',
  'sale_items',
  'sale_returns',
  'daily_sales',
  'commission_lines',
  'product_daily_sales',
  'product_sales_totals',
  'product_sales_chain',
  'product_sales_months',
  'stock_transfers',
  'transfer_items',
  'transfer_steps',
  'stock_counts',
  'stock_count_lines',
  'stock_discrepancies',
  'stock_ledger',
  'stock_ledger_balances',
  'stock_ledger_months',
  'audit_events',
  'entity_history',
  'shortages',
  'shortage_sources',
  'shortage_counts',
  'shortage_day',
  'shortage_dirty',
];

const FUNCTIONS = [
  'apply_inventory_batch_changes(inventory_batch_change[])',
  'inventory_batches_inserted()',
  'inventory_batches_deleted()',
  'inventory_batches_updated()',
  'apply_product_day_changes(product_day_change[])',
  'product_daily_sales_inserted()',
  'product_daily_sales_deleted()',
  'product_daily_sales_updated()',
  'refresh_shortages(uuid[])',
  'shortages_fill(date)',
  'shortages_move_to(date)',
  'count_shortage_changes(shortage_change[])',
  'shortages_counted()',
  'mark_shortages(uuid[])',
  'flush_shortages()',
  'inventory_batches_shortages()',
  'products_shortages()',
  'pharmacies_shortages()',
];

const TYPES = ['inventory_batch_change', 'product_day_change', 'shortage_change'];

/** The projections whose tables these were (a reactor's checkpoint, such as the transfer process's, is left alone). */
const PROJECTIONS = [
  'pharmacies',
  'catalogue',
  'inventory',
  'sales',
  'transfers',
  'counts',
  'discrepancies',
  'ledger',
  'audit-events',
  'history',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projection_tables (
      name text PRIMARY KEY,
      version integer NOT NULL,
      fingerprint text NOT NULL,
      installed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  for (const table of READ_MODELS) await sql`DROP TABLE IF EXISTS ${sql.id(table)} CASCADE`.execute(db);
  for (const fn of FUNCTIONS) await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)} CASCADE`.execute(db);
  for (const type of TYPES) await sql`DROP TYPE IF EXISTS ${sql.id(type)} CASCADE`.execute(db);
  // Written by no version: the projector rebuilds each from the log before it carries on.
  await sql`UPDATE projection_checkpoints SET projection_version = 0 WHERE name = ANY(${PROJECTIONS})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('ProjectionsOwnTheirTables cannot be undone: the read models are rebuilt from the log.');
}
