import { sql, type Kysely } from 'kysely';

/**
 * Each product's sales across the chain per calendar month of business days
 * (issue 13): the reports' top products over a chain-wide period add up its
 * whole months from here and only the days at its edges from
 * `product_daily_sales`, about 45,000 rows for the default 30 days of a
 * 50-pharmacy chain instead of 330,000 (docs/benchmarks.md).
 *
 * `days` counts the `product_daily_sales` rows a month's row stands for, so a
 * key whose last day row is gone loses its row and the table holds exactly
 * what a `GROUP BY` of the days gives (the sales projection's `fillTotals`,
 * which a full rebuild calls at the end of its load). Statement triggers on
 * `product_daily_sales` keep it, as the stock totals are kept: whatever writes
 * a day row (the projector, a replay, a rebuild's catch-up) moves the month in
 * the same statement. The functions name tables without a schema, so a replay
 * into a shadow schema moves the shadow's months.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_sales_months (
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      product_id uuid NOT NULL,
      days integer NOT NULL,
      quantity integer NOT NULL,
      revenue numeric(16,2) NOT NULL,
      PRIMARY KEY (month, product_id)
    )`.execute(db);

  // One day row's part in its month, counted in (+1) or out (-1).
  await sql`
    CREATE TYPE product_day_change AS (business_date date, product_id uuid, quantity integer, revenue numeric, sign integer)
  `.execute(db);
  await sql`
    CREATE FUNCTION apply_product_day_changes(changes product_day_change[]) RETURNS void
    LANGUAGE plpgsql AS $$
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
    END $$`.execute(db);

  // Transition tables allow one event per trigger: one function each.
  await sql`
    CREATE FUNCTION product_daily_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_product_day_changes(ARRAY(
        SELECT (n.business_date, n.product_id, n.quantity, n.revenue, 1)::product_day_change FROM new_rows n));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION product_daily_sales_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_product_day_changes(ARRAY(
        SELECT (o.business_date, o.product_id, o.quantity, o.revenue, -1)::product_day_change FROM old_rows o
        UNION ALL
        SELECT (n.business_date, n.product_id, n.quantity, n.revenue, 1)::product_day_change FROM new_rows n));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION product_daily_sales_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_product_day_changes(ARRAY(
        SELECT (o.business_date, o.product_id, o.quantity, o.revenue, -1)::product_day_change FROM old_rows o));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER product_daily_sales_months_inserted AFTER INSERT ON product_daily_sales
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER product_daily_sales_months_updated AFTER UPDATE ON product_daily_sales
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_updated()`.execute(db);
  await sql`
    CREATE TRIGGER product_daily_sales_months_deleted AFTER DELETE ON product_daily_sales
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_daily_sales_deleted()`.execute(db);

  // The months of the days as they stand, a month's rows together (a copy of the sales projection's `fillTotals`,
  // frozen with this migration).
  await sql`
    INSERT INTO product_sales_months (month, product_id, days, quantity, revenue)
    SELECT date_trunc('month', business_date)::date, product_id, count(*), sum(quantity), sum(revenue)
      FROM product_daily_sales GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  await sql`ANALYZE product_sales_months`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER product_daily_sales_months_inserted ON product_daily_sales`.execute(db);
  await sql`DROP TRIGGER product_daily_sales_months_updated ON product_daily_sales`.execute(db);
  await sql`DROP TRIGGER product_daily_sales_months_deleted ON product_daily_sales`.execute(db);
  await sql`DROP FUNCTION product_daily_sales_inserted()`.execute(db);
  await sql`DROP FUNCTION product_daily_sales_updated()`.execute(db);
  await sql`DROP FUNCTION product_daily_sales_deleted()`.execute(db);
  await sql`DROP FUNCTION apply_product_day_changes(product_day_change[])`.execute(db);
  await sql`DROP TYPE product_day_change`.execute(db);
  await sql`DROP TABLE product_sales_months`.execute(db);
}
