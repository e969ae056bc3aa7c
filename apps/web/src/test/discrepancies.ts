import type { SaleDetail, StockDiscrepancy } from '@pharmacy/contracts';
import { PRODUCT_ID } from './catalogue';
import { downtown } from './users';

// Small factories for the stock discrepancies raised by sales made offline (issue 15).

export const DISCREPANCY_ID = '6d2e3f4a-0000-4000-8000-0000000000e1';
export const OFFLINE_SALE_ID = '9a1b2c3d-0000-4000-8000-00000000cafe';

/** Two packs of paracetamol sold offline at Downtown that the books no longer held when the sale arrived. */
export function aDiscrepancy(overrides: Partial<StockDiscrepancy> = {}): StockDiscrepancy {
  return {
    id: DISCREPANCY_ID,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    kind: 'late_sale_shortfall',
    saleId: OFFLINE_SALE_ID,
    offlineNumber: 'K7Q2-0003',
    soldAt: '2026-11-22T10:00:00.000Z',
    raisedAt: '2026-11-22T13:30:00.000Z',
    lines: [
      {
        productId: PRODUCT_ID,
        productName: 'Paracetamol 500 mg',
        productNameAr: 'باراسيتامول ٥٠٠ ملغ',
        salesUnit: 'whole',
        quantity: 2,
      },
    ],
    catalogueAsOf: null,
    status: 'open',
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    ...overrides,
  };
}

/** The offline sale behind `aDiscrepancy()`, as GET /api/sales/{id} answers it. */
export function anOfflineSale(overrides: Partial<SaleDetail> = {}): SaleDetail {
  return {
    id: OFFLINE_SALE_ID,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    userId: null,
    userName: null,
    customerName: null,
    customerPhone: null,
    notes: null,
    totalAmount: '7.00',
    cashReceived: '10.00',
    change: '3.00',
    refundedAmount: '0.00',
    itemCount: 2,
    createdAt: '2026-11-22T10:00:00.000Z',
    offlineNumber: 'K7Q2-0003',
    offline: {
      number: 'K7Q2-0003',
      soldAt: '2026-11-22T10:00:00.000Z',
      recordedAt: '2026-11-22T13:30:00.000Z',
      catalogueAsOf: '2026-11-22T08:00:00.000Z',
      priceStale: false,
      shortfalls: [{ lineIndex: 0, productId: PRODUCT_ID, productName: 'Paracetamol 500 mg', quantity: 2 }],
    },
    pharmacy: { name: downtown.name, nameAr: downtown.nameAr, address: 'Amman', addressAr: null, phone: null },
    lines: [
      {
        lineIndex: 0,
        productId: PRODUCT_ID,
        productName: 'Paracetamol 500 mg',
        productNameAr: 'باراسيتامول ٥٠٠ ملغ',
        sku: 'PAR-500-20',
        salesUnit: 'whole',
        unitsPerPackage: 1,
        quantity: 2,
        returnedQuantity: 0,
        unitPrice: '3.50',
        totalPrice: '7.00',
        commissionEnabled: false,
        commissionRate: '0.00',
        commissionAmount: '0.00',
        discountAmount: '0.00',
        allocations: [],
      },
    ],
    returns: [],
    ...overrides,
  };
}
