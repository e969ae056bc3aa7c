import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { sql } from 'kysely';
import {
  addDaysIso,
  todayIn,
  categoryDecider,
  categoryStreamId,
  productDecider,
  productStreamId,
  stockDecider,
  stockStreamId,
  supplierDecider,
  supplierStreamId,
  uniqueValueDecider,
  uniqueValueStreamId,
  type ProductSnapshot,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { GlobalPosition } from '@pharmacy/event-store';
import { CommandExecutor } from '../common/command-executor';
import { systemContext, type RequestContext } from '../common/request-context';
import type { Runtime } from '../infrastructure/runtime';
import { demoCategories, demoProducts, demoSuppliers } from './demo-catalogue';
import { demoPharmacies } from './demo-data';

const SEED_NAME = 'demo-catalogue';

/** A stable uuid from a name, so the demo data has the same ids on every machine. */
export function demoId(name: string): string {
  const hex = createHash('sha256').update(`pharmacy-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small deterministic random sequence (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo catalogue, written through the same deciders users go through:
 * categories, suppliers, 300+ products (with their SKU and barcode claims) and
 * batches at the active demo pharmacies with a spread of expiry dates — some
 * already expired, some within days, most months away. Once per database.
 */
export async function seedDemoCatalogue(app: INestApplicationContext, runtime: Runtime): Promise<boolean> {
  const done = await runtime.db.selectFrom('seedRuns').select('name').where('name', '=', SEED_NAME).executeTakeFirst();
  if (done) return false;
  const executor = app.get(CommandExecutor, { strict: false });
  const context: RequestContext = { ...systemContext(), correlationId: demoId(`seed-${Date.now()}`) };
  const quiet = { waitForProjections: false } as const;
  const exists = async (stream: string) => (await runtime.store.readStream(stream, { maxCount: 1 })).length > 0;
  const steps: Array<{ events: ReadonlyArray<{ type: string }>; position: GlobalPosition | null }> = [];
  const track = (outcome: { events: ReadonlyArray<{ type: string }>; position: GlobalPosition | null }) => {
    steps.push({ events: outcome.events.map(({ type }) => ({ type })), position: outcome.position });
  };

  for (const c of demoCategories) {
    const categoryId = demoId(`category:${c.key}`);
    if (await exists(categoryStreamId(categoryId))) continue;
    const { key: _key, ...details } = c;
    track(
      await executor.execute(
        categoryStreamId(categoryId),
        categoryDecider,
        { type: 'CreateCategory', categoryId, details },
        context,
        quiet,
      ),
    );
  }
  for (const s of demoSuppliers) {
    const supplierId = demoId(`supplier:${s.key}`);
    if (await exists(supplierStreamId(supplierId))) continue;
    const { key: _key, ...rest } = s;
    track(
      await executor.execute(
        supplierStreamId(supplierId),
        supplierDecider,
        { type: 'RegisterSupplier', supplierId, details: { ...rest, isActive: true } },
        context,
        quiet,
      ),
    );
  }

  const today = todayIn(runtime.config.TIME_ZONE);
  const pharmacies = demoPharmacies.filter((p) => p.isActive);
  const next = random(20261121);
  for (const p of demoProducts()) {
    const productId = demoId(`product:${p.sku}`);
    if (await exists(productStreamId(productId))) continue;
    for (const [kind, value] of [
      ['product-sku', p.sku],
      ['product-barcode', p.barcode],
    ] as const) {
      await executor.execute(
        uniqueValueStreamId(kind, value),
        uniqueValueDecider,
        { type: 'ClaimUniqueValue', kind, value, ownerId: productId, conflictMessage: `${value} is already used` },
        context,
        quiet,
      );
    }
    const product: ProductSnapshot = {
      details: {
        sku: p.sku,
        barcode: p.barcode,
        name: p.name,
        nameAr: p.nameAr,
        description: null,
        descriptionAr: null,
        brand: p.brand,
        genericName: p.genericName,
        genericNameAr: p.genericNameAr,
        categoryId: demoId(`category:${p.category}`),
        supplierId: demoId(`supplier:${p.supplier}`),
        salesUnit: p.salesUnit,
        unitsPerPackage: p.unitsPerPackage,
        minStockLevel: p.minStockLevel,
        maxStockLevel: 1000,
        requiresPrescription: p.requiresPrescription,
        // One aisle per category, prescription medicines behind the counter.
        shelfLocation: p.requiresPrescription
          ? 'Dispensary'
          : `Aisle ${demoCategories.findIndex((c) => c.key === p.category) + 1}`,
      },
      pricing: { price: p.price, cost: p.cost },
      commission: {
        commissionRate: p.requiresPrescription ? '0.00' : '2.50',
        commissionEnabled: !p.requiresPrescription,
      },
      isActive: true,
    };
    track(
      await executor.execute(
        productStreamId(productId),
        productDecider,
        { type: 'RegisterProduct', productId, product },
        context,
        quiet,
      ),
    );

    for (const pharmacy of pharmacies) {
      const batches = Math.floor(next() * 3);
      for (let k = 0; k < batches; k += 1) {
        // Mostly months away, some within weeks, a few already expired.
        const roll = next();
        const days =
          roll < 0.06 ? -Math.ceil(next() * 40) : roll < 0.22 ? Math.ceil(next() * 60) : 60 + Math.ceil(next() * 660);
        const expiryDate = addDaysIso(today, days);
        const receivedOn =
          addDaysIso(expiryDate, -365 - Math.floor(next() * 300)) > today
            ? today
            : addDaysIso(expiryDate, -365 - Math.floor(next() * 300));
        track(
          await executor.execute(
            stockStreamId(pharmacy.id),
            stockDecider,
            {
              type: 'ReceiveBatch',
              pharmacyId: pharmacy.id,
              batchId: demoId(`batch:${pharmacy.id}:${p.sku}:${k}`),
              productId,
              batchNumber: `${p.sku.slice(0, 3)}${String(Math.floor(next() * 90000) + 10000)}${String.fromCharCode(65 + k)}`,
              quantity: 5 + Math.floor(next() * 140),
              purchasePrice: p.cost,
              expiryDate,
              supplierId: product.details.supplierId,
              today: receivedOn,
            },
            context,
            // Received on that day, in business time: the history reads right for an auditor.
            { ...quiet, snapshot: STOCK_SNAPSHOTS, occurredAt: `${receivedOn}T08:00:00.000Z` },
          ),
        );
      }
    }
  }
  await executor.settle(context, ...steps);
  await sql`INSERT INTO seed_runs (name) VALUES (${SEED_NAME}) ON CONFLICT DO NOTHING`.execute(runtime.db);
  return true;
}
