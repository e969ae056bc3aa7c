import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { sql } from 'kysely';
import type { ReadDb } from '@pharmacy/read-db';
import { catalogueProjection } from '../catalogue/catalogue.projection';
import { inventoryProjection } from '../inventory/inventory.projection';
import { pharmaciesProjection } from '../pharmacies/pharmacies.projection';
import {
  aTransfer,
  batchReceived,
  pharmacyRegistered,
  productRegistered,
  saleCompleted,
  stockAdjusted,
  type BatchAt,
} from '../testing/events';
import { projectionSpec, type SpecEvent } from '../testing/projection-spec';
import { keepShortagesFor, shortagesProjection } from './shortages.projection';

/**
 * `shortages`, `shortage_sources`, `shortage_counts` and `shortage_day`: worked out from the
 * pharmacies', catalogue's and inventory's tables for the day kept, and counted again for the
 * products each event names.
 */
const TODAY = '2026-03-02';
const DOWNTOWN = randomUUID();
const ABDOUN = randomUUID();
const SWEIFIEH = randomUUID();
const PILLS = randomUUID();
const SYRUP = randomUUID();
const pillsDowntown: BatchAt = { pharmacyId: DOWNTOWN, batchId: randomUUID(), productId: PILLS };
const pillsAbdoun: BatchAt = { pharmacyId: ABDOUN, batchId: randomUUID(), productId: PILLS };
const syrupAbdoun: BatchAt = { pharmacyId: ABDOUN, batchId: randomUUID(), productId: SYRUP };

const registered = pharmacyRegistered;

/** Two pharmacies, two products (minimum 5 and 10): Abdoun holds 30 pills and 4 syrups, Downtown 3 pills. */
const chain: SpecEvent[] = [
  registered(DOWNTOWN, 'Downtown'),
  registered(ABDOUN, 'Abdoun'),
  productRegistered(PILLS, { details: { sku: 'PILLS', barcode: null, name: 'Pills', minStockLevel: 5 } }),
  productRegistered(SYRUP, { details: { sku: 'SYRUP', barcode: null, name: 'Syrup', minStockLevel: 10 } }),
  batchReceived(pillsAbdoun, { quantity: 30 }),
  batchReceived(pillsDowntown, { quantity: 3 }),
  batchReceived(syrupAbdoun, { quantity: 4, expiryDate: '2026-03-10' }),
];

