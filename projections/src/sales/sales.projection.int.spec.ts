import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { saleCompleted, saleReturned } from '../testing/events';
import { projectionSpec, SPEC_USER, type SpecEvent } from '../testing/projection-spec';
import { salesProjection } from './sales.projection';

/** The sales projection: given sale events, these rows (the report read models: issue 11). */
const PHARMACY = randomUUID();
const OTHER = randomUUID();
const PILLS = randomUUID();
const CREAM = randomUUID();

function recorded(type: 'SaleCompleted' | 'SaleReturned', data: Record<string, unknown>): SpecEvent {
  return { type, data } as SpecEvent;
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

describe('the sales projection', () => {
  const spec = projectionSpec(salesProjection);

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
    const sold = spec.given().when(...events);

    await sold.then('commissionLines', [
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
    await sold.then('productDailySales', [
      { pharmacyId: PHARMACY, businessDate: '2026-11-01', productId: PILLS, quantity: 4, revenue: '40.00' },
      { pharmacyId: PHARMACY, businessDate: '2026-11-01', productId: CREAM, quantity: 1, revenue: '8.00' },
      { pharmacyId: OTHER, businessDate: '2026-11-02', productId: PILLS, quantity: 2, revenue: '20.00' },
      // The return counts on the day it was given.
      { pharmacyId: PHARMACY, businessDate: '2026-11-03', productId: PILLS, quantity: -1, revenue: '-10.00' },
    ]);
    await sold.then('productSalesTotals', [
      { pharmacyId: PHARMACY, productId: PILLS, quantity: 3, revenue: '30.00' },
      { pharmacyId: PHARMACY, productId: CREAM, quantity: 1, revenue: '8.00' },
      { pharmacyId: OTHER, productId: PILLS, quantity: 2, revenue: '20.00' },
    ]);
    await sold.then('productSalesChain', [
      { productId: PILLS, quantity: 5, revenue: '50.00' },
      { productId: CREAM, quantity: 1, revenue: '8.00' },
    ]);
  });

  it("records a sale with its lines, the batches they came from and the day's takings", async () => {
    const saleId = randomUUID();
    const batch = randomUUID();
    const sold = spec
      .given(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: PHARMACY,
          soldOn: '2026-11-01',
          lines: [{ productId: CREAM, batchId: randomUUID(), quantity: 1, unitPrice: '8.00' }],
        }),
      )
      .when(
        saleCompleted({
          saleId,
          pharmacyId: PHARMACY,
          soldOn: '2026-11-01',
          customerName: 'Huda',
          lines: [
            {
              productId: PILLS,
              batchId: batch,
              quantity: 2,
              unitPrice: '12.50',
              commissionRate: '10.00',
              sku: 'PILLS',
            },
            {
              productId: CREAM,
              batchId: randomUUID(),
              quantity: 4,
              unitPrice: '0.75',
              salesUnit: 'sachet',
              unitsPerPackage: 10,
              packsOpened: 1,
            },
          ],
        }),
      );
    await sold.then('sales', [
      { pharmacyId: PHARMACY, totalAmount: '8.00', position: '1' },
      {
        id: saleId,
        pharmacyId: PHARMACY,
        userId: SPEC_USER,
        soldAt: '2026-11-01T10:00:00.000Z',
        soldOn: '2026-11-01',
        customerName: 'Huda',
        totalAmount: '28.00',
        cashReceived: '30.00',
        changeGiven: '2.00',
        refundedAmount: '0.00',
        itemCount: 6,
        position: '2',
        offlineNumber: null,
        recordedAt: null,
      },
    ]);
    await sold.then('saleLines', [
      { lineIndex: 0, productId: CREAM, quantity: 1 },
      {
        saleId,
        lineIndex: 0,
        productId: PILLS,
        sku: 'PILLS',
        salesUnit: 'whole',
        quantity: 2,
        // Unit prices keep four decimals: a unit of a pack can cost a fraction of a cent.
        unitPrice: '12.5000',
        totalPrice: '25.00',
        commissionEnabled: true,
        commissionRate: '10.00',
        commissionAmount: '2.50',
        returnedQuantity: 0,
        shortfall: 0,
      },
      {
        saleId,
        lineIndex: 1,
        productId: CREAM,
        salesUnit: 'sachet',
        unitsPerPackage: 10,
        quantity: 4,
        totalPrice: '3.00',
      },
    ]);
    await sold.then('saleItems', [
      { lineIndex: 0, quantity: 1 },
      {
        saleId,
        lineIndex: 0,
        batchId: batch,
        quantity: 2,
        packsOpened: 0,
        totalPrice: '25.00',
        commissionAmount: '2.50',
      },
      { saleId, lineIndex: 1, quantity: 4, packsOpened: 1, totalPrice: '3.00' },
    ]);
    await sold.then('dailySales', [
      { pharmacyId: PHARMACY, businessDate: '2026-11-01', grossSales: '36.00', refunds: '0.00', orders: 2 },
    ]);
  });

  it('records a return against the sale, its lines and batches, and as a refund on the day it was given', async () => {
    const saleId = randomUUID();
    const batch = randomUUID();
    const returnId = randomUUID();
    const returned = spec
      .given(
        saleCompleted({
          saleId,
          pharmacyId: PHARMACY,
          soldOn: '2026-11-01',
          lines: [{ productId: PILLS, batchId: batch, quantity: 3, unitPrice: '10.00' }],
        }),
      )
      .when({
        ...saleReturned({
          saleId,
          returnId,
          pharmacyId: PHARMACY,
          returnedOn: '2026-11-03',
          lines: [{ lineIndex: 0, productId: PILLS, batchId: batch, quantity: 2, refund: '20.00', restocked: false }],
        }),
        metadata: { userId: null },
      });
    await returned.then('sales', [{ id: saleId, totalAmount: '30.00', refundedAmount: '20.00' }]);
    await returned.then('saleLines', [{ saleId, lineIndex: 0, quantity: 3, returnedQuantity: 2 }]);
    await returned.then('saleItems', [{ saleId, batchId: batch, quantity: 3, returnedQuantity: 2 }]);
    await returned.then('saleReturns', [
      {
        returnId,
        saleId,
        pharmacyId: PHARMACY,
        userId: null,
        returnedAt: '2026-11-03T09:00:00.000Z',
        returnedOn: '2026-11-03',
        reason: 'Wrong strength',
        refundAmount: '20.00',
        lines: [{ lineIndex: 0, quantity: 2, refund: '20.00', restocked: 0 }],
      },
    ]);
    await returned.then('dailySales', [
      { businessDate: '2026-11-01', grossSales: '30.00', refunds: '0.00', orders: 1 },
      { businessDate: '2026-11-03', grossSales: '0.00', refunds: '20.00', orders: 0 },
    ]);
  });

  it('keeps what a sale made offline says about itself: its number, when it arrived, the copy it was sold from', async () => {
    const saleId = randomUUID();
    const sold = spec.given().when(
      saleCompleted({
        saleId,
        pharmacyId: PHARMACY,
        soldOn: '2026-11-01',
        lines: [{ productId: PILLS, batchId: randomUUID(), quantity: 1, unitPrice: '10.00' }],
        offline: { number: 'K7Q2-0003', catalogueAsOf: '2026-10-31T20:00:00.000Z', priceStale: true },
      }),
    );
    await sold.then('sales', [
      {
        id: saleId,
        offlineNumber: 'K7Q2-0003',
        offlineCatalogueAsOf: '2026-10-31T20:00:00.000Z',
        offlinePriceStale: true,
      },
    ]);
  });

  it('rebuilds the same rows as the projector wrote, the months of product sales filled once', () => {
    const saleId = randomUUID();
    const batch = randomUUID();
    return spec
      .given(
        saleCompleted({
          saleId,
          pharmacyId: PHARMACY,
          soldOn: '2026-10-31',
          lines: [
            { productId: PILLS, batchId: batch, quantity: 3, unitPrice: '10.00', commissionRate: '5.00' },
            { productId: CREAM, batchId: randomUUID(), quantity: 1, unitPrice: '8.00' },
          ],
        }),
      )
      .when(
        saleCompleted({
          saleId: randomUUID(),
          pharmacyId: OTHER,
          soldOn: '2026-11-02',
          lines: [{ productId: PILLS, batchId: randomUUID(), quantity: 2, unitPrice: '10.00', commissionRate: '5.00' }],
        }),
        saleReturned({
          saleId,
          returnId: randomUUID(),
          pharmacyId: PHARMACY,
          returnedOn: '2026-11-01',
          lines: [{ lineIndex: 0, productId: PILLS, batchId: batch, quantity: 1, refund: '10.00' }],
        }),
      )
      .thenRebuildMatchesLive();
  });
});
