import { describe, expect, it } from '@jest/globals';
import { aShortage as aTestShortage } from '../../../test/transfers';
import { csvIn } from '../../../test/csv';
import { shortageCsvColumns, shortagesCsvFileName } from './shortages-csv';
import { deficitSeverity, isCritical, suggestedTransfer } from './shortages';

const aShortage = (overrides: Parameters<typeof aTestShortage>[0] = {}) =>
  aTestShortage({
    pharmacyId: 'ph-1',
    productId: 'pr-1',
    suggestedSourceId: 'ph-2',
    productSku: 'PAR-500',
    pharmacyNameAr: 'صيدلية وسط البلد',
    suggestedSource: 'Abdoun Branch',
    ...overrides,
  });

describe('shortages', () => {
  it('colours a deficit above 50 strongest, above 20 medium', () => {
    expect([51, 50, 21, 20, 1].map(deficitSeverity)).toEqual(['high', 'medium', 'medium', 'low', 'low']);
    expect(isCritical({ currentStock: 0 })).toBe(true);
    expect(isCritical({ currentStock: 1 })).toBe(false);
  });

  it('asks the suggested source for as much as it can spare, up to the deficit', () => {
    expect(suggestedTransfer(aShortage())).toEqual({ from: 'ph-2', to: 'ph-1', product: 'pr-1', quantity: 6 });
    expect(suggestedTransfer(aShortage({ deficit: 40, suggestedSourceStock: 15 }))?.quantity).toBe(15);
    expect(
      suggestedTransfer(aShortage({ suggestedSource: null, suggestedSourceId: null, suggestedSourceStock: 0 })),
    ).toBeNull();
  });

  it('exports the table, named with the date', () => {
    expect(shortagesCsvFileName(new Date(2026, 10, 3))).toBe('shortage-report-2026-11-03.csv');
    const labels = {
      'shortages.column.product': 'Product',
      'shortages.column.sku': 'SKU',
      'shortages.column.pharmacy': 'Pharmacy',
      'shortages.column.current': 'Current Stock',
      'shortages.column.minimum': 'Minimum',
      'shortages.column.deficit': 'Deficit',
      'shortages.column.source': 'Suggested Source',
      'shortages.csv.sourceStock': 'Available at Source',
      'shortages.column.others': 'Other Locations',
      'shortages.column.status': 'Status',
      'shortages.status.can_fulfill': 'Can Fulfill',
      'shortages.status.partial': 'Partial',
      'shortages.status.no_source': 'No Source',
    };
    const csv = csvIn(
      [aShortage(), aShortage({ suggestedSource: null, status: 'no_source' })],
      shortageCsvColumns,
      labels,
      'ar',
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFProduct,SKU,Pharmacy,Current Stock,Minimum,Deficit,Suggested Source,Available at Source,Other Locations,Status',
      'باراسيتامول ٥٠٠ ملغ,PAR-500,صيدلية وسط البلد,4,10,6,Abdoun Branch,20,1,Can Fulfill',
      'باراسيتامول ٥٠٠ ملغ,PAR-500,صيدلية وسط البلد,4,10,6,,,1,No Source',
      '',
    ]);
  });
});
