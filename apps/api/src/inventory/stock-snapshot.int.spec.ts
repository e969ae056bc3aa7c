import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fold, stockDecider, stockStreamId, type StockEvent, STOCK_SNAPSHOTS } from '@pharmacy/domain';
import { PostgresEventStore } from '@pharmacy/event-store';
import { ProjectionWaiter } from '@pharmacy/projections';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { CommandExecutor } from '../common/command-executor';
import { systemContext } from '../common/request-context';
import { SnapshotStore } from '../common/snapshot-store';
import { loadConfig } from '../config/config';

const pharmacyId = randomUUID();
const productIds = Array.from({ length: 50 }, () => randomUUID());
const context = systemContext();

function receipt(i: number): StockEvent {
  return {
    type: 'BatchReceived',
    data: {
      pharmacyId,
      batchId: randomUUID(),
      productId: productIds[i % productIds.length]!,
      batchNumber: `L${i}`,
      quantity: 1 + (i % 7),
      purchasePrice: null,
      expiryDate: '2030-01-31',
      receivedDate: '2026-01-01',
      supplierId: null,
    },
  };
}

const envelope = (event: StockEvent) => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: {
    userId: null,
    pharmacyId: null,
    correlationId: context.correlationId,
    causationId: null,
    occurredAt: new Date().toISOString(),
  },
});

describe('stock stream snapshots', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  let sut: CommandExecutor;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url });
    db = createReadDb(createPool(database.url));
    sut = new CommandExecutor(store, new ProjectionWaiter(db, []), loadConfig({}), new SnapshotStore(db), console);
  });
  afterAll(async () => {
    await store.close();
    await db.destroy();
    await database.drop();
  });

  it('keeps the cost of a command flat: after 50,000 events a load reads only the tail since the snapshot', async () => {
    const stream = stockStreamId(pharmacyId);
    const history = Array.from({ length: 50_000 }, (_, i) => receipt(i));
    for (let i = 0; i < history.length; i += 2000) {
      await store.append(stream, history.slice(i, i + 2000).map(envelope), i === 0 ? 'no_stream' : BigInt(i - 1));
    }

    // The first command folds all 50,000 events once, then stores a snapshot.
    const command = {
      type: 'ReceiveBatch' as const,
      pharmacyId,
      batchId: randomUUID(),
      productId: productIds[0]!,
      batchNumber: 'NEW-1',
      quantity: 5,
      purchasePrice: null,
      expiryDate: '2031-01-31',
      supplierId: null,
      today: '2026-11-21',
    };
    const first = await sut.execute(stream, stockDecider, command, context, {
      snapshot: STOCK_SNAPSHOTS,
      waitForProjections: false,
    });
    expect(first.events).toHaveLength(1);
    await sut.snapshotsSaved();

    // 30 more events arrive from elsewhere.
    const tail = Array.from({ length: 30 }, (_, i) => receipt(60_000 + i));
    await store.append(stream, tail.map(envelope), 50_000n);

    const started = performance.now();
    const loaded = await sut.load(stream, stockDecider, STOCK_SNAPSHOTS);
    const elapsed = performance.now() - started;
    expect(loaded.snapshotRevision).toBe(50_000n);
    expect(loaded.eventsRead).toBe(30);
    expect(loaded.revision).toBe(50_030n);

    // The snapshot plus tail is exactly the state folded from the whole stream.
    const everything = (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as StockEvent);
    expect(loaded.state).toEqual(fold(stockDecider, stockDecider.initialState(), everything));
    expect(Object.keys(loaded.state.batches)).toHaveLength(50_031);
    // Informational: what a command pays to load this stream now.
    console.info(
      `stock stream of ${everything.length} events loaded from snapshot + ${loaded.eventsRead} events in ${elapsed.toFixed(0)} ms`,
    );
  }, 120_000);

  it('keeps a hot stream in memory and decides on the tail written by others since', async () => {
    const stream = stockStreamId(pharmacyId.replace(/^.{8}/, '99999999'));
    const receive = (batchNumber: string, quantity: number) => ({
      type: 'ReceiveBatch' as const,
      pharmacyId,
      batchId: randomUUID(),
      productId: productIds[1]!,
      batchNumber,
      quantity,
      purchasePrice: null,
      expiryDate: '2031-01-31',
      supplierId: null,
      today: '2026-11-21',
    });
    const options = { snapshot: STOCK_SNAPSHOTS, waitForProjections: false } as const;
    const first = await sut.execute(stream, stockDecider, receive('HOT-1', 4), context, options);
    const batchId = (first.events[0] as Extract<StockEvent, { type: 'BatchReceived' }>).data.batchId;
    // Another process (a second executor with its own memory) tops the batch up.
    const other = new CommandExecutor(
      store,
      new ProjectionWaiter(db, []),
      loadConfig({}),
      new SnapshotStore(db),
      console,
    );
    await other.execute(stream, stockDecider, receive('HOT-1', 6), context, options);
    // This executor still holds the old state in memory; its next command must see the other's receipt.
    const third = await sut.execute(stream, stockDecider, receive('HOT-1', 1), context, {
      ...options,
      answer: (state) => state.batches[batchId]?.quantity,
    });
    expect(third.answer).toBe(11);
    const folded = fold(
      stockDecider,
      stockDecider.initialState(),
      (await store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as StockEvent),
    );
    expect(folded.batches[batchId]?.quantity).toBe(11);
  });

  it('ignores a snapshot of another schema version and folds from the start', async () => {
    const stream = stockStreamId(randomUUID());
    await store.append(stream, [envelope(receipt(1)), envelope(receipt(2))], 'no_stream');
    await new SnapshotStore(db).save(stream, 1n, JSON.stringify({ batches: {} }), { schemaVersion: 0, every: 1 });
    const loaded = await sut.load(stream, stockDecider, STOCK_SNAPSHOTS);
    expect(loaded.snapshotRevision).toBeNull();
    expect(loaded.eventsRead).toBe(2);
    expect(Object.keys(loaded.state.batches)).toHaveLength(2);
  });
});
