import { sql, type Kysely } from 'kysely';

/**
 * The shortages kept as rows (issue 13): the shortages page sorted the grid of
 * every active pharmacy and product (a million pairs on a 50-pharmacy,
 * 20,000-product chain) on each request, 2.7 s for its first page.
 *
 * - `shortages`: one row per short pair (an active product with a minimum above
 *   0 whose sellable packs at an active pharmacy are at or below it), with the
 *   names it is sorted by; the default order (largest deficit first) has an index.
 * - `shortage_sources`: per product, the active pharmacy that can spare the
 *   most packs above its own minimum, and how many can spare some.
 * - `shortage_day`: the day the two are counted for. Packs expire at midnight
 *   with no event, so the rows hold the packs unexpired on that day; the API
 *   moves the day before it reads (`shortages_move_to`: only the products with
 *   packs expiring in between are counted again). No row: not kept (after a
 *   rebuild); the API reads the grid and fills them again (`shortages_fill`).
 *
 * They are a cache of three read models (batches, products, pharmacies), not a
 * read model of the log: no projection owns them and replays never write them.
 * Statement triggers on the live tables (schema public) count the products a
 * statement touched again; on a replay's shadow copies they do nothing, and the
 * rebuilds forget the day. Every writer takes the lock `SHORTAGE_LOCK` shared
 * before it reads the day; the fill and the day's move take it alone, so no
 * write falls between their reads and the day they set.
 */
