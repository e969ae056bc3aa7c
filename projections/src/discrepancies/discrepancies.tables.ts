import type { ProjectionTables } from '../schema/tables';

/** The tables the discrepancies projection owns (see ProjectionTables). */
export const discrepanciesTables: ProjectionTables = {
  tables: {
    stock_discrepancies: `
      CREATE TABLE stock_discrepancies (
          id uuid NOT NULL,
          pharmacy_id uuid NOT NULL,
          kind text NOT NULL,
          sale_id uuid NOT NULL,
          offline_number text,
          sold_at timestamp with time zone NOT NULL,
          raised_at timestamp with time zone NOT NULL,
          catalogue_as_of timestamp with time zone,
          lines jsonb NOT NULL,
          resolved_at timestamp with time zone,
          resolved_by uuid,
          resolution_note text,
          "position" bigint NOT NULL,
          CONSTRAINT stock_discrepancies_pkey PRIMARY KEY (id)
      )`,
  },
  indexes: [
    `CREATE INDEX stock_discrepancies_open_idx ON stock_discrepancies (pharmacy_id, raised_at DESC) WHERE (resolved_at IS NULL)`,
    `CREATE INDEX stock_discrepancies_pharmacy_idx ON stock_discrepancies (pharmacy_id, raised_at DESC)`,
  ],
};
