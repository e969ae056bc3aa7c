import { sql } from 'kysely';
import type { StockEvent } from '@pharmacy/domain';
import type { RecordedEvent } from '@pharmacy/event-store';
import type { Projection } from '../runner/projection';
import { inventoryTables } from './inventory.tables';

/** What each transfer fact does to a batch, per pack: [packs in the batch, packs reserved]. */
const transferEffect = {
  TransferStockReserved: [0, 1],
  TransferStockReleased: [0, -1],
  TransferDispatched: [-1, -1],
  TransferStockReturned: [1, 0],
} as const;

/** `inventory_batches`: one row per batch held at a pharmacy, with its current quantity and version. */
export const inventoryProjection: Projection = {
  name: 'inventory',
  version: 7,
  handles: [
    'BatchReceived',
    'BatchCorrected',
    'StockAdjusted',
    'SaleCompleted',
    'SaleReturned',
    'TransferStockReserved',
    'TransferStockReleased',
    'TransferDispatched',
    'TransferStockReturned',
    'TransferStockArrived',
    'BatchDiscountSet',
    'BatchDiscountEnded',
    'BatchExpired',
    'StockCountPosted',
    'StockWrittenOff',
  ] satisfies Array<StockEvent['type']>,
  schema: inventoryTables,

  async fillTotals(trx) {
    // A pharmacy's rows together: its lists (low stock, shortages) read them by the key's first column.
    await sql`
      INSERT INTO stock_levels (pharmacy_id, product_id, batches, units, sellable)
      SELECT pharmacy_id, product_id, count(*), sum(quantity), sum(greatest(quantity - reserved_quantity, 0))
        FROM inventory_batches WHERE is_active GROUP BY pharmacy_id, product_id
       ORDER BY pharmacy_id, product_id`.execute(trx);
    await sql`
      INSERT INTO product_stock (product_id, batches, units)
      SELECT product_id, count(*), sum(quantity) FROM inventory_batches WHERE is_active GROUP BY product_id`.execute(
      trx,
    );
    await sql`
      INSERT INTO expiry_calendar (pharmacy_id, expiry_date, batches, stocked, units)
      SELECT pharmacy_id, expiry_date, count(*), count(*) FILTER (WHERE quantity > 0),
             coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0)
        FROM inventory_batches WHERE is_active GROUP BY pharmacy_id, expiry_date`.execute(trx);
  },

  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const at = recorded.metadata.occurredAt;
    // Every event that touches a batch moves its version on, as the stock decider counts them.
    const nextVersion = sql<number>`inventory_batches.version + 1`;
    switch (event.type) {
      case 'BatchReceived': {
        // A run of one: the same statement that writes a run of receipts.
        const receipt = new Receipts();
        await receipt.add(trx, recorded);
        await receipt.flush(trx);
        return;
      }
      case 'BatchCorrected':
        await trx
          .updateTable('inventoryBatches')
          .set({ ...event.data.changes, version: nextVersion, updatedAt: at })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'StockAdjusted':
        await trx
          .updateTable('inventoryBatches')
          .set({
            quantity: sql`inventory_batches.quantity + ${event.data.quantityChange}`,
            version: nextVersion,
            updatedAt: at,
          })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'StockCountPosted':
        for (const line of event.data.adjustments) {
          if (line.change === 0) continue;
          await trx
            .updateTable('inventoryBatches')
            .set({ quantity: sql`inventory_batches.quantity + ${line.change}`, version: nextVersion, updatedAt: at })
            .where('id', '=', line.batchId)
            .execute();
        }
        return;
      case 'StockWrittenOff':
        await trx
          .updateTable('inventoryBatches')
          .set({
            quantity: sql`inventory_batches.quantity - ${event.data.quantity}`,
            looseUnits: sql`inventory_batches.loose_units - ${event.data.looseUnits}`,
            version: nextVersion,
            updatedAt: at,
          })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'BatchExpired':
        await trx
          .updateTable('inventoryBatches')
          .set({ expiredOn: event.data.recordedOn, version: nextVersion, updatedAt: at })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'BatchDiscountSet':
      case 'BatchDiscountEnded':
        await trx
          .updateTable('inventoryBatches')
          .set({
            discountPercentage: event.type === 'BatchDiscountSet' ? event.data.discountPercentage : null,
            version: nextVersion,
            updatedAt: at,
          })
          .where('id', '=', event.data.batchId)
          .execute();
        return;
      case 'TransferStockReserved':
      case 'TransferStockReleased':
      case 'TransferDispatched':
      case 'TransferStockReturned': {
        // Reserved packs stay in the batch (not for sale); dispatched ones leave it; returned ones come back.
        const [packs, reserved] = transferEffect[event.type];
        for (const item of event.data.items) {
          await trx
            .updateTable('inventoryBatches')
            .set({
              quantity: sql`inventory_batches.quantity + ${packs * item.quantity}`,
              reservedQuantity: sql`inventory_batches.reserved_quantity + ${reserved * item.quantity}`,
              version: nextVersion,
              updatedAt: at,
            })
            .where('id', '=', item.batchId)
            .execute();
        }
        return;
      }
      case 'TransferStockArrived': {
        const d = event.data;
        for (const item of d.items) {
          await trx
            .insertInto('inventoryBatches')
            .values({
              id: item.batchId,
              productId: item.productId,
              pharmacyId: d.pharmacyId,
              batchNumber: item.batchNumber,
              quantity: item.quantity,
              purchasePrice: item.purchasePrice,
              expiryDate: item.expiryDate,
              receivedDate: d.receivedDate,
              supplierId: null,
              isActive: true,
              version: 1,
              createdAt: at,
              updatedAt: at,
            })
            .onConflict((oc) =>
              oc.column('id').doUpdateSet({
                quantity: sql`inventory_batches.quantity + ${item.quantity}`,
                version: nextVersion,
                updatedAt: at,
              }),
            )
            .execute();
        }
        return;
      }
      case 'SaleCompleted':
      case 'SaleReturned': {
        const changes = new StockChanges();
        changes.add(recorded);
        await changes.flush(trx);
        return;
      }
      default:
        return;
    }
  },

  async applyAll(trx, events) {
    // Runs of sales and returns (the bulk of a busy pharmacy's events) go in one statement, and so
    // do runs of receipts (a delivery, or a log caught up at start); anything else is applied as
    // it comes, after what came before it.
    const changes = new StockChanges();
    const receipts = new Receipts();
    for (const event of events) {
      if (event.type === 'SaleCompleted' || event.type === 'SaleReturned') {
        await receipts.flush(trx);
        changes.add(event);
      } else if (event.type === 'BatchReceived') {
        await changes.flush(trx);
        await receipts.add(trx, event);
      } else {
        await changes.flush(trx);
        await receipts.flush(trx);
        await this.apply(trx, event);
      }
    }
    await changes.flush(trx);
    await receipts.flush(trx);
  },
};