describe('the shortages projection', () => {
  const spec = projectionSpec(shortagesProjection, {
    from: [pharmaciesProjection, catalogueProjection, inventoryProjection],
    afterGiven: (db) => keepShortagesFor(db, TODAY),
  });
  /** The rows worked out from scratch for the same day. */
  const refill = async (db: ReadDb) => {
    await sql`DELETE FROM shortage_day`.execute(db);
    await keepShortagesFor(db, TODAY);
  };

  it('keeps, for the day, each short pair, the best source of its product and the cards per pharmacy', async () => {
    const kept = spec.given(...chain).when();
    await kept.then('shortageDay', [{ asOf: TODAY }]);
    await kept.then('shortages', [
      {
        pharmacyId: DOWNTOWN,
        productId: PILLS,
        pharmacyName: 'Downtown',
        productName: 'Pills',
        minStockLevel: 5,
        currentStock: 3,
        canFulfill: true,
      },
      { pharmacyId: DOWNTOWN, productId: SYRUP, currentStock: 0, canFulfill: false },
      { pharmacyId: ABDOUN, productId: SYRUP, currentStock: 4, canFulfill: false },
    ]);
    await kept.then('shortageSources', [{ productId: PILLS, pharmacyId: ABDOUN, spare: 25, others: 1 }]);
    await kept.then('shortageCounts', [
      { pharmacyId: DOWNTOWN, shortages: 2, critical: 1, fulfillable: 1, deficit: '12' },
      { pharmacyId: ABDOUN, shortages: 1, critical: 0, fulfillable: 0, deficit: '6' },
    ]);
  });

  it('counts again the products a sale, an adjustment and a transfer name, as a fill from scratch would', async () => {
    const moved = spec.given(...chain).when(
      saleCompleted({
        saleId: randomUUID(),
        pharmacyId: ABDOUN,
        soldOn: TODAY,
        lines: [{ ...pillsAbdoun, quantity: 22, unitPrice: '1.00' }],
      }),
      stockAdjusted(syrupAbdoun, 8),
      aTransfer({
        transferId: randomUUID(),
        from: ABDOUN,
        to: DOWNTOWN,
        items: [{ ...pillsAbdoun, batchNumber: 'LOT-1', expiryDate: '2027-06-30', purchasePrice: '8.00', quantity: 2 }],
      }).stockReserved(),
    );
    // Abdoun: 30 - 22 sold - 2 held = 6 pills (above 5, one to spare), 4 + 8 = 12 syrups (two to spare).
    await moved.then('shortages', [
      { pharmacyId: DOWNTOWN, productId: PILLS, currentStock: 3, canFulfill: false },
      { pharmacyId: DOWNTOWN, productId: SYRUP, currentStock: 0, canFulfill: false },
    ]);
    await moved.then('shortageSources', [
      { productId: PILLS, pharmacyId: ABDOUN, spare: 1, others: 1 },
      { productId: SYRUP, pharmacyId: ABDOUN, spare: 2, others: 1 },
    ]);
    await moved.thenFromScratchMatchesLive(refill);
  });

  it('follows a product’s minimum, a pharmacy opened, renamed or closed', async () => {
    const changed = spec.given(...chain).when(
      {
        type: 'ProductDetailsChanged',
        data: { productId: PILLS, changes: { minStockLevel: 40 }, previous: { minStockLevel: 5 } },
      },
      registered(SWEIFIEH, 'Sweifieh'),
      {
        type: 'PharmacyDetailsChanged',
        data: { pharmacyId: DOWNTOWN, changes: { name: 'Downtown 2' }, previous: { name: 'Downtown' } },
      },
      {
        type: 'PharmacyDetailsChanged',
        data: { pharmacyId: ABDOUN, changes: { isActive: false }, previous: { isActive: true } },
      },
    );
    await changed.then('shortages', [
      { pharmacyId: DOWNTOWN, productId: PILLS, pharmacyName: 'Downtown 2', minStockLevel: 40, currentStock: 3 },
      { pharmacyId: DOWNTOWN, productId: SYRUP, pharmacyName: 'Downtown 2', currentStock: 0 },
      { pharmacyId: SWEIFIEH, productId: PILLS, currentStock: 0 },
      { pharmacyId: SWEIFIEH, productId: SYRUP, currentStock: 0 },
    ]);
    await changed.thenFromScratchMatchesLive(refill);
  });

  it('moves the day kept as packs expire, and back', async () => {
    const later = spec.given(...chain).when(stockAdjusted(pillsDowntown, -1));
    await later.then('shortages', [
      { pharmacyId: DOWNTOWN, productId: PILLS, currentStock: 2 },
      { pharmacyId: DOWNTOWN, productId: SYRUP, currentStock: 0 },
      { pharmacyId: ABDOUN, productId: SYRUP, currentStock: 4 },
    ]);
    await later.thenFromScratchMatchesLive(async (db) => {
      // The syrup expires on the 10th: a day after it, Abdoun holds none, and moving back restores it.
      await keepShortagesFor(db, '2026-03-11');
      const { rows } = await sql<{ stock: number }>`
        SELECT current_stock AS stock FROM shortages WHERE pharmacy_id = ${ABDOUN} AND product_id = ${SYRUP}`.execute(
        db,
      );
      if (rows[0]?.stock !== 0)
        throw new Error(`expected no syrup left at Abdoun on the 11th, got ${JSON.stringify(rows)}`);
      await keepShortagesFor(db, TODAY);
    });
  });
});
