import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';
import { applyEvents, eventsFor } from '../runner/projection';
import { salesProjection } from './sales.projection';

/** The report read models of the sales projection: given sale events, these rows (issue 11). */
const PHARMACY = randomUUID();
const OTHER = randomUUID();
const PILLS = randomUUID();
const CREAM = randomUUID();
let position = 0n;

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  position += 1n;
  return {
    id: randomUUID(),
    type,
    data,
    streamId: `stock-${String(data.pharmacyId)}`,
    revision: position,
    position: { commit: position, prepare: position },
    recordedAt: new Date(),
    metadata: {
      userId: null,
      pharmacyId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  } as RecordedEvent;
}

const line = (productId: string, quantity: number, total: string, commission: boolean) => ({
  productId,
  productName: productId === PILLS ? 'Pills' : 'Cream',
  productNameAr: null,
  sku: productId === PILLS ? 'PILLS' : 'CREAM',
  salesUnit: 'whole',
  unitsPerPackage: 1,
  quantity,
  unitPrice: (Number(total) / quantity).toFixed(2),
  totalPrice: total,
  commissionEnabled: commission,
  commissionRate: commission ? '5.00' : '0.00',
  commissionAmount: commission ? (Number(total) * 0.05).toFixed(2) : '0.00',
  allocations: [
    {
      batchId: randomUUID(),
      batchNumber: 'LOT',
      expiryDate: '2030-01-01',
      quantity,
      packsOpened: 0,
      totalPrice: total,
      commissionAmount: commission ? (Number(total) * 0.05).toFixed(2) : '0.00',
    },
  ],
});

const sale = (saleId: string, pharmacyId: string, soldOn: string, lines: ReturnType<typeof line>[]) =>
  recorded('SaleCompleted', {
    saleId,
    pharmacyId,
    soldAt: `${soldOn}T10:00:00.000Z`,
    soldOn,
    customerName: null,
    customerPhone: null,
    notes: null,
    totalAmount: lines.reduce((n, l) => n + Number(l.totalPrice), 0).toFixed(2),
    cashReceived: '100.00',
    change: '0.00',
    lines,
  });

describe('the sales projection: report rows', () => {
  let database: TestDatabase;
  let db: ReadDb;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createReadDb(createPool(database.url));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('writes commission lines, product sales per day, per pharmacy and across the chain, net of a return', async () => {
    const first = randomUUID();
    const events = [
      sale(first, PHARMACY, '2026-11-01', [line(PILLS, 3, '30.00', true), line(CREAM, 1, '8.00', false)]),
      sale(randomUUID(), PHARMACY, '2026-11-01', [line(PILLS, 1, '10.00', true)]),
      sale(randomUUID(), OTHER, '2026-11-02', [line(PILLS, 2, '20.00', true)]),
      recorded('SaleReturned', {
        saleId: first,
        returnId: randomUUID(),
        pharmacyId: PHARMACY,
        returnedAt: '2026-11-03T09:00:00.000Z',
        returnedOn: '2026-11-03',
        reason: 'Wrong strength',
        refundAmount: '10.00',
        lines: [
          {
            lineIndex: 0,
            productId: PILLS,
            salesUnit: 'whole',
            unitsPerPackage: 1,
            quantity: 1,
            refund: '10.00',
            allocations: [{ batchId: randomUUID(), quantity: 1, refund: '10.00', restocked: true }],
          },
        ],
      }),
    ];
    await db.transaction().execute((trx) => applyEvents(trx, salesProjection, eventsFor(salesProjection, events)));

    const commissions = await db
      .selectFrom('commissionLines')
      .select(['pharmacyId', 'productSku', 'quantity', 'totalPrice', 'commissionAmount', 'soldOn'])
      .orderBy('soldOn')
      .orderBy('quantity', 'desc')
      .execute();
    expect(commissions).toEqual([
      {
        pharmacyId: PHARMACY,
        productSku: 'PILLS',
        quantity: 3,
        totalPrice: '30.00',
        commissionAmount: '1.50',
        soldOn: '2026-11-01',
      },
      {
        pharmacyId: PHARMACY,
        productSku: 'PILLS',
        quantity: 1,
        totalPrice: '10.00',
        commissionAmount: '0.50',
        soldOn: '2026-11-01',
      },
      {
        pharmacyId: OTHER,
        productSku: 'PILLS',
        quantity: 2,
        totalPrice: '20.00',
        commissionAmount: '1.00',
        soldOn: '2026-11-02',
      },
    ]);
    const daily = await db
      .selectFrom('productDailySales')
      .select(['pharmacyId', 'businessDate', 'productId', 'quantity', 'revenue'])
      .orderBy('businessDate')
      .orderBy('productId')
      .execute();
    expect(daily).toEqual(
      [
        { pharmacyId: PHARMACY, businessDate: '2026-11-01', productId: PILLS, quantity: 4, revenue: '40.00' },
        { pharmacyId: PHARMACY, businessDate: '2026-11-01', productId: CREAM, quantity: 1, revenue: '8.00' },
        { pharmacyId: OTHER, businessDate: '2026-11-02', productId: PILLS, quantity: 2, revenue: '20.00' },
        // The return counts on the day it was given.
        { pharmacyId: PHARMACY, businessDate: '2026-11-03', productId: PILLS, quantity: -1, revenue: '-10.00' },
      ].sort((a, b) => a.businessDate.localeCompare(b.businessDate) || a.productId.localeCompare(b.productId)),
    );
    const totals = await db
      .selectFrom('productSalesTotals')
      .selectAll()
      .orderBy('pharmacyId')
      .orderBy('productId')
      .execute();
    expect(totals).toEqual(
      [
        { pharmacyId: PHARMACY, productId: PILLS, quantity: 3, revenue: '30.00' },
        { pharmacyId: PHARMACY, productId: CREAM, quantity: 1, revenue: '8.00' },
        { pharmacyId: OTHER, productId: PILLS, quantity: 2, revenue: '20.00' },
      ].sort((a, b) => a.pharmacyId.localeCompare(b.pharmacyId) || a.productId.localeCompare(b.productId)),
    );
    const chain = await db.selectFrom('productSalesChain').selectAll().orderBy('productId').execute();
    expect(chain).toEqual(
      [
        { productId: PILLS, quantity: 5, revenue: '50.00' },
        { productId: CREAM, quantity: 1, revenue: '8.00' },
      ].sort((a, b) => a.productId.localeCompare(b.productId)),
    );
  });
});
