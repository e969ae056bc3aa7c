import { describe, expect, it } from '@jest/globals';
import { fold } from '../shared/decider';
import type { RecordOfflineSaleCommand } from './offline-sales';
import type { SaleLineInput } from './sales';
import { stockDecider, type StockEvent } from './stock';

const pharmacyId = '11111111-1111-4111-8111-111111111111';
const productId = '22222222-2222-4222-8222-222222222222';
const early = '44444444-4444-4444-8444-444444444401';
const late = '44444444-4444-4444-8444-444444444402';
const saleId = '66666666-6666-4666-8666-666666666601';
const shortfallId = '88888888-8888-4888-8888-888888888801';
const staleId = '88888888-8888-4888-8888-888888888802';

const receipt = (batchId: string, expiryDate: string, quantity: number, receivedDate = '2026-10-01'): StockEvent => ({
  type: 'BatchReceived',
  data: {
    pharmacyId,
    batchId,
    productId,
    batchNumber: batchId.slice(-2),
    quantity,
    purchasePrice: '1.00',
    expiryDate,
    receivedDate,
    supplierId: null,
  },
});

const line = (quantity: number, overrides: Partial<SaleLineInput> = {}): SaleLineInput => ({
  productId,
  productName: 'Amoxicillin 500 mg',
  productNameAr: 'أموكسيسيلين',
  sku: 'AMX-500',
  productSalesUnit: 'pill',
  unitsPerPackage: 10,
  price: '4.00',
  commissionEnabled: false,
  commissionRate: '0.00',
  salesUnit: 'whole',
  quantity,
  batchId: null,
  ...overrides,
});

const offline = (
  lines: SaleLineInput[],
  overrides: Partial<RecordOfflineSaleCommand> = {},
): RecordOfflineSaleCommand => ({
  type: 'RecordOfflineSale',
  saleId,
  pharmacyId,
  soldAt: '2026-11-22T10:00:00.000Z',
  soldOn: '2026-11-22',
  customerName: null,
  customerPhone: null,
  notes: null,
  cashReceived: '50.00',
  lines,
  offlineNumber: 'K7Q2-0001',
  catalogueAsOf: '2026-11-22T08:00:00.000Z',
  catalogueStale: false,
  discountsThen: {},
  lowestSince: {},
  shortfallDiscrepancyId: shortfallId,
  stalePriceDiscrepancyId: staleId,
  ...overrides,
});

const decide = (history: StockEvent[], command: RecordOfflineSaleCommand) =>
  stockDecider.decide(command, fold(stockDecider, stockDecider.initialState(), history));

describe('a sale made offline (ADR 0015)', () => {
  it('is recorded like a sale at the counter when the books cover it, marked with its number', () => {
    const [sale, ...rest] = decide([receipt(early, '2026-12-31', 5)], offline([line(3)]));
    expect(rest).toEqual([]);
    expect(sale).toMatchObject({
      type: 'SaleCompleted',
      data: {
        totalAmount: '12.00',
        change: '38.00',
        offline: { number: 'K7Q2-0001', priceStale: false },
        lines: [{ quantity: 3, allocations: [{ batchId: early, quantity: 3 }] }],
      },
    });
  });

  it('takes what the books hold and raises the rest as a shortfall, still charging every unit sold', () => {
    const events = decide([receipt(early, '2026-12-31', 1)], offline([line(3)]));
    expect(events[0]).toMatchObject({
      data: { totalAmount: '12.00', lines: [{ quantity: 3, shortfall: 2, allocations: [{ quantity: 1 }] }] },
    });
    expect(events[1]).toEqual({
      type: 'StockDiscrepancyRaised',
      data: {
        discrepancyId: shortfallId,
        pharmacyId,
        kind: 'late_sale_shortfall',
        saleId,
        offlineNumber: 'K7Q2-0001',
        soldAt: '2026-11-22T10:00:00.000Z',
        catalogueAsOf: null,
        lines: [
          {
            productId,
            productName: 'Amoxicillin 500 mg',
            productNameAr: 'أموكسيسيلين',
            salesUnit: 'whole',
            quantity: 2,
          },
        ],
      },
    });
  });

  it('sells from the batches that could be sold that day, no more than each has held since', () => {
    // The early batch expired after the sale but before it arrived: it could still be sold then.
    // The late batch was received the day after the sale: it was not there.
    const history = [receipt(early, '2026-11-22', 4), receipt(late, '2027-06-30', 9, '2026-11-23')];
    const [sale] = decide(history, offline([line(3)], { lowestSince: { [early]: { packs: 2, looseUnits: 0 } } }));
    expect(sale).toMatchObject({ data: { lines: [{ shortfall: 1, allocations: [{ batchId: early, quantity: 2 }] }] } });
  });

  it('applies the discount a batch had then, not the one set since', () => {
    const history: StockEvent[] = [
      receipt(early, '2026-12-31', 5),
      {
        type: 'BatchDiscountSet',
        data: {
          pharmacyId,
          batchId: early,
          productId,
          discountPercentage: '50.00',
          reason: 'Clearance',
          previousPercentage: null,
        },
      },
    ];
    expect(decide(history, offline([line(2)], { discountsThen: { [early]: null } }))[0]).toMatchObject({
      data: { totalAmount: '8.00' },
    });
    expect(decide(history, offline([line(2)]))[0]).toMatchObject({ data: { totalAmount: '4.00' } });
  });

  it('flags a stale copy of the prices, and cash short of the prices valid then, without refusing the sale', () => {
    const history = [receipt(early, '2026-12-31', 5)];
    const stale = decide(history, offline([line(1)], { catalogueStale: true }));
    expect(stale.map((e) => e.type)).toEqual(['SaleCompleted', 'StockDiscrepancyRaised']);
    expect(stale[1]).toMatchObject({ data: { kind: 'stale_price', catalogueAsOf: '2026-11-22T08:00:00.000Z' } });
    const short = decide(history, offline([line(2)], { cashReceived: '5.00' }));
    expect(short[0]).toMatchObject({ data: { totalAmount: '8.00', change: '0.00', offline: { priceStale: true } } });
  });

  it('is resolved once; resolving again or an unknown one is refused', () => {
    const history = [receipt(early, '2026-12-31', 1)];
    const raised = decide(history, offline([line(2)])) as StockEvent[];
    const state = fold(stockDecider, stockDecider.initialState(), [...history, ...raised]);
    const resolve = { type: 'ResolveDiscrepancy' as const, pharmacyId, discrepancyId: shortfallId, note: 'Counted' };
    const [resolved] = stockDecider.decide(resolve, state);
    expect(resolved).toEqual({
      type: 'StockDiscrepancyResolved',
      data: { discrepancyId: shortfallId, pharmacyId, note: 'Counted' },
    });
    const after = fold(stockDecider, state, [resolved!]);
    expect(() => stockDecider.decide(resolve, after)).toThrow(
      expect.objectContaining({ code: 'DISCREPANCY_RESOLVED' }),
    );
    expect(() => stockDecider.decide({ ...resolve, discrepancyId: staleId }, after)).toThrow(
      expect.objectContaining({ code: 'DISCREPANCY_NOT_FOUND' }),
    );
  });
});
