import type { ProjectionTables } from '../schema/tables';

/** The tables the pharmacies projection owns (see ProjectionTables). */
export const pharmaciesTables: ProjectionTables = {
  tables: {
    pharmacies: `
      CREATE TABLE pharmacies (
          id uuid NOT NULL,
          name text NOT NULL,
          name_ar text,
          address text NOT NULL,
          address_ar text,
          phone text,
          email text,
          manager_id text,
          is_active boolean NOT NULL,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          revision bigint NOT NULL,
          CONSTRAINT pharmacies_pkey PRIMARY KEY (id)
      )`,
  },
  indexes: [`CREATE INDEX pharmacies_name_idx ON pharmacies (name)`],
};
