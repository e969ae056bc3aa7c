import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  categoryDecider,
  eventSchemas,
  fold,
  parseEventData,
  pharmacyDecider,
  productDecider,
  productStreamId,
  stockStreamId,
  readEvent,
  recordedVersion,
  stockDecider,
  supplierDecider,
  transferDecider,
  uniqueValueDecider,
  type DomainEvent,
} from '@pharmacy/domain';
import { PostgresEventStore, type NewEvent } from '@pharmacy/event-store';
import { allProjections, rebuildProjection } from '@pharmacy/projections';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import {
  createTestDatabase,
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
  type TestDatabase,
} from '@pharmacy/test-harness';

/**
 * Versioned events (issue 13): a log of every event type as first written
 * (test/fixtures/event-log.v1.json: a scenario run through the API, with no
 * schema versions recorded and ProductRegistered in its first shape, before
 * products had a shelf location) must keep being read by today's code, by the
 * deciders and by every projection. When an event's shape changes, its version
 * goes up and an upcaster keeps this test passing; when a type is added, its
 * first-written form is added to the fixture.
 */
type FixtureEvent = NewEvent & { streamId: string };
const log = JSON.parse(readFileSync(join(__dirname, '../fixtures/event-log.v1.json'), 'utf8')) as FixtureEvent[];

const deciders: Array<[string, Parameters<typeof fold>[0], unknown]> = [
  ['pharmacy-', pharmacyDecider, pharmacyDecider.initialState()],
  ['category-', categoryDecider, categoryDecider.initialState()],
  ['supplier-', supplierDecider, supplierDecider.initialState()],
  ['product-', productDecider, productDecider.initialState()],
  ['unique-', uniqueValueDecider, uniqueValueDecider.initialState()],
  ['stock-', stockDecider, stockDecider.initialState()],
  ['transfer-', transferDecider, transferDecider.initialState()],
];

describe('the event log as first written, read by today’s code', () => {
  it('has every event type the product writes, and nothing else', () => {
    expect([...new Set(log.map((e) => e.type))].sort()).toEqual(Object.keys(eventSchemas).sort());
    expect(log.every((e) => e.metadata.schemaVersion === undefined)).toBe(true);
  });

  it('parses every event after upcasting it from the version it was written at', () => {
    for (const event of log) {
      expect(() => parseEventData(event.type, event.data, recordedVersion(event.metadata))).not.toThrow();
    }
    const registered = log.find((e) => e.type === 'ProductRegistered')!;
    expect((registered.data as { details: Record<string, unknown> }).details).not.toHaveProperty('shelfLocation');
    const read = parseEventData('ProductRegistered', registered.data, 1) as { details: Record<string, unknown> };
    expect(read.details.shelfLocation).toBeNull();
  });

  it('folds every stream with its decider', () => {
    const streams = new Map<string, FixtureEvent[]>();
    for (const event of log) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
    for (const [streamId, events] of streams) {
      const entry = deciders.find(([prefix]) => streamId.startsWith(prefix));
      expect(entry).toBeDefined();
      const [, decider, initial] = entry!;
      expect(() =>
        fold(
          decider,
          initial,
          events.map((e) => readEvent<DomainEvent>(e)),
        ),
      ).not.toThrow();
    }
  });

  describe('replayed into a fresh database', () => {
    let database: TestDatabase;
    let store: PostgresEventStore;
    let db: ReadDb;

    beforeAll(async () => {
      database = await createTestDatabase();
      store = new PostgresEventStore({ connectionString: database.url });
      db = createReadDb(createPool(database.url));
      for (const { streamId, ...event } of log) await store.append(streamId, [event], 'any');
    });
    afterAll(async () => {
      await store.close();
      await db.destroy();
      await database.drop();
    });

    it('rebuilds every projection from it', async () => {
      for (const projection of allProjections) {
        const result = await rebuildProjection(store, db, projection);
        expect(result.events).toBeGreaterThan(0);
      }
      const registered = log.filter((e) => e.type === 'ProductRegistered');
      const products = await db
        .selectFrom('products')
        .select(['id', 'shelfLocation'])
        .where(
          'id',
          'in',
          registered.map((e) => (e.data as { productId: string }).productId),
        )
        .execute();
      expect(products.map((p) => p.shelfLocation)).toEqual(products.map(() => null));
      expect(products.length).toBeGreaterThan(0);
      const sales = await db.selectFrom('sales').select('id').execute();
      expect(sales).toHaveLength(log.filter((e) => e.type === 'SaleCompleted').length);
    });
  });
});

describe('events written now', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seed: true });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('record the version of their shape', async () => {
    const admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const sku = unique('VER');
    const product = (
      await admin
        .post('/api/products')
        .send({
          sku,
          name: `Versioned ${sku}`,
          price: '2.00',
          initialQuantity: 5,
          expiryDate: isoDaysFromNow(90),
          batchNumber: `${sku}-B`,
          pharmacyId: demoPharmacyIds.downtown,
        })
        .expect(201)
    ).body as { id: string };
    const [registered] = await app.server.runtime.store.readStream(productStreamId(product.id));
    expect(registered).toMatchObject({ type: 'ProductRegistered', metadata: { schemaVersion: 2 } });
    const received = (await app.server.runtime.store.readStream(stockStreamId(demoPharmacyIds.downtown))).find(
      (e) => e.type === 'BatchReceived' && (e.data as { productId: string }).productId === product.id,
    );
    expect(received?.metadata.schemaVersion).toBe(1);
  });
});
