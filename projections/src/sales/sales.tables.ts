import type { ProjectionTables } from '../schema/tables';

/** The tables the sales projection owns (see ProjectionTables). */
export const salesTables: ProjectionTables = {
  tables: {
    sales: `
      CREATE TABLE sales (
          id uuid NOT NULL,
          pharmacy_id uuid NOT NULL,
          user_id uuid,
          sold_at timestamp with time zone NOT NULL,
          sold_on date NOT NULL,
          customer_name text,
          customer_phone text,
          notes text,
          total_amount numeric(12,2) NOT NULL,
          cash_received numeric(12,2) NOT NULL,
          change_given numeric(12,2) NOT NULL,
          refunded_amount numeric(12,2) DEFAULT 0 NOT NULL,
          item_count integer NOT NULL,
          "position" bigint NOT NULL,
          offline_number text,
          recorded_at timestamp with time zone,
          offline_catalogue_as_of timestamp with time zone,
          offline_price_stale boolean,
          CONSTRAINT sales_pkey PRIMARY KEY (id)
      )`,
    sale_lines: `
      CREATE TABLE sale_lines (
          sale_id uuid NOT NULL,
          line_index integer NOT NULL,
          product_id uuid NOT NULL,
          product_name text NOT NULL,
          product_name_ar text,
          sku text NOT NULL,
          sales_unit text NOT NULL,
          units_per_package integer NOT NULL,
          quantity integer NOT NULL,
          returned_quantity integer DEFAULT 0 NOT NULL,
          unit_price numeric(14,4) NOT NULL,
          total_price numeric(12,2) NOT NULL,
          commission_enabled boolean NOT NULL,
          commission_rate numeric(5,2) NOT NULL,
          commission_amount numeric(12,2) NOT NULL,
          discount_amount numeric(12,2) DEFAULT 0 NOT NULL,
          shortfall integer DEFAULT 0 NOT NULL,
          CONSTRAINT sale_lines_pk PRIMARY KEY (sale_id, line_index)
      )`,
    sale_items: `
      CREATE TABLE sale_items (
          sale_id uuid NOT NULL,
          line_index integer NOT NULL,
          batch_id uuid NOT NULL,
          batch_number text NOT NULL,
          expiry_date date NOT NULL,
          quantity integer NOT NULL,
          returned_quantity integer DEFAULT 0 NOT NULL,
          packs_opened integer NOT NULL,
          total_price numeric(12,2) NOT NULL,
          commission_amount numeric(12,2) NOT NULL,
          discount_percentage numeric(5,2),
          discount_amount numeric(12,2) DEFAULT 0 NOT NULL,
          CONSTRAINT sale_items_pk PRIMARY KEY (sale_id, line_index, batch_id)
      )`,
    sale_returns: `
      CREATE TABLE sale_returns (
          return_id uuid NOT NULL,
          sale_id uuid NOT NULL,
          pharmacy_id uuid NOT NULL,
          user_id uuid,
          returned_at timestamp with time zone NOT NULL,
          returned_on date NOT NULL,
          reason text NOT NULL,
          refund_amount numeric(12,2) NOT NULL,
          lines jsonb NOT NULL,
          CONSTRAINT sale_returns_pkey PRIMARY KEY (return_id)
      )`,
    daily_sales: `
      CREATE TABLE daily_sales (
          pharmacy_id uuid NOT NULL,
          business_date date NOT NULL,
          gross_sales numeric(14,2) DEFAULT 0 NOT NULL,
          refunds numeric(14,2) DEFAULT 0 NOT NULL,
          orders integer DEFAULT 0 NOT NULL,
          CONSTRAINT daily_sales_pk PRIMARY KEY (pharmacy_id, business_date)
      )`,
    commission_lines: `
      CREATE TABLE commission_lines (
          sale_id uuid NOT NULL,
          line_index integer NOT NULL,
          pharmacy_id uuid NOT NULL,
          user_id uuid,
          product_id uuid NOT NULL,
          product_name text NOT NULL,
          product_sku text NOT NULL,
          sold_at timestamp with time zone NOT NULL,
          sold_on date NOT NULL,
          quantity integer NOT NULL,
          sales_unit text NOT NULL,
          total_price numeric(12,2) NOT NULL,
          commission_rate numeric(5,2) NOT NULL,
          commission_amount numeric(12,2) NOT NULL,
          CONSTRAINT commission_lines_pk PRIMARY KEY (sale_id, line_index)
      )`,
    product_daily_sales: `
      CREATE TABLE product_daily_sales (
          pharmacy_id uuid NOT NULL,
          business_date date NOT NULL,
          product_id uuid NOT NULL,
          quantity integer NOT NULL,
          revenue numeric(14,2) NOT NULL,
          CONSTRAINT product_daily_sales_pk PRIMARY KEY (business_date, pharmacy_id, product_id)
      )`,
    product_sales_totals: `
      CREATE TABLE product_sales_totals (
          pharmacy_id uuid NOT NULL,
          product_id uuid NOT NULL,
          quantity integer NOT NULL,
          revenue numeric(16,2) NOT NULL,
          CONSTRAINT product_sales_totals_pk PRIMARY KEY (pharmacy_id, product_id)
      )`,
    product_sales_chain: `
      CREATE TABLE product_sales_chain (
          product_id uuid NOT NULL,
          quantity integer NOT NULL,
          revenue numeric(16,2) NOT NULL,
          CONSTRAINT product_sales_chain_pkey PRIMARY KEY (product_id)
      )`,
    product_sales_months: `
      CREATE TABLE product_sales_months (
          month date NOT NULL,
          product_id uuid NOT NULL,
          days integer NOT NULL,
          quantity integer NOT NULL,
          revenue numeric(16,2) NOT NULL,
          CONSTRAINT product_sales_months_month_check CHECK ((EXTRACT(day FROM month) = (1)::numeric)),
          CONSTRAINT product_sales_months_pkey PRIMARY KEY (month, product_id)
      )`,
  },
  indexes: [
    `CREATE INDEX sales_customer_trgm ON sales USING gin (lower(((COALESCE(customer_name, ''::text) || ' '::text) || COALESCE(customer_phone, ''::text))) gin_trgm_ops) WHERE ((customer_name IS NOT NULL) OR (customer_phone IS NOT NULL))`,
    `CREATE INDEX sales_number_idx ON sales (upper("right"((id)::text, 8)) text_pattern_ops)`,
    `CREATE INDEX sales_offline_number_idx ON sales (offline_number) WHERE (offline_number IS NOT NULL)`,
    `CREATE INDEX sales_pharmacy_day_idx ON sales (pharmacy_id, sold_on)`,
    `CREATE INDEX sales_pharmacy_recent_idx ON sales (pharmacy_id, sold_at DESC, id DESC)`,
    `CREATE INDEX sales_recent_idx ON sales (sold_at DESC, id DESC)`,
    `CREATE INDEX sales_total_idx ON sales (total_amount, id)`,
    `CREATE INDEX sale_lines_product_idx ON sale_lines (product_id)`,
    `CREATE INDEX sale_items_batch_idx ON sale_items (batch_id)`,
    `CREATE INDEX sale_returns_sale_idx ON sale_returns (sale_id)`,
    `CREATE INDEX daily_sales_date_idx ON daily_sales (business_date)`,
    `CREATE INDEX commission_lines_day_idx ON commission_lines (sold_on, pharmacy_id)`,
    `CREATE INDEX commission_lines_pharmacy_day_idx ON commission_lines (pharmacy_id, sold_on)`,
    `CREATE INDEX product_daily_sales_pharmacy_idx ON product_daily_sales (pharmacy_id, business_date)`,
    `CREATE INDEX product_sales_chain_revenue_idx ON product_sales_chain (revenue DESC)`,
  ],
  functions: [
    `DROP TYPE IF EXISTS product_day_change CASCADE`,
    `
      CREATE TYPE product_day_change AS (
        business_date date,
        product_id uuid,
        quantity integer,
        revenue numeric,
        sign integer
      )`,
    `
      CREATE OR REPLACE FUNCTION apply_product_day_changes(changes product_day_change[]) RETURNS void
          LANGUAGE plpgsql
          AS $$
          BEGIN
            IF coalesce(cardinality(changes), 0) = 0 THEN
              RETURN;
            END IF;
            INSERT INTO product_sales_months AS t (month, product_id, days, quantity, revenue)
              SELECT date_trunc('month', c.business_date)::date, c.product_id, sum(c.sign),
                     sum(c.sign * c.quantity), sum(c.sign * c.revenue)
                FROM unnest(changes) c GROUP BY 1, 2
              HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.revenue) <> 0
              ON CONFLICT (month, product_id)
              DO UPDATE SET days = t.days + excluded.days, quantity = t.quantity + excluded.quantity,
                            revenue = t.revenue + excluded.revenue;
            DELETE FROM product_sales_months t
              USING (SELECT DISTINCT date_trunc('month', c.business_date)::date AS month, c.product_id FROM unnest(changes) c) k
              WHERE t.month = k.month AND t.product_id = k.product_id AND t.days = 0;
          END $$`,
    `
      CREATE OR REPLACE FUNCTION product_daily_sales_inserted() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_product_day_changes(ARRAY(
              SELECT (n.business_date, n.product_id, n.quantity, n.revenue, 1)::product_day_change FROM new_rows n));
            RETURN NULL;
          END $$`,
    `
      CREATE OR REPLACE FUNCTION product_daily_sales_deleted() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_product_day_changes(ARRAY(
              SELECT (o.business_date, o.product_id, o.quantity, o.revenue, -1)::product_day_change FROM old_rows o));
            RETURN NULL;
          END $$`,
    `
      CREATE OR REPLACE FUNCTION product_daily_sales_updated() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_product_day_changes(ARRAY(
              SELECT (o.business_date, o.product_id, o.quantity, o.revenue, -1)::product_day_change FROM old_rows o
              UNION ALL
              SELECT (n.business_date, n.product_id, n.quantity, n.revenue, 1)::product_day_change FROM new_rows n));
            RETURN NULL;
          END $$`,
  ],
  triggers: [
    `CREATE TRIGGER product_daily_sales_months_deleted AFTER DELETE ON product_daily_sales REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_deleted()`,
    `CREATE TRIGGER product_daily_sales_months_inserted AFTER INSERT ON product_daily_sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_inserted()`,
    `CREATE TRIGGER product_daily_sales_months_updated AFTER UPDATE ON product_daily_sales REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_updated()`,
  ],
};
