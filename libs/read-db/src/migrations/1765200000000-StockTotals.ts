import { sql, type Kysely } from 'kysely';

/**
 * Running totals of `inventory_batches` (issue 13), so that the reads which
 * summed every batch of a 50-pharmacy chain on each request (the dashboard's
 * low-stock count, the expiry cards, the batches' counts; docs/benchmarks.md)
 * read a few thousand rows instead of 500,000:
 *
 * - `stock_levels`: per pharmacy and product, the active batches, their packs,
 *   and their packs not held for a transfer (sellable, whatever their expiry:
 *   the reads take off the expired ones, found by `inventory_batches_sellable_expiry_idx`);
 * - `product_stock`: the same per product over every pharmacy;
 * - `expiry_calendar`: per pharmacy and expiry day, the active batches, those
 *   holding packs, and those packs.
 *
 * They are kept by statement triggers on `inventory_batches`: whatever writes a
 * batch (the projector, a replay, a rebuild's catch-up) moves the totals in the
 * same statement, by what its rows held before and after. A key whose last
 * batch is gone loses its row, so the totals hold exactly the rows a
 * `GROUP BY` of the batches gives (what a full rebuild writes at the end of its
 * load, the inventory projection's `fillTotals`). The functions name tables without a schema: a
 * replay into a shadow schema (search_path shadow, public) moves the shadow's
 * totals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stock_levels (
      pharmacy_id uuid NOT NULL,
      product_id uuid NOT NULL,
      batches integer NOT NULL,
      units bigint NOT NULL,
      sellable bigint NOT NULL,
      PRIMARY KEY (pharmacy_id, product_id)
    )`.execute(db);
  await sql`CREATE INDEX stock_levels_product_idx ON stock_levels (product_id)`.execute(db);
  await sql`
    CREATE TABLE product_stock (
      product_id uuid PRIMARY KEY,
      batches integer NOT NULL,
      units bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE expiry_calendar (
      pharmacy_id uuid NOT NULL,
      expiry_date date NOT NULL,
      batches integer NOT NULL,
      stocked integer NOT NULL,
      units bigint NOT NULL,
      PRIMARY KEY (pharmacy_id, expiry_date)
    )`.execute(db);
  await sql`CREATE INDEX expiry_calendar_date_idx ON expiry_calendar (expiry_date)`.execute(db);
  // The sellable packs past their expiry day, which the shortages take off `stock_levels.sellable`.
  await sql`
    CREATE INDEX inventory_batches_sellable_expiry_idx ON inventory_batches (expiry_date)
    INCLUDE (pharmacy_id, product_id, quantity, reserved_quantity)
    WHERE is_active AND quantity > reserved_quantity`.execute(db);

  // One batch's part in the totals, counted in (+1) or out (-1).
  await sql`
    CREATE TYPE inventory_batch_change AS (
      pharmacy_id uuid, product_id uuid, expiry_date date, quantity integer, reserved integer, sign integer
    )`.execute(db);
  await sql`
    CREATE FUNCTION apply_inventory_batch_changes(changes inventory_batch_change[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(cardinality(changes), 0) = 0 THEN
        RETURN;
      END IF;
      INSERT INTO stock_levels AS t (pharmacy_id, product_id, batches, units, sellable)
        SELECT c.pharmacy_id, c.product_id, sum(c.sign), sum(c.sign * c.quantity),
               sum(c.sign * greatest(c.quantity - c.reserved, 0))
          FROM unnest(changes) c GROUP BY c.pharmacy_id, c.product_id
        HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * greatest(c.quantity - c.reserved, 0)) <> 0
        ON CONFLICT (pharmacy_id, product_id)
        DO UPDATE SET batches = t.batches + excluded.batches, units = t.units + excluded.units,
                      sellable = t.sellable + excluded.sellable;
      DELETE FROM stock_levels t
        USING (SELECT DISTINCT c.pharmacy_id, c.product_id FROM unnest(changes) c) k
        WHERE t.pharmacy_id = k.pharmacy_id AND t.product_id = k.product_id AND t.batches = 0;

      INSERT INTO product_stock AS t (product_id, batches, units)
        SELECT c.product_id, sum(c.sign), sum(c.sign * c.quantity)
          FROM unnest(changes) c GROUP BY c.product_id
        HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0
        ON CONFLICT (product_id)
        DO UPDATE SET batches = t.batches + excluded.batches, units = t.units + excluded.units;
      DELETE FROM product_stock t
        USING (SELECT DISTINCT c.product_id FROM unnest(changes) c) k
        WHERE t.product_id = k.product_id AND t.batches = 0;

      INSERT INTO expiry_calendar AS t (pharmacy_id, expiry_date, batches, stocked, units)
        SELECT c.pharmacy_id, c.expiry_date, sum(c.sign),
               coalesce(sum(c.sign) FILTER (WHERE c.quantity > 0), 0),
               coalesce(sum(c.sign * c.quantity) FILTER (WHERE c.quantity > 0), 0)
          FROM unnest(changes) c GROUP BY c.pharmacy_id, c.expiry_date
        HAVING sum(c.sign) <> 0 OR sum(c.sign) FILTER (WHERE c.quantity > 0) <> 0
            OR sum(c.sign * c.quantity) FILTER (WHERE c.quantity > 0) <> 0
        ON CONFLICT (pharmacy_id, expiry_date)
        DO UPDATE SET batches = t.batches + excluded.batches, stocked = t.stocked + excluded.stocked,
                      units = t.units + excluded.units;
      DELETE FROM expiry_calendar t
        USING (SELECT DISTINCT c.pharmacy_id, c.expiry_date FROM unnest(changes) c) k
        WHERE t.pharmacy_id = k.pharmacy_id AND t.expiry_date = k.expiry_date AND t.batches = 0;
    END $$`.execute(db);

  // Transition tables allow one event per trigger: one function each, the same totals.
  await sql`
    CREATE FUNCTION inventory_batches_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_inventory_batch_changes(ARRAY(
        SELECT (n.pharmacy_id, n.product_id, n.expiry_date, n.quantity, n.reserved_quantity, 1)::inventory_batch_change
          FROM new_rows n WHERE n.is_active));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION inventory_batches_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_inventory_batch_changes(ARRAY(
        SELECT (o.pharmacy_id, o.product_id, o.expiry_date, o.quantity, o.reserved_quantity, -1)::inventory_batch_change
          FROM old_rows o WHERE o.is_active
        UNION ALL
        SELECT (n.pharmacy_id, n.product_id, n.expiry_date, n.quantity, n.reserved_quantity, 1)::inventory_batch_change
          FROM new_rows n WHERE n.is_active));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION inventory_batches_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM apply_inventory_batch_changes(ARRAY(
        SELECT (o.pharmacy_id, o.product_id, o.expiry_date, o.quantity, o.reserved_quantity, -1)::inventory_batch_change
          FROM old_rows o WHERE o.is_active));
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER inventory_batches_totals_inserted AFTER INSERT ON inventory_batches
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER inventory_batches_totals_updated AFTER UPDATE ON inventory_batches
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_updated()`.execute(db);
  await sql`
    CREATE TRIGGER inventory_batches_totals_deleted AFTER DELETE ON inventory_batches
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_deleted()`.execute(db);

  await fill(db);
}

/** The totals of the batches as they stand (a copy of the inventory projection's `fillTotals`, frozen with this migration). */
async function fill(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO stock_levels (pharmacy_id, product_id, batches, units, sellable)
    SELECT pharmacy_id, product_id, count(*), sum(quantity), sum(greatest(quantity - reserved_quantity, 0))
      FROM inventory_batches WHERE is_active GROUP BY pharmacy_id, product_id`.execute(db);
  await sql`
    INSERT INTO product_stock (product_id, batches, units)
    SELECT product_id, count(*), sum(quantity) FROM inventory_batches WHERE is_active GROUP BY product_id`.execute(db);
  await sql`
    INSERT INTO expiry_calendar (pharmacy_id, expiry_date, batches, stocked, units)
    SELECT pharmacy_id, expiry_date, count(*), count(*) FILTER (WHERE quantity > 0),
           coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0)
      FROM inventory_batches WHERE is_active GROUP BY pharmacy_id, expiry_date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER inventory_batches_totals_inserted ON inventory_batches`.execute(db);
  await sql`DROP TRIGGER inventory_batches_totals_updated ON inventory_batches`.execute(db);
  await sql`DROP TRIGGER inventory_batches_totals_deleted ON inventory_batches`.execute(db);
  await sql`DROP FUNCTION inventory_batches_inserted()`.execute(db);
  await sql`DROP FUNCTION inventory_batches_updated()`.execute(db);
  await sql`DROP FUNCTION inventory_batches_deleted()`.execute(db);
  await sql`DROP FUNCTION apply_inventory_batch_changes(inventory_batch_change[])`.execute(db);
  await sql`DROP TYPE inventory_batch_change`.execute(db);
  await sql`DROP INDEX inventory_batches_sellable_expiry_idx`.execute(db);
  await sql`DROP TABLE expiry_calendar`.execute(db);
  await sql`DROP TABLE product_stock`.execute(db);
  await sql`DROP TABLE stock_levels`.execute(db);
}
