import type { INestApplicationContext } from '@nestjs/common';
import { sql } from 'kysely';
import {
  addDaysIso,
  DomainError,
  productDecider,
  productStreamId,
  stockDecider,
  stockStreamId,
  todayIn,
  type SaleCompletedData,
  type SaleLineInput,
  type StockState,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { GlobalPosition } from '@pharmacy/event-store';
import { CommandExecutor } from '../common/command-executor';
import { systemContext } from '../common/request-context';
import type { Runtime } from '../infrastructure/runtime';
import { saleEventId } from '../sales/recorded-sales';
import { demoId, random } from './seed-catalogue';
import { demoPharmacies, demoUsers } from './demo-data';

const SEED_NAME = 'demo-sales';
const DAYS = 21;

const customers = [
  'Rana Haddad',
  'محمد العلي',
  'Yousef Nasser',
  'سارة خليل',
  'Lina Qasem',
  'أحمد الزعبي',
  'Omar Saleh',
  'هبة منصور',
  'Dana Khoury',
  'خالد الحسن',
];

/**
 * Three weeks of counter sales at the active demo pharmacies, written through
 * the sale decider with their business dates (FEFO as of each day), by the
 * pharmacists who work there, with a few returns: the dashboard, the recent
 * sales and (later) the reports have a history to show. Once per database.
 */
export async function seedDemoSales(app: INestApplicationContext, runtime: Runtime): Promise<boolean> {
  const done = await runtime.db.selectFrom('seedRuns').select('name').where('name', '=', SEED_NAME).executeTakeFirst();
  if (done) return false;
  const executor = app.get(CommandExecutor, { strict: false });
  const today = todayIn(runtime.config.TIME_ZONE);
  const next = random(20261201);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const users = await runtime.db.selectFrom('users').select(['id', 'email']).execute();
  const userIdOf = (email: string) => users.find((u) => u.email === email)?.id ?? null;
  // The last sale and the last return: waiting for them waits for everything before them.
  const settled: Array<{ events: ReadonlyArray<{ type: string }>; position: GlobalPosition | null }> = [];

  for (const pharmacy of demoPharmacies.filter((p) => p.isActive)) {
    const sellers = demoUsers
      .filter((u) => u.role === 'pharmacist' && u.pharmacies.includes(pharmacy.id))
      .map((u) => userIdOf(u.email));
    const stream = stockStreamId(pharmacy.id);
    const products = new Map<string, SaleLineInput>();
    const held = await executor.read(
      stream,
      stockDecider,
      (s: StockState) => [...new Set(Object.values(s.batches).map((b) => b.productId))],
      { snapshot: STOCK_SNAPSHOTS },
    );
    for (const productId of held) {
      const product = await executor.read(productStreamId(productId), productDecider, (s) =>
        s.status === 'active' && s.isActive ? s : null,
      );
      if (!product) continue;
      products.set(productId, {
        productId,
        productName: product.details.name,
        productNameAr: product.details.nameAr,
        sku: product.details.sku,
        productSalesUnit: product.details.salesUnit,
        unitsPerPackage: product.details.unitsPerPackage,
        price: product.pricing.price,
        commissionEnabled: product.commission.commissionEnabled,
        commissionRate: product.commission.commissionRate,
        salesUnit: 'whole',
        quantity: 1,
        batchId: null,
      });
    }
    const catalogue = [...products.values()];
    const sold: Array<{ sale: SaleCompletedData; on: string }> = [];

    for (let day = DAYS; day >= 0; day -= 1) {
      const on = addDaysIso(today, -day);
      const count = 12 + Math.floor(next() * 14);
      for (let n = 0; n < count; n += 1) {
        const hour = 9 + Math.floor((n / count) * 12);
        const soldAt = new Date(
          `${on}T${String(hour).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}:00Z`,
        );
        if (soldAt.getTime() > Date.now()) break;
        const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
          const line = pick(catalogue);
          const byUnit = line.productSalesUnit !== 'whole' && line.unitsPerPackage > 1 && next() < 0.25;
          return byUnit
            ? { ...line, salesUnit: line.productSalesUnit, quantity: 1 + Math.floor(next() * line.unitsPerPackage) }
            : { ...line, quantity: 1 + Math.floor(next() * 2) };
        });
        const saleId = demoId(`sale:${pharmacy.id}:${on}:${n}`);
        try {
          const outcome = await executor.execute(
            stream,
            stockDecider,
            {
              type: 'CompleteSale',
              saleId,
              pharmacyId: pharmacy.id,
              soldAt: soldAt.toISOString(),
              today: on,
              customerName: next() < 0.45 ? pick(customers) : null,
              customerPhone: null,
              notes: null,
              // Most pay with a round note.
              cashReceived: '200.00',
              lines,
            },
            { ...systemContext(pick(sellers), pharmacy.id) },
            {
              snapshot: STOCK_SNAPSHOTS,
              waitForProjections: false,
              occurredAt: soldAt.toISOString(),
              eventId: () => saleEventId(saleId),
            },
          );
          settled[0] = outcome;
          const [event] = outcome.events;
          if (event?.type === 'SaleCompleted') sold.push({ sale: event.data, on });
        } catch (error) {
          // Sold out (or a total above the cash): a customer who leaves without buying.
          if (!(error instanceof DomainError)) throw error;
        }
      }
    }

    for (const { sale, on } of sold.filter(() => next() < 0.03)) {
      const { saleId } = sale;
      const returnedOn = addDaysIso(on, Math.floor(next() * 3));
      if (returnedOn > today) continue;
      const returnedAt = `${returnedOn}T18:30:00.000Z`;
      if (Date.parse(returnedAt) > Date.now()) continue;
      const outcome = await executor.execute(
        stream,
        stockDecider,
        {
          type: 'ReturnSale',
          saleId,
          sale,
          returnId: demoId(`return:${saleId}`),
          pharmacyId: pharmacy.id,
          returnedAt,
          today: returnedOn,
          reason: pick(['Wrong strength', 'Customer changed prescription', 'Damaged packaging', 'Allergy']),
          lines: null,
        },
        systemContext(pick(sellers), pharmacy.id),
        { snapshot: STOCK_SNAPSHOTS, waitForProjections: false, occurredAt: returnedAt },
      );
      settled[1] = outcome;
    }
  }
  await executor.settle(systemContext(), ...settled.filter(Boolean));
  await sql`INSERT INTO seed_runs (name) VALUES (${SEED_NAME}) ON CONFLICT DO NOTHING`.execute(runtime.db);
  return true;
}
