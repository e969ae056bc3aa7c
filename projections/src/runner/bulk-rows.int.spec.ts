import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createPool, createReadDb, readDbOnClient, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { copyInto, copyText, insertRows } from './bulk-rows';

/**
 * `insertRows` writes the same rows whether it INSERTs (the projector) or
 * COPYs (a full rebuild): text with COPY's special characters, Arabic, JSON,
 * arrays, nulls, and rows that leave different columns to their defaults.
 */
describe('insertRows', () => {
  let database: TestDatabase;
  let db: ReadDb;

  const pharmacyId = '6f1c2a4e-0000-4000-8000-000000000001';
  const productId = '6f1c2a4e-0000-4000-8000-000000000002';
  const awkward = 'tab\there, line\nbreak, return\r, back\\slash, "quotes", \\N, عربي ١٢٣';

  const auditRows = (offset: number) =>
    [0, 1, 2].map((i) => ({
      position: String(offset + i),
      eventId: `6f1c2a4e-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
      eventType: 'ProductCreated',
      streamId: `product-${awkward}`,
      occurredAt: '2026-11-23T08:00:00.000Z',
      recordedAt: new Date('2026-11-23T08:00:01.000Z'),
      userId: i === 0 ? null : pharmacyId,
      pharmacyId: i === 1 ? null : pharmacyId,
      productIds: i === 2 ? [] : [productId, pharmacyId],
      batchIds: [],
      data: JSON.stringify({ name: awkward, nested: { list: [1, 'two', null], flag: true } }),
    }));

  const saleRows = (prefix: string) => [
    {
      id: `${prefix}-0000-4000-8000-000000000010`,
      pharmacyId,
      userId: null,
      soldAt: '2026-11-23T09:00:00.000Z',
      soldOn: '2026-11-23',
      customerName: awkward,
      customerPhone: null,
      notes: undefined,
      totalAmount: '12.50',
      cashReceived: '20.00',
      changeGiven: '7.50',
      itemCount: 2,
      position: '7',
    },
    {
      // Made offline: four more columns, the others left to their defaults.
      id: `${prefix}-0000-4000-8000-000000000011`,
      pharmacyId,
      userId: pharmacyId,
      soldAt: '2026-11-23T09:05:00.000Z',
      soldOn: '2026-11-23',
      customerName: null,
      customerPhone: '+962 79 000 0000',
      notes: 'paid\tcash',
      totalAmount: '3.00',
      cashReceived: '3.00',
      changeGiven: '0.00',
      itemCount: 1,
      position: '8',
      offlineNumber: 'OFF-1',
      recordedAt: '2026-11-23T10:00:00.000Z',
      offlineCatalogueAsOf: '2026-11-23T07:00:00.000Z',
      offlinePriceStale: true,
    },
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url));
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('writes with COPY exactly what an INSERT writes', async () => {
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'auditEvents', auditRows(100));
      await insertRows(trx, 'sales', saleRows('aaaaaaaa'));
    });
    const client = await createPool(database.url).connect();
    try {
      await readDbOnClient(client)
        .transaction()
        .execute(async (trx) => {
          copyInto(trx, client);
          await insertRows(trx, 'auditEvents', auditRows(200));
          await insertRows(trx, 'sales', saleRows('bbbbbbbb'));
        });
    } finally {
      client.release(true);
    }

    const audit = await db.selectFrom('auditEvents').selectAll().orderBy('position').execute();
    expect(audit).toHaveLength(6);
    const inserted = audit.slice(0, 3).map(({ position: _p, eventId: _e, ...rest }) => rest);
    const copied = audit.slice(3).map(({ position: _p, eventId: _e, ...rest }) => rest);
    expect(copied).toEqual(inserted);
    expect(copied[0]!.streamId).toBe(`product-${awkward}`);
    expect(copied[0]!.data).toEqual({ name: awkward, nested: { list: [1, 'two', null], flag: true } });

    const sales = await db.selectFrom('sales').selectAll().orderBy('position').orderBy('id').execute();
    const strip = ({ id: _id, ...rest }: (typeof sales)[number]) => rest;
    expect(sales.filter((s) => s.id.startsWith('bbbbbbbb')).map(strip)).toEqual(
      sales.filter((s) => s.id.startsWith('aaaaaaaa')).map(strip),
    );
    const offline = sales.find((s) => s.id.startsWith('bbbbbbbb') && s.offlineNumber === 'OFF-1');
    expect(offline?.offlinePriceStale).toBe(true);
    expect(sales.find((s) => s.id.startsWith('bbbbbbbb') && !s.offlineNumber)?.customerName).toBe(awkward);
  });

  it('rolls back what it copied with its transaction', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_events`.execute(db);
    const client = await createPool(database.url).connect();
    try {
      await expect(
        readDbOnClient(client)
          .transaction()
          .execute(async (trx) => {
            copyInto(trx, client);
            await insertRows(trx, 'auditEvents', auditRows(300));
            // The same positions again: the primary key refuses them, and the first three go too.
            await insertRows(trx, 'auditEvents', auditRows(300));
          }),
      ).rejects.toThrow(/duplicate key/);
    } finally {
      client.release(true);
    }
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_events`.execute(db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('escapes what COPY reads specially', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText(true)).toBe('t');
    expect(copyText(12n)).toBe('12');
    expect(copyText(['a"b', null])).toBe('{"a\\\\"b",NULL}');
  });
});
