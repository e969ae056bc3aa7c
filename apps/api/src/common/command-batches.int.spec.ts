import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type DomainError,
  fold,
  stockDecider,
  stockStreamId,
  STOCK_SNAPSHOTS,
  type StockEvent,
} from '@pharmacy/domain';
import { PostgresEventStore, type EventStore } from '@pharmacy/event-store';
import { ProjectionWaiter } from '@pharmacy/projections';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { loadConfig } from '../config/config';
import { CommandExecutor } from './command-executor';
import { systemContext, type RequestContext } from './request-context';
import { SnapshotStore } from './snapshot-store';

/**
 * A busy pharmacy's sales share appends (ADR 0022): what piles up behind a
 * stream's turn is decided in order on its state and appended together. Here
 * with a real PostgreSQL, 50 sales at once.
 */
describe('commands on one stream appended together', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  const appends: number[] = [];

  /** The store, counting how many events each append carries. */
  const counted = (inner: EventStore): EventStore =>
    Object.assign(Object.create(inner) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        appends.push(args[1].length);
        return inner.append(...args);
      },
    });

  const executor = (over: EventStore = store) =>
    new CommandExecutor(over, new ProjectionWaiter(db, []), loadConfig({}), new SnapshotStore(db), console);

  const productId = randomUUID();
  const receive = (pharmacyId: string, quantity: number) => ({
    type: 'ReceiveBatch' as const,
    pharmacyId,
    batchId: randomUUID(),
    productId,
    batchNumber: `LOT-${randomUUID().slice(0, 8)}`,
    quantity,
    purchasePrice: null,
    expiryDate: '2031-01-31',
    supplierId: null,
    today: '2026-12-07',
  });
  const sale = (pharmacyId: string, saleId = randomUUID()) => ({
    type: 'CompleteSale' as const,
    saleId,
    pharmacyId,
    soldAt: new Date().toISOString(),
    today: '2026-12-07',
    customerName: null,
    customerPhone: null,
    notes: null,
    cashReceived: '100.00',
    lines: [
      {
        productId,
        productName: 'Batched',
        productNameAr: null,
        sku: 'BATCHED',
        productSalesUnit: 'whole' as const,
        unitsPerPackage: 1,
        price: '2.00',
        commissionEnabled: false,
        commissionRate: '0',
        salesUnit: 'whole' as const,
        quantity: 1,
        batchId: null,
      },
    ],
  });
  const options = { snapshot: STOCK_SNAPSHOTS, waitForProjections: false } as const;
  const keyed = (key: string): RequestContext => ({
    ...systemContext(),
    idempotency: { key, requestHash: `hash-${key}` },
  });
  const refolded = async (stream: string) =>
    fold(
      stockDecider,
      stockDecider.initialState(),
      (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
    db = createReadDb(createPool(database.url));
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('sells exactly the stock there is to 50 tills at once, in fewer appends than sales', async () => {
    const pharmacyId = randomUUID();
    const stream = stockStreamId(pharmacyId);
    const sut = executor(counted(store));
    await sut.execute(stream, stockDecider, receive(pharmacyId, 30), systemContext(), options);
    appends.length = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => sut.execute(stream, stockDecider, sale(pharmacyId), systemContext(), options)),
    );
    const sold = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(sold).toHaveLength(30);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect((r.reason as DomainError).code).toBe('INSUFFICIENT_STOCK');
    const events = await store.readStream(stream);
    expect(events.filter((e) => e.type === 'SaleCompleted')).toHaveLength(30);
    // Sales shared appends; each sale's answer carries its own event.
    expect(appends.length).toBeLessThan(30);
    expect(appends.some((size) => size > 1)).toBe(true);
    const ids = new Set(sold.map((r) => (r.value.events[0] as { data: { saleId: string } }).data.saleId));
    expect(ids.size).toBe(30);
    // What the executor keeps is what the log folds to.
    const kept = await sut.read(stream, stockDecider, (state) => JSON.stringify(state), options);
    expect(JSON.parse(kept)).toEqual(JSON.parse(JSON.stringify(await refolded(stream))));
  });

  it('records a keyed sale once when it is sent twice in the same batch', async () => {
    const pharmacyId = randomUUID();
    const stream = stockStreamId(pharmacyId);
    const sut = executor();
    await sut.execute(stream, stockDecider, receive(pharmacyId, 100), systemContext(), options);
    const keys = Array.from({ length: 10 }, (_, i) => `key-${i}-${randomUUID()}`);
    const saleIds = new Map(keys.map((key) => [key, randomUUID()]));
    const answers = await Promise.all(
      [...keys, ...keys].map((key) =>
        sut.execute(stream, stockDecider, sale(pharmacyId, saleIds.get(key)), keyed(key), options),
      ),
    );
    const events = await store.readStream(stream);
    expect(events.filter((e) => e.type === 'SaleCompleted')).toHaveLength(10);
    for (const [i, key] of keys.entries()) {
      const first = answers[i]!;
      const again = answers[i + keys.length]!;
      expect(again.events).toEqual(first.events);
      expect((first.events[0] as { data: { saleId: string } }).data.saleId).toBe(saleIds.get(key));
    }
  });

  it('decides again, one by one, when another process appended while a batch was decided', async () => {
    const pharmacyId = randomUUID();
    const stream = stockStreamId(pharmacyId);
    const elsewhere = executor();
    let interfered = false;
    const interfering = Object.assign(Object.create(store) as EventStore, {
      append: async (...args: Parameters<EventStore['append']>) => {
        if (!interfered && args[1].length > 1) {
          // Another process takes 5 of the 8 packs just before the batch's append.
          interfered = true;
          for (let i = 0; i < 5; i += 1)
            await elsewhere.execute(stream, stockDecider, sale(pharmacyId), systemContext(), options);
        }
        return store.append(...args);
      },
    });
    const sut = executor(interfering);
    await sut.execute(stream, stockDecider, receive(pharmacyId, 8), systemContext(), options);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => sut.execute(stream, stockDecider, sale(pharmacyId), systemContext(), options)),
    );
    expect(interfered).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const events = await store.readStream(stream);
    expect(events.filter((e) => e.type === 'SaleCompleted')).toHaveLength(8);
    const state = await refolded(stream);
    const kept = await sut.read(stream, stockDecider, (s) => JSON.stringify(s), options);
    expect(JSON.parse(kept)).toEqual(JSON.parse(JSON.stringify(state)));
  });
});
