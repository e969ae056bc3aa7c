import type { ProjectionTables } from '../schema/tables';

/** The tables the counts projection owns (see ProjectionTables). */
export const countsTables: ProjectionTables = {
  tables: {
    stock_counts: `
      CREATE TABLE stock_counts (
          id uuid NOT NULL,
          pharmacy_id uuid NOT NULL,
          category_id uuid,
          note text,
          status text NOT NULL,
          started_by uuid,
          started_at timestamp with time zone NOT NULL,
          posted_by uuid,
          posted_at timestamp with time zone,
          cancelled_by uuid,
          cancel_reason text,
          updated_at timestamp with time zone NOT NULL,
          shelf_location text,
          CONSTRAINT stock_counts_pkey PRIMARY KEY (id)
      )`,
    stock_count_lines: `
      CREATE TABLE stock_count_lines (
          count_id uuid NOT NULL,
          batch_id uuid NOT NULL,
          product_id uuid NOT NULL,
          expected integer NOT NULL,
          counted integer,
          reason text,
          change integer,
          CONSTRAINT stock_count_lines_pk PRIMARY KEY (count_id, batch_id)
      )`,
  },
  indexes: [
    `CREATE INDEX stock_counts_pharmacy_idx ON stock_counts (pharmacy_id, started_at DESC)`,
    `CREATE INDEX stock_counts_started_idx ON stock_counts (started_at DESC, id DESC)`,
  ],
};