export const SHORTAGE_LOCK = 727_001;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shortage_day (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      as_of date NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE shortages (
      pharmacy_id uuid NOT NULL,
      product_id uuid NOT NULL,
      pharmacy_name text NOT NULL,
      product_name text NOT NULL,
      min_stock_level integer NOT NULL,
      current_stock integer NOT NULL,
      can_fulfill boolean NOT NULL,
      PRIMARY KEY (pharmacy_id, product_id)
    )`.execute(db);
  await sql`CREATE INDEX shortages_product_idx ON shortages (product_id)`.execute(db);
  await sql`
    CREATE INDEX shortages_deficit_idx ON shortages
      ((min_stock_level - current_stock) DESC, product_name, pharmacy_name, product_id, pharmacy_id)`.execute(db);
  // The products a transaction changed, counted again once as it commits (flush_shortages).
  await sql`
    CREATE TABLE shortage_dirty (
      tx bigint NOT NULL DEFAULT txid_current(),
      product_id uuid NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX shortage_dirty_tx_idx ON shortage_dirty (tx)`.execute(db);
  await sql`
    CREATE TABLE shortage_counts (
      pharmacy_id uuid PRIMARY KEY,
      shortages integer NOT NULL,
      critical integer NOT NULL,
      fulfillable integer NOT NULL,
      deficit bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE shortage_sources (
      product_id uuid PRIMARY KEY,
      pharmacy_id uuid NOT NULL,
      spare integer NOT NULL,
      others integer NOT NULL
    )`.execute(db);

  // The rows and the source of these products counted again for the day kept. Static statements, so
  // a connection plans them once (by the products' indexes) and reuses the plan for each sale.
  await sql`
    CREATE FUNCTION refresh_shortages(products uuid[]) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      day date;
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(${sql.lit(SHORTAGE_LOCK)});
      SELECT as_of INTO day FROM public.shortage_day;
      IF day IS NULL OR coalesce(cardinality(products), 0) = 0 THEN
        RETURN;
      END IF;

      -- Only rows whose values change are written: a conflict that updates nothing still locks its row.
      WITH best AS (
        SELECT DISTINCT ON (s.product_id) s.product_id, s.pharmacy_id, (s.sellable - p.min_stock_level)::int AS spare,
               (count(*) OVER (PARTITION BY s.product_id))::int AS others
          FROM (SELECT b.pharmacy_id, b.product_id, sum(b.quantity - b.reserved_quantity) AS sellable,
                       min(b.expiry_date) AS earliest
                  FROM public.inventory_batches b
                 WHERE b.product_id = ANY(products)
                   AND b.is_active AND b.expiry_date >= day AND b.quantity > b.reserved_quantity
                 GROUP BY b.pharmacy_id, b.product_id) s
          JOIN public.products p ON p.id = s.product_id AND p.is_active
          JOIN public.pharmacies ph ON ph.id = s.pharmacy_id AND ph.is_active
         WHERE s.sellable > p.min_stock_level
         ORDER BY s.product_id, s.sellable - p.min_stock_level DESC, s.earliest, s.pharmacy_id
      ),
      gone AS (
        DELETE FROM public.shortage_sources t
         WHERE t.product_id = ANY(products) AND NOT EXISTS (SELECT 1 FROM best WHERE best.product_id = t.product_id)
      )
      INSERT INTO public.shortage_sources AS t (product_id, pharmacy_id, spare, others)
      SELECT * FROM best
       WHERE NOT EXISTS (SELECT 1 FROM public.shortage_sources k
                          WHERE k.product_id = best.product_id
                            AND (k.pharmacy_id, k.spare, k.others) = (best.pharmacy_id, best.spare, best.others))
      ON CONFLICT (product_id) DO UPDATE
        SET pharmacy_id = excluded.pharmacy_id, spare = excluded.spare, others = excluded.others;

      WITH stock AS (
        SELECT b.pharmacy_id, b.product_id, sum(b.quantity - b.reserved_quantity) AS sellable
          FROM public.inventory_batches b
         WHERE b.product_id = ANY(products)
           AND b.is_active AND b.expiry_date >= day AND b.quantity > b.reserved_quantity
         GROUP BY b.pharmacy_id, b.product_id
      ),
      short AS (
        SELECT ph.id AS pharmacy_id, p.id AS product_id, ph.name AS pharmacy_name, p.name AS product_name,
               p.min_stock_level, coalesce(s.sellable, 0)::int AS current_stock,
               coalesce(src.spare >= p.min_stock_level - coalesce(s.sellable, 0), false) AS can_fulfill
          FROM public.products p
         CROSS JOIN public.pharmacies ph
          LEFT JOIN stock s ON s.pharmacy_id = ph.id AND s.product_id = p.id
          LEFT JOIN public.shortage_sources src ON src.product_id = p.id
         WHERE p.id = ANY(products) AND p.is_active AND ph.is_active AND p.min_stock_level > 0
           AND coalesce(s.sellable, 0) <= p.min_stock_level
      ),
      -- Read once by the product index (the primary key probed row by row cost ten times more).
      kept AS MATERIALIZED (SELECT * FROM public.shortages WHERE product_id = ANY(products)),
      gone AS (
        DELETE FROM public.shortages t
         WHERE t.product_id = ANY(products)
           AND NOT EXISTS (SELECT 1 FROM short s WHERE s.pharmacy_id = t.pharmacy_id AND s.product_id = t.product_id)
      )
      INSERT INTO public.shortages AS t
             (pharmacy_id, product_id, pharmacy_name, product_name, min_stock_level, current_stock, can_fulfill)
      SELECT s.* FROM short s
        LEFT JOIN kept k ON k.pharmacy_id = s.pharmacy_id AND k.product_id = s.product_id
       WHERE (k.pharmacy_name, k.product_name, k.min_stock_level, k.current_stock, k.can_fulfill)
             IS DISTINCT FROM (s.pharmacy_name, s.product_name, s.min_stock_level, s.current_stock, s.can_fulfill)
      ON CONFLICT (pharmacy_id, product_id) DO UPDATE
        SET pharmacy_name = excluded.pharmacy_name, product_name = excluded.product_name,
            min_stock_level = excluded.min_stock_level, current_stock = excluded.current_stock,
            can_fulfill = excluded.can_fulfill;
    END $$`.execute(db);

  // Unless a day is kept: every row counted from scratch for the day given, which is then kept (the
  // first fill, and after a rebuild). Two callers at once fill once.
  await sql`
    CREATE FUNCTION shortages_fill(day date) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(${sql.lit(SHORTAGE_LOCK)});
      IF EXISTS (SELECT 1 FROM public.shortage_day) THEN
        RETURN;
      END IF;
      TRUNCATE public.shortages, public.shortage_sources, public.shortage_counts;
      INSERT INTO public.shortage_day (only_row, as_of) VALUES (true, day)
        ON CONFLICT (only_row) DO UPDATE SET as_of = excluded.as_of;
      PERFORM refresh_shortages(ARRAY(SELECT id FROM public.products));
    END $$`.execute(db);

  // The rows moved to the day given: only the products with packs expiring between the day kept and it change.
  // False when none is kept (the caller fills them).
  await sql`
    CREATE FUNCTION shortages_move_to(day date) RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      kept date;
    BEGIN
      PERFORM pg_advisory_xact_lock(${sql.lit(SHORTAGE_LOCK)});
      SELECT as_of INTO kept FROM public.shortage_day;
      IF kept IS NULL THEN
        RETURN false;
      END IF;
      IF kept <> day THEN
        UPDATE public.shortage_day SET as_of = day;
        PERFORM refresh_shortages(ARRAY(
          SELECT DISTINCT b.product_id FROM public.inventory_batches b
           WHERE b.is_active AND b.quantity > b.reserved_quantity
             AND b.expiry_date >= least(kept, day) AND b.expiry_date < greatest(kept, day)));
      END IF;
      RETURN true;
    END $$`.execute(db);

  // The cards per pharmacy (shortage_counts), moved by the rows each statement on shortages took
  // out (-1) and put in (+1); a pharmacy left with none loses its row.
  await sql`
    CREATE TYPE shortage_change AS (pharmacy_id uuid, sign integer, critical boolean, can_fulfill boolean, deficit integer)
  `.execute(db);
  await sql`
    CREATE FUNCTION count_shortage_changes(changes shortage_change[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(cardinality(changes), 0) = 0 THEN
        RETURN;
      END IF;
      INSERT INTO public.shortage_counts AS t (pharmacy_id, shortages, critical, fulfillable, deficit)
        SELECT c.pharmacy_id, sum(c.sign), coalesce(sum(c.sign) FILTER (WHERE c.critical), 0),
               coalesce(sum(c.sign) FILTER (WHERE c.can_fulfill), 0), sum(c.sign * c.deficit)
          FROM unnest(changes) c GROUP BY c.pharmacy_id
        ON CONFLICT (pharmacy_id) DO UPDATE
          SET shortages = t.shortages + excluded.shortages, critical = t.critical + excluded.critical,
              fulfillable = t.fulfillable + excluded.fulfillable, deficit = t.deficit + excluded.deficit;
      DELETE FROM public.shortage_counts t
        USING (SELECT DISTINCT c.pharmacy_id FROM unnest(changes) c) k
        WHERE t.pharmacy_id = k.pharmacy_id AND t.shortages = 0;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION shortages_counted() RETURNS trigger LANGUAGE plpgsql AS $$
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
    END $$`.execute(db);

  // A sale writes its batches in several statements, and the projector applies many events in one
  // transaction: the products they touch are noted as each statement ends and counted again once,
  // as the transaction commits (a deferred trigger on the notes). The shared lock is taken at the
  // first note and held to the commit, so a fill or a move of the day waits for the transaction.
  await sql`
    CREATE FUNCTION mark_shortages(products uuid[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(${sql.lit(SHORTAGE_LOCK)});
      IF coalesce(cardinality(products), 0) = 0 OR NOT EXISTS (SELECT 1 FROM public.shortage_day) THEN
        RETURN;
      END IF;
      INSERT INTO public.shortage_dirty (product_id) SELECT DISTINCT unnest(products);
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION flush_shortages() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      products uuid[];
    BEGIN
      -- The first note of the transaction takes them all; the others find none.
      WITH gone AS (DELETE FROM public.shortage_dirty WHERE tx = txid_current() RETURNING product_id)
      SELECT array_agg(DISTINCT product_id) INTO products FROM gone;
      PERFORM refresh_shortages(products);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER shortage_dirty_flushed AFTER INSERT ON shortage_dirty
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION flush_shortages()`.execute(db);

  // The triggers: the products a statement on a live table changed, noted (the pharmacies: counted at once).
  await sql`
    CREATE FUNCTION inventory_batches_shortages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_SCHEMA <> 'public' THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        PERFORM mark_shortages(ARRAY(SELECT DISTINCT product_id FROM new_rows WHERE is_active));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM mark_shortages(ARRAY(SELECT DISTINCT product_id FROM old_rows WHERE is_active));
      ELSE
        PERFORM mark_shortages(ARRAY(
          SELECT o.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.product_id, o.pharmacy_id, o.quantity, o.reserved_quantity, o.is_active, o.expiry_date)
                 IS DISTINCT FROM (n.product_id, n.pharmacy_id, n.quantity, n.reserved_quantity, n.is_active, n.expiry_date)
          UNION
          SELECT n.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.product_id, o.pharmacy_id) IS DISTINCT FROM (n.product_id, n.pharmacy_id)));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION products_shortages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_SCHEMA <> 'public' THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        PERFORM mark_shortages(ARRAY(SELECT id FROM new_rows));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM mark_shortages(ARRAY(SELECT id FROM old_rows));
      ELSE
        PERFORM mark_shortages(ARRAY(
          SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
           WHERE (o.name, o.min_stock_level, o.is_active) IS DISTINCT FROM (n.name, n.min_stock_level, n.is_active)));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // A pharmacy renamed: its rows' name. Opened, closed, added or removed: every product counted again
  // (its pairs and the sources; seconds on a 20,000-product chain, and rare).
  await sql`
    CREATE FUNCTION pharmacies_shortages() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_SCHEMA <> 'public' THEN
        RETURN NULL;
      END IF;
      -- (Each branch names only the transition tables its operation has.)
      IF TG_OP = 'UPDATE' THEN
        IF NOT EXISTS (
          SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.is_active IS DISTINCT FROM n.is_active
        ) THEN
          PERFORM pg_advisory_xact_lock_shared(${sql.lit(SHORTAGE_LOCK)});
          UPDATE public.shortages t SET pharmacy_name = n.name
            FROM new_rows n WHERE t.pharmacy_id = n.id AND t.pharmacy_name IS DISTINCT FROM n.name;
          RETURN NULL;
        END IF;
      END IF;
      PERFORM refresh_shortages(ARRAY(SELECT id FROM public.products));
      RETURN NULL;
    END $$`.execute(db);

  for (const [table, fn] of [
    ['shortages', 'shortages_counted'],
    ['inventory_batches', 'inventory_batches_shortages'],
    ['products', 'products_shortages'],
    ['pharmacies', 'pharmacies_shortages'],
  ] as const) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_shortages_inserted`)} AFTER INSERT ON ${sql.id(table)}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_shortages_updated`)} AFTER UPDATE ON ${sql.id(table)}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(
      db,
    );
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_shortages_deleted`)} AFTER DELETE ON ${sql.id(table)}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db);
  }

  // Kept from now on, counted for the database's day (the API moves it to its own before it reads).
  await sql`SELECT shortages_fill(current_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shortages', 'inventory_batches', 'products', 'pharmacies']) {
    for (const op of ['inserted', 'updated', 'deleted']) {
      await sql`DROP TRIGGER ${sql.id(`${table}_shortages_${op}`)} ON ${sql.id(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION inventory_batches_shortages()`.execute(db);
  await sql`DROP FUNCTION products_shortages()`.execute(db);
  await sql`DROP FUNCTION pharmacies_shortages()`.execute(db);
  await sql`DROP TRIGGER shortage_dirty_flushed ON shortage_dirty`.execute(db);
  await sql`DROP FUNCTION flush_shortages()`.execute(db);
  await sql`DROP FUNCTION mark_shortages(uuid[])`.execute(db);
  await sql`DROP FUNCTION shortages_move_to(date)`.execute(db);
  await sql`DROP FUNCTION shortages_fill(date)`.execute(db);
  await sql`DROP FUNCTION refresh_shortages(uuid[])`.execute(db);
  await sql`DROP FUNCTION shortages_counted()`.execute(db);
  await sql`DROP FUNCTION count_shortage_changes(shortage_change[])`.execute(db);
  await sql`DROP TYPE shortage_change`.execute(db);
  await sql`DROP TABLE shortage_sources`.execute(db);
  await sql`DROP TABLE shortage_counts`.execute(db);
  await sql`DROP TABLE shortage_dirty`.execute(db);
  await sql`DROP TABLE shortages`.execute(db);
  await sql`DROP TABLE shortage_day`.execute(db);
}
