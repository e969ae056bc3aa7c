import type { ProjectionTables } from '../schema/tables';

/** The tables the inventory projection owns (see ProjectionTables). */
export const inventoryTables: ProjectionTables = {
  tables: {
    inventory_batches: `
      CREATE TABLE inventory_batches (
          id uuid NOT NULL,
          product_id uuid NOT NULL,
          pharmacy_id uuid NOT NULL,
          batch_number text NOT NULL,
          quantity integer NOT NULL,
          purchase_price numeric(10,2),
          expiry_date date NOT NULL,
          received_date date NOT NULL,
          supplier_id uuid,
          is_active boolean NOT NULL,
          created_at timestamp with time zone NOT NULL,
          updated_at timestamp with time zone NOT NULL,
          version integer DEFAULT 1 NOT NULL,
          loose_units integer DEFAULT 0 NOT NULL,
          reserved_quantity integer DEFAULT 0 NOT NULL,
          discount_percentage numeric(5,2),
          expired_on date,
          CONSTRAINT inventory_batches_pkey PRIMARY KEY (id)
      )`,
    stock_levels: `
      CREATE TABLE stock_levels (
          pharmacy_id uuid NOT NULL,
          product_id uuid NOT NULL,
          batches integer NOT NULL,
          units bigint NOT NULL,
          sellable bigint NOT NULL,
          CONSTRAINT stock_levels_pkey PRIMARY KEY (pharmacy_id, product_id)
      )`,
    product_stock: `
      CREATE TABLE product_stock (
          product_id uuid NOT NULL,
          batches integer NOT NULL,
          units bigint NOT NULL,
          CONSTRAINT product_stock_pkey PRIMARY KEY (product_id)
      )`,
    expiry_calendar: `
      CREATE TABLE expiry_calendar (
          pharmacy_id uuid NOT NULL,
          expiry_date date NOT NULL,
          batches integer NOT NULL,
          stocked integer NOT NULL,
          units bigint NOT NULL,
          CONSTRAINT expiry_calendar_pkey PRIMARY KEY (pharmacy_id, expiry_date)
      )`,
  },
  indexes: [
    `CREATE INDEX inventory_batches_active_expiry_idx ON inventory_batches (expiry_date, id) WHERE is_active`,
    `CREATE INDEX inventory_batches_active_number_idx ON inventory_batches (batch_number, id) WHERE is_active`,
    `CREATE INDEX inventory_batches_active_received_idx ON inventory_batches (received_date, id) WHERE is_active`,
    `CREATE INDEX inventory_batches_number_trgm ON inventory_batches USING gin (batch_number gin_trgm_ops)`,
    `CREATE INDEX inventory_batches_pharmacy_expiry_idx ON inventory_batches (pharmacy_id, expiry_date)`,
    `CREATE INDEX inventory_batches_product_idx ON inventory_batches (product_id, pharmacy_id)`,
    `CREATE INDEX inventory_batches_sellable_expiry_idx ON inventory_batches (expiry_date) INCLUDE (pharmacy_id, product_id, quantity, reserved_quantity) WHERE (is_active AND (quantity > reserved_quantity))`,
    `CREATE INDEX stock_levels_product_idx ON stock_levels (product_id)`,
    `CREATE INDEX expiry_calendar_date_idx ON expiry_calendar (expiry_date)`,
  ],
  functions: [
    `DROP TYPE IF EXISTS inventory_batch_change CASCADE`,
    `
      CREATE TYPE inventory_batch_change AS (
        pharmacy_id uuid,
        product_id uuid,
        expiry_date date,
        quantity integer,
        reserved integer,
        sign integer
      )`,
    `
      CREATE OR REPLACE FUNCTION apply_inventory_batch_changes(changes inventory_batch_change[]) RETURNS void
          LANGUAGE plpgsql
          AS $$
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
          END $$`,
    `
      CREATE OR REPLACE FUNCTION inventory_batches_inserted() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_inventory_batch_changes(ARRAY(
              SELECT (n.pharmacy_id, n.product_id, n.expiry_date, n.quantity, n.reserved_quantity, 1)::inventory_batch_change
                FROM new_rows n WHERE n.is_active));
            RETURN NULL;
          END $$`,
    `
      CREATE OR REPLACE FUNCTION inventory_batches_deleted() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_inventory_batch_changes(ARRAY(
              SELECT (o.pharmacy_id, o.product_id, o.expiry_date, o.quantity, o.reserved_quantity, -1)::inventory_batch_change
                FROM old_rows o WHERE o.is_active));
            RETURN NULL;
          END $$`,
    `
      CREATE OR REPLACE FUNCTION inventory_batches_updated() RETURNS trigger
          LANGUAGE plpgsql
          AS $$
          BEGIN
            PERFORM apply_inventory_batch_changes(ARRAY(
              SELECT (o.pharmacy_id, o.product_id, o.expiry_date, o.quantity, o.reserved_quantity, -1)::inventory_batch_change
                FROM old_rows o WHERE o.is_active
              UNION ALL
              SELECT (n.pharmacy_id, n.product_id, n.expiry_date, n.quantity, n.reserved_quantity, 1)::inventory_batch_change
                FROM new_rows n WHERE n.is_active));
            RETURN NULL;
          END $$`,
  ],
  triggers: [
    `CREATE TRIGGER inventory_batches_totals_deleted AFTER DELETE ON inventory_batches REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_deleted()`,
    `CREATE TRIGGER inventory_batches_totals_inserted AFTER INSERT ON inventory_batches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_inserted()`,
    `CREATE TRIGGER inventory_batches_totals_updated AFTER UPDATE ON inventory_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_batches_updated()`,
  ],
};