type ReceivedData = Extract<StockEvent, { type: 'BatchReceived' }>['data'];

/** Most receipts written in one statement (13 parameters each, far below PostgreSQL's 65,535). */
const RECEIPTS_PER_STATEMENT = 1000;

/**
 * A run of receipts written in one statement (`apply` writes a single one the
 * same way): a new batch is inserted, a receipt into an existing one (a
 * top-up) adds its packs and moves its version on. A statement may touch a row
 * once only, so a second receipt into the same batch within the run writes
 * what came before it first.
 */
class Receipts {
  /** By batch id. */
  private readonly rows = new Map<string, RecordedEvent>();

  async add(trx: Parameters<Projection['apply']>[0], recorded: RecordedEvent): Promise<void> {
    const { batchId } = recorded.data as ReceivedData;
    if (this.rows.has(batchId) || this.rows.size >= RECEIPTS_PER_STATEMENT) await this.flush(trx);
    this.rows.set(batchId, recorded);
  }

  async flush(trx: Parameters<Projection['apply']>[0]): Promise<void> {
    if (this.rows.size === 0) return;
    const values = [...this.rows.values()].map((event) => {
      const d = event.data as ReceivedData;
      return {
        id: d.batchId,
        productId: d.productId,
        pharmacyId: d.pharmacyId,
        batchNumber: d.batchNumber,
        quantity: d.quantity,
        purchasePrice: d.purchasePrice,
        expiryDate: d.expiryDate,
        receivedDate: d.receivedDate,
        supplierId: d.supplierId,
        isActive: true,
        version: 1,
        createdAt: event.metadata.occurredAt,
        updatedAt: event.metadata.occurredAt,
      };
    });
    this.rows.clear();
    await trx
      .insertInto('inventoryBatches')
      .values(values)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          quantity: sql`inventory_batches.quantity + excluded.quantity`,
          purchasePrice: sql`coalesce(excluded.purchase_price, inventory_batches.purchase_price)`,
          version: sql`inventory_batches.version + 1`,
          updatedAt: sql`excluded.updated_at`,
        }),
      )
      .execute();
  }
}

/** Per batch: packs and loose units gained or lost, and how many events touched it, over a run of sales and returns. */
class StockChanges {
  private readonly byBatch = new Map<string, { packs: number; loose: number; events: number; at: string }>();

  add(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as StockEvent;
    const at = recorded.metadata.occurredAt;
    const touched = new Set<string>();
    const change = (batchId: string) => {
      let entry = this.byBatch.get(batchId);
      if (!entry) this.byBatch.set(batchId, (entry = { packs: 0, loose: 0, events: 0, at }));
      if (!touched.has(batchId)) {
        touched.add(batchId);
        entry.events += 1;
        entry.at = at;
      }
      return entry;
    };
    if (event.type === 'SaleCompleted') {
      for (const line of event.data.lines) {
        for (const a of line.allocations) {
          const entry = change(a.batchId);
          if (line.salesUnit === 'whole') entry.packs -= a.quantity;
          else {
            // Packs opened for single units, and the units left loose.
            entry.packs -= a.packsOpened;
            entry.loose += a.packsOpened * line.unitsPerPackage - a.quantity;
          }
        }
      }
    } else if (event.type === 'SaleReturned') {
      for (const line of event.data.lines) {
        for (const a of line.allocations) {
          if (!a.restocked) continue;
          const entry = change(a.batchId);
          if (line.salesUnit === 'whole') entry.packs += a.quantity;
          else entry.loose += a.quantity;
        }
      }
    }
  }

  async flush(trx: Parameters<Projection['apply']>[0]): Promise<void> {
    if (this.byBatch.size === 0) return;
    const rows = [...this.byBatch].map(
      ([id, c]) => sql`(${id}::uuid, ${c.packs}::int, ${c.loose}::int, ${c.events}::int, ${c.at}::timestamptz)`,
    );
    this.byBatch.clear();
    await sql`
      UPDATE inventory_batches AS b
      SET quantity = b.quantity + v.packs,
          loose_units = b.loose_units + v.loose,
          version = b.version + v.events,
          updated_at = v.at
      FROM (VALUES ${sql.join(rows)}) AS v(id, packs, loose, events, at)
      WHERE b.id = v.id`.execute(trx);
  }
}
