import type { ProjectionTables } from '../schema/tables';

/**
 * The shortages kept as rows (issue 13), for the day kept in `shortage_day`:
 * `shortages` holds one row per short pair (an active product with a minimum
 * above 0 whose sellable packs at an active pharmacy — unexpired on that day,
 * not held for a transfer — are at or below it), with the names it is sorted
 * by; `shortage_sources`, per product, the active pharmacy that can spare the
 * most packs above its own minimum and how many can spare some;
 * `shortage_counts`, the page's cards per pharmacy, kept by statement
 * triggers on `shortages`. Functions name tables without a schema.
 */
export const shortagesTables: ProjectionTables = {
  tables: {
    shortages: `
      CREATE TABLE shortages (
        pharmacy_id uuid NOT NULL,
        product_id uuid NOT NULL,
        pharmacy_name text NOT NULL,
        product_name text NOT NULL,
        min_stock_level integer NOT NULL,
        current_stock integer NOT NULL,
        can_fulfill boolean NOT NULL,
        CONSTRAINT shortages_pkey PRIMARY KEY (pharmacy_id, product_id)
      )`,
    shortage_sources: `
      CREATE TABLE shortage_sources (
        product_id uuid NOT NULL,
        pharmacy_id uuid NOT NULL,
        spare integer NOT NULL,
        others integer NOT NULL,
        CONSTRAINT shortage_sources_pkey PRIMARY KEY (product_id)
      )`,
    shortage_counts: `
      CREATE TABLE shortage_counts (
        pharmacy_id uuid NOT NULL,
        shortages integer NOT NULL,
        critical integer NOT NULL,
        fulfillable integer NOT NULL,
        deficit bigint NOT NULL,
        CONSTRAINT shortage_counts_pkey PRIMARY KEY (pharmacy_id)
      )`,
    // No row: none kept (a new database, or after a rebuild of what they are worked out from).
    shortage_day: `
      CREATE TABLE shortage_day (
        only_row boolean DEFAULT true NOT NULL,
        as_of date NOT NULL,
        CONSTRAINT shortage_day_only_row_check CHECK (only_row),
        CONSTRAINT shortage_day_pkey PRIMARY KEY (only_row)
      )`,
  },
  indexes: [
    `CREATE INDEX shortages_deficit_idx ON shortages
       ((min_stock_level - current_stock) DESC, product_name, pharmacy_name, product_id, pharmacy_id)`,
    `CREATE INDEX shortages_product_idx ON shortages (product_id)`,
  ],
  functions: [
    // The rows and the source of these products counted again for the day kept (nothing when none is).
    // Static statements, so a connection plans them once and reuses the plan for each sale.
    `
      CREATE OR REPLACE FUNCTION refresh_shortages(products uuid[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        day date;
      BEGIN
        SELECT as_of INTO day FROM shortage_day;
        IF day IS NULL OR coalesce(cardinality(products), 0) = 0 THEN
          RETURN;
        END IF;

        -- Only rows whose values change are written: a conflict that updates nothing still locks its row.
        WITH best AS (
          SELECT DISTINCT ON (s.product_id) s.product_id, s.pharmacy_id, (s.sellable - p.min_stock_level)::int AS spare,
                 (count(*) OVER (PARTITION BY s.product_id))::int AS others
            FROM (SELECT b.pharmacy_id, b.product_id, sum(b.quantity - b.reserved_quantity) AS sellable,
                         min(b.expiry_date) AS earliest
                    FROM inventory_batches b
                   WHERE b.product_id = ANY(products)
                     AND b.is_active AND b.expiry_date >= day AND b.quantity > b.reserved_quantity
                   GROUP BY b.pharmacy_id, b.product_id) s
            JOIN products p ON p.id = s.product_id AND p.is_active
            JOIN pharmacies ph ON ph.id = s.pharmacy_id AND ph.is_active
           WHERE s.sellable > p.min_stock_level
           ORDER BY s.product_id, s.sellable - p.min_stock_level DESC, s.earliest, s.pharmacy_id
        ),
        gone AS (
          DELETE FROM shortage_sources t
           WHERE t.product_id = ANY(products) AND NOT EXISTS (SELECT 1 FROM best WHERE best.product_id = t.product_id)
        )
        INSERT INTO shortage_sources AS t (product_id, pharmacy_id, spare, others)
        SELECT * FROM best
         WHERE NOT EXISTS (SELECT 1 FROM shortage_sources k
                            WHERE k.product_id = best.product_id
                              AND (k.pharmacy_id, k.spare, k.others) = (best.pharmacy_id, best.spare, best.others))
        ON CONFLICT (product_id) DO UPDATE
          SET pharmacy_id = excluded.pharmacy_id, spare = excluded.spare, others = excluded.others;

        WITH stock AS (
          SELECT b.pharmacy_id, b.product_id, sum(b.quantity - b.reserved_quantity) AS sellable
            FROM inventory_batches b
           WHERE b.product_id = ANY(products)
             AND b.is_active AND b.expiry_date >= day AND b.quantity > b.reserved_quantity
           GROUP BY b.pharmacy_id, b.product_id
        ),
        short AS (
          SELECT ph.id AS pharmacy_id, p.id AS product_id, ph.name AS pharmacy_name, p.name AS product_name,
                 p.min_stock_level, coalesce(s.sellable, 0)::int AS current_stock,
                 coalesce(src.spare >= p.min_stock_level - coalesce(s.sellable, 0), false) AS can_fulfill
            FROM products p
           CROSS JOIN pharmacies ph
            LEFT JOIN stock s ON s.pharmacy_id = ph.id AND s.product_id = p.id
            LEFT JOIN shortage_sources src ON src.product_id = p.id
           WHERE p.id = ANY(products) AND p.is_active AND ph.is_active AND p.min_stock_level > 0
             AND coalesce(s.sellable, 0) <= p.min_stock_level
        ),
        -- Read once by the product index (the primary key probed row by row cost ten times more).
        kept AS MATERIALIZED (SELECT * FROM shortages WHERE product_id = ANY(products)),
        gone AS (
          DELETE FROM shortages t
           WHERE t.product_id = ANY(products)
             AND NOT EXISTS (SELECT 1 FROM short s WHERE s.pharmacy_id = t.pharmacy_id AND s.product_id = t.product_id)
        )
        INSERT INTO shortages AS t
               (pharmacy_id, product_id, pharmacy_name, product_name, min_stock_level, current_stock, can_fulfill)
        SELECT s.* FROM short s
          LEFT JOIN kept k ON k.pharmacy_id = s.pharmacy_id AND k.product_id = s.product_id
         WHERE (k.pharmacy_name, k.product_name, k.min_stock_level, k.current_stock, k.can_fulfill)
               IS DISTINCT FROM (s.pharmacy_name, s.product_name, s.min_stock_level, s.current_stock, s.can_fulfill)
        ON CONFLICT (pharmacy_id, product_id) DO UPDATE
          SET pharmacy_name = excluded.pharmacy_name, product_name = excluded.product_name,
              min_stock_level = excluded.min_stock_level, current_stock = excluded.current_stock,
              can_fulfill = excluded.can_fulfill;
      END $$`,
    // The rows kept for the day given. None kept: every row counted from scratch. Another day: only the
    // products with packs expiring between the two are counted again (packs expire at midnight with no event).
    `
      CREATE OR REPLACE FUNCTION shortages_keep(day date) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        kept date;
      BEGIN
        SELECT as_of INTO kept FROM shortage_day;
        IF kept IS NULL THEN
          TRUNCATE shortages, shortage_sources, shortage_counts;
          INSERT INTO shortage_day (only_row, as_of) VALUES (true, day);
          PERFORM refresh_shortages(ARRAY(SELECT id FROM products));
        ELSIF kept <> day THEN
          UPDATE shortage_day SET as_of = day;
          PERFORM refresh_shortages(ARRAY(
            SELECT DISTINCT b.product_id FROM inventory_batches b
             WHERE b.is_active AND b.quantity > b.reserved_quantity
               AND b.expiry_date >= least(kept, day) AND b.expiry_date < greatest(kept, day)));
        END IF;
      END $$`,
    `DROP TYPE IF EXISTS shortage_change CASCADE`,
    `CREATE TYPE shortage_change AS (pharmacy_id uuid, sign integer, critical boolean, can_fulfill boolean, deficit integer)`,
    // The cards per pharmacy, moved by the rows each statement on shortages took out (-1) and put in
    // (+1); a pharmacy left with none loses its row.
    `
      CREATE OR REPLACE FUNCTION count_shortage_changes(changes shortage_change[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        IF coalesce(cardinality(changes), 0) = 0 THEN
          RETURN;
        END IF;
        INSERT INTO shortage_counts AS t (pharmacy_id, shortages, critical, fulfillable, deficit)
          SELECT c.pharmacy_id, sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.critical), 0),
                 coalesce(sum(c.sign) FILTER (WHERE c.can_fulfill), 0), sum(c.sign * c.deficit)
            FROM unnest(changes) c GROUP BY c.pharmacy_id
          ON CONFLICT (pharmacy_id) DO UPDATE
            SET shortages = t.shortages + excluded.shortages, critical = t.critical + excluded.critical,
                fulfillable = t.fulfillable + excluded.fulfillable, deficit = t.deficit + excluded.deficit;
        DELETE FROM shortage_counts t
          USING (SELECT DISTINCT c.pharmacy_id FROM unnest(changes) c) k
          WHERE t.pharmacy_id = k.pharmacy_id AND t.shortages = 0;
      END $$`,
    `
      CREATE OR REPLACE FUNCTION shortages_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- (Each branch names only the transition tables its operation has.)
        IF TG_OP = 'INSERT' THEN
          PERFORM count_shortage_changes(ARRAY(
            SELECT (n.pharmacy_id, 1, n.current_stock <= 0, n.can_fulfill, n.min_stock_level - n.current_stock)::shortage_change
              FROM new_rows n));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM count_shortage_changes(ARRAY(
            SELECT (o.pharmacy_id, -1, o.current_stock <= 0, o.can_fulfill, o.min_stock_level - o.current_stock)::shortage_change
              FROM old_rows o));
        ELSE
          PERFORM count_shortage_changes(ARRAY(
            SELECT (o.pharmacy_id, -1, o.current_stock <= 0, o.can_fulfill, o.min_stock_level - o.current_stock)::shortage_change
              FROM old_rows o
            UNION ALL
            SELECT (n.pharmacy_id, 1, n.current_stock <= 0, n.can_fulfill, n.min_stock_level - n.current_stock)::shortage_change
              FROM new_rows n));
        END IF;
        RETURN NULL;
      END $$`,
  ],
  triggers: [
    `CREATE TRIGGER shortages_counted_inserted AFTER INSERT ON shortages
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shortages_counted()`,
    `CREATE TRIGGER shortages_counted_updated AFTER UPDATE ON shortages
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shortages_counted()`,
    `CREATE TRIGGER shortages_counted_deleted AFTER DELETE ON shortages
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shortages_counted()`,
  ],
};
