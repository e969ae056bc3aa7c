import type { ProjectionTables } from '../schema/tables';

/** The tables the transfers projection owns (see ProjectionTables). */
export const transfersTables: ProjectionTables = {
  tables: {
    stock_transfers: `
      CREATE TABLE stock_transfers (
          id uuid NOT NULL,
          from_pharmacy_id uuid NOT NULL,
          to_pharmacy_id uuid NOT NULL,
          initiated_by uuid,
          status text DEFAULT 'pending'::text NOT NULL,
          notes text,
          total_quantity integer NOT NULL,
          received_quantity integer,
          approved_by uuid,
          approved_at timestamp with time zone,
          received_by uuid,
          received_at timestamp with time zone,
          cancelled_by uuid,
          cancelled_at timestamp with time zone,
          cancel_reason text,
          discrepancy_reason text,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          awaiting_source boolean DEFAULT false NOT NULL,
          CONSTRAINT stock_transfers_pkey PRIMARY KEY (id)
      )`,
    transfer_items: `
      CREATE TABLE transfer_items (
          transfer_id uuid NOT NULL,
          product_id uuid NOT NULL,
          batch_id uuid NOT NULL,
          batch_number text NOT NULL,
          expiry_date date NOT NULL,
          quantity integer NOT NULL,
          received_quantity integer,
          CONSTRAINT transfer_items_pk PRIMARY KEY (transfer_id, batch_id)
      )`,
    transfer_steps: `
      CREATE TABLE transfer_steps (
          transfer_id uuid NOT NULL,
          "position" bigint NOT NULL,
          step text NOT NULL,
          at timestamp with time zone NOT NULL,
          user_id uuid,
          pharmacy_id uuid,
          note text,
          CONSTRAINT transfer_steps_pk PRIMARY KEY (transfer_id, "position", step)
      )`,
  },
  indexes: [
    `CREATE INDEX stock_transfers_created_idx ON stock_transfers (created_at DESC, id DESC)`,
    `CREATE INDEX stock_transfers_from_idx ON stock_transfers (from_pharmacy_id, created_at DESC)`,
    `CREATE INDEX stock_transfers_search_trgm ON stock_transfers USING gin (lower((((id)::text || ' '::text) || COALESCE(notes, ''::text))) gin_trgm_ops)`,
    `CREATE INDEX stock_transfers_to_idx ON stock_transfers (to_pharmacy_id, created_at DESC)`,
  ],
};
