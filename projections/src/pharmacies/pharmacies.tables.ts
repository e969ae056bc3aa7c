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
  // Every API process keeps the pharmacies each user may work in (IdentityCache, ADR 0021): any change
  // to this table tells them to forget those lists.
  functions: [
    `
      CREATE OR REPLACE FUNCTION pharmacies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('identity_changed', 'pharmacies');
        RETURN NULL;
      END
      $$`,
  ],
  triggers: [
    `CREATE TRIGGER pharmacies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pharmacies FOR EACH STATEMENT EXECUTE FUNCTION pharmacies_changed()`,
  ],
};
