import type { ProjectionTables } from '../schema/tables';

/** The tables the ledger projection owns (see ProjectionTables). */
export const ledgerTables: ProjectionTables = {
  tables: {
    stock_ledger: `
      CREATE TABLE stock_ledger (
          "position" bigint NOT NULL,
          seq integer NOT NULL,
          pharmacy_id uuid NOT NULL,
          batch_id uuid NOT NULL,
          product_id uuid NOT NULL,
          movement text NOT NULL,
          quantity_change integer NOT NULL,
          loose_change integer NOT NULL,
          reserved_change integer NOT NULL,
          balance integer NOT NULL,
          loose_balance integer NOT NULL,
          occurred_at timestamp with time zone NOT NULL,
          recorded_at timestamp with time zone NOT NULL,
          user_id uuid,
          event_id uuid NOT NULL,
          event_type text NOT NULL,
          reference text,
          CONSTRAINT stock_ledger_pk PRIMARY KEY ("position", seq)
      )`,
    stock_ledger_balances: `
      CREATE TABLE stock_ledger_balances (
          batch_id uuid NOT NULL,
          balance integer NOT NULL,
          loose_balance integer NOT NULL,
          CONSTRAINT stock_ledger_balances_pkey PRIMARY KEY (batch_id)
      )`,
    stock_ledger_months: `
      CREATE TABLE stock_ledger_months (
          batch_id uuid NOT NULL,
          month date NOT NULL,
          pharmacy_id uuid NOT NULL,
          product_id uuid NOT NULL,
          quantity_change integer NOT NULL,
          loose_change integer NOT NULL,
          CONSTRAINT stock_ledger_months_pk PRIMARY KEY (batch_id, month)
      )`,
  },
  indexes: [
    `CREATE INDEX stock_ledger_batch_idx ON stock_ledger (batch_id, "position", seq)`,
    `CREATE INDEX stock_ledger_pharmacy_time_cover_idx ON stock_ledger (pharmacy_id, occurred_at) INCLUDE (batch_id, product_id, quantity_change, loose_change, movement)`,
    `CREATE INDEX stock_ledger_product_idx ON stock_ledger (product_id, pharmacy_id, "position")`,
    `CREATE INDEX stock_ledger_months_pharmacy_idx ON stock_ledger_months (pharmacy_id, month) INCLUDE (batch_id, product_id, quantity_change, loose_change)`,
  ],
};
