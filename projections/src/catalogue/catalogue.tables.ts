import type { ProjectionTables } from '../schema/tables';

/** The tables the catalogue projection owns (see ProjectionTables). */
export const catalogueTables: ProjectionTables = {
  tables: {
    categories: `
      CREATE TABLE categories (
          id uuid NOT NULL,
          name text NOT NULL,
          name_ar text,
          description text,
          description_ar text,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          CONSTRAINT categories_pkey PRIMARY KEY (id)
      )`,
    suppliers: `
      CREATE TABLE suppliers (
          id uuid NOT NULL,
          name text NOT NULL,
          contact_person text,
          phone text,
          email text,
          address text,
          is_active boolean NOT NULL,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          CONSTRAINT suppliers_pkey PRIMARY KEY (id)
      )`,
    products: `
      CREATE TABLE products (
          id uuid NOT NULL,
          sku text NOT NULL,
          barcode text,
          name text NOT NULL,
          name_ar text,
          description text,
          description_ar text,
          brand text,
          generic_name text,
          generic_name_ar text,
          category_id uuid,
          supplier_id uuid,
          price numeric(10,2) NOT NULL,
          cost numeric(10,2),
          sales_unit text NOT NULL,
          units_per_package integer NOT NULL,
          commission_rate numeric(5,2) NOT NULL,
          commission_enabled boolean NOT NULL,
          min_stock_level integer NOT NULL,
          max_stock_level integer NOT NULL,
          requires_prescription boolean NOT NULL,
          is_active boolean NOT NULL,
          search_text text NOT NULL,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          version integer DEFAULT 1 NOT NULL,
          shelf_location text,
          CONSTRAINT products_pkey PRIMARY KEY (id)
      )`,
    product_price_history: `
      CREATE TABLE product_price_history (
          product_id uuid NOT NULL,
          "position" bigint NOT NULL,
          price numeric(10,2) NOT NULL,
          cost numeric(10,2),
          effective_at timestamp with time zone NOT NULL,
          changed_by uuid,
          CONSTRAINT product_price_history_pkey PRIMARY KEY (product_id, "position")
      )`,
    product_commission_history: `
      CREATE TABLE product_commission_history (
          product_id uuid NOT NULL,
          "position" bigint NOT NULL,
          commission_rate numeric(5,2) NOT NULL,
          commission_enabled boolean NOT NULL,
          effective_date timestamp with time zone NOT NULL,
          changed_by uuid,
          reason text,
          CONSTRAINT product_commission_history_pkey PRIMARY KEY (product_id, "position")
      )`,
  },
  indexes: [
    `CREATE INDEX products_barcode_idx ON products (barcode)`,
    `CREATE INDEX products_barcode_lower_idx ON products (lower(barcode))`,
    `CREATE INDEX products_name_ar_idx ON products (COALESCE(name_ar, name), id)`,
    `CREATE INDEX products_name_idx ON products (name)`,
    `CREATE INDEX products_price_idx ON products (price, id)`,
    `CREATE INDEX products_search_trgm ON products USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX products_sku_idx ON products (lower(sku))`,
  ],
};
