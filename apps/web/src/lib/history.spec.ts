import { describe, expect, it } from '@jest/globals';
import { describeHistoryEntry } from './history';

describe('describeHistoryEntry', () => {
  it('lists what a product started with', () => {
    const described = describeHistoryEntry({
      type: 'ProductRegistered',
      data: {
        details: {
          name: 'Paracetamol',
          nameAr: null,
          sku: 'PAR-1',
          barcode: '5012345678900',
          minStockLevel: 10,
          maxStockLevel: 1000,
        },
        pricing: { price: '3.50', cost: null },
        commission: { commissionRate: '0.00', commissionEnabled: false },
      },
    });
    expect(described.kind).toBe('productRegistered');
    expect(described.lines).toEqual([
      { field: 'name', value: 'Paracetamol' },
      { field: 'sku', value: 'PAR-1' },
      { field: 'barcode', value: '5012345678900' },
      { field: 'price', value: '3.50' },
      { field: 'minStockLevel', value: 10 },
      { field: 'maxStockLevel', value: 1000 },
    ]);
  });

  it('shows each changed detail from old to new', () => {
    const described = describeHistoryEntry({
      type: 'ProductDetailsChanged',
      data: {
        changes: { name: 'New', requiresPrescription: true },
        previous: { name: 'Old', requiresPrescription: false },
      },
    });
    expect(described).toEqual({
      kind: 'productDetailsChanged',
      lines: [
        { field: 'name', value: 'New', from: 'Old' },
        { field: 'requiresPrescription', value: true, from: false },
      ],
    });
  });

  it('shows only the prices that moved', () => {
    expect(
      describeHistoryEntry({
        type: 'ProductPriceChanged',
        data: { price: '4.00', cost: '2.00', previousPrice: '3.50', previousCost: '2.00' },
      }).lines,
    ).toEqual([{ field: 'price', value: '4.00', from: '3.50' }]);
  });

  it('explains a commission change with its reason', () => {
    expect(
      describeHistoryEntry({
        type: 'ProductCommissionChanged',
        data: {
          commissionRate: '5.00',
          commissionEnabled: true,
          previousRate: '0.00',
          previousEnabled: false,
          reason: 'Promotion',
        },
      }).lines,
    ).toEqual([
      { field: 'commissionEnabled', value: true, from: false },
      { field: 'commissionRate', value: '5.00', from: '0.00' },
      { field: 'reason', value: 'Promotion' },
    ]);
  });

  it('describes a receipt and a correction of a batch', () => {
    expect(
      describeHistoryEntry({
        type: 'BatchReceived',
        data: { batchNumber: 'LOT-42', quantity: 24, expiryDate: '2027-03-31', purchasePrice: null, pharmacyId: 'ph1' },
      }).lines.map((line) => line.field),
    ).toEqual(['batchNumber', 'quantity', 'expiryDate', 'pharmacyId']);
    expect(
      describeHistoryEntry({
        type: 'BatchCorrected',
        data: { changes: { quantity: 30 }, previous: { quantity: 24 } },
      }),
    ).toEqual({ kind: 'batchCorrected', lines: [{ field: 'quantity', value: 30, from: 24 }] });
  });

  it('names events it does not know without inventing details', () => {
    expect(describeHistoryEntry({ type: 'SomethingNew', data: { x: 1 } })).toEqual({ kind: 'other', lines: [] });
    expect(describeHistoryEntry({ type: 'ProductDeactivated', data: {} })).toEqual({
      kind: 'productDeactivated',
      lines: [],
    });
  });
});
