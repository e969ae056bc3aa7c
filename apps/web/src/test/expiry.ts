import type { ExpiringBatch, StockCountDetail } from '@pharmacy/contracts';
import { PRODUCT_ID } from './catalogue';
import { abdoun, downtown } from './users';

// Small factories for the expiry and stock count screens' tests.

export const EXPIRING_BATCH_ID = '7a1b2c3d-0000-4000-8000-0000000000e1';
export const COUNT_ID = '9a1b2c3d-0000-4000-8000-00000000c0a1';

export function anExpiringBatch(overrides: Partial<ExpiringBatch> = {}): ExpiringBatch {
  return {
    batchId: EXPIRING_BATCH_ID,
    productId: PRODUCT_ID,
    productName: 'Paracetamol 500 mg',
    productNameAr: 'باراسيتامول ٥٠٠ ملغ',
    productSku: 'PAR-500-20',
    batchNumber: 'LOT-E1',
    quantity: 12,
    expiryDate: '2026-12-01',
    daysToExpiry: 5,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    discountPercentage: null,
    expiredOn: null,
    reservedQuantity: 0,
    looseUnits: 0,
    ...overrides,
  };
}

export type CountLine = StockCountDetail['lines'][number];

export function aCountLine(overrides: Partial<CountLine> = {}): CountLine {
  return {
    batchId: '7a1b2c3d-0000-4000-8000-0000000000f1',
    productId: PRODUCT_ID,
    productName: 'Paracetamol 500 mg',
    productNameAr: 'باراسيتامول ٥٠٠ ملغ',
    productSku: 'PAR-500-20',
    productBarcode: '5012345678900',
    batchNumber: 'LOT-1',
    expiryDate: '2027-06-30',
    expected: 10,
    counted: null,
    variance: null,
    reason: null,
    change: null,
    currentQuantity: 10,
    ...overrides,
  };
}

export function aCountDetail(overrides: Partial<StockCountDetail> = {}): StockCountDetail {
  const lines = overrides.lines ?? [aCountLine()];
  return {
    id: COUNT_ID,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    categoryId: null,
    shelfLocation: null,
    note: null,
    status: 'open',
    startedBy: 'Sara Haddad',
    startedAt: '2026-11-22T08:00:00.000Z',
    postedBy: null,
    postedAt: null,
    lineCount: lines.length,
    countedCount: lines.filter((line) => line.counted !== null).length,
    canPost: true,
    ...overrides,
    lines,
  };
}

export { abdoun, downtown };
