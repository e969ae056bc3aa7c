import type { CommissionRow, Sale, SalesSummary, StockSummary } from '@pharmacy/contracts';
import { PRODUCT_ID } from './catalogue';
import { abdoun, downtown } from './users';

// Small factories for the Reports screen's tests.

export const SALE_ID = '3c9d1e2f-0000-4000-8000-00000000a5e1';

export function aSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: SALE_ID,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    userId: '0f6a7c2e-1111-4a4a-8b8b-000000000001',
    userName: 'Sara Haddad',
    customerName: null,
    customerPhone: null,
    notes: null,
    totalAmount: '37.50',
    cashReceived: '50.00',
    change: '12.50',
    refundedAmount: '0.00',
    itemCount: 1,
    createdAt: '2026-11-20T09:30:00.000Z',
    offlineNumber: null,
    ...overrides,
  };
}

export function aCommissionRow(overrides: Partial<CommissionRow> = {}): CommissionRow {
  return {
    saleId: SALE_ID,
    productId: PRODUCT_ID,
    pharmacistName: 'Sara Haddad',
    pharmacistEmail: 'sara@pharmacy.example',
    productName: 'Paracetamol 500 mg',
    productSku: 'PAR-500-20',
    saleDate: '2026-11-20T09:30:00.000Z',
    quantity: 3,
    salesUnit: 'whole',
    totalPrice: '37.50',
    commissionRate: '4.00',
    commissionAmount: '1.50',
    pharmacyId: downtown.id,
    ...overrides,
  };
}

export function aSalesSummary(overrides: Partial<SalesSummary> = {}): SalesSummary {
  return {
    startDate: null,
    endDate: null,
    totals: { revenue: '1250.00', refunds: '12.50', orders: 140, averageOrder: '8.93' },
    perDay: [
      { date: '2026-11-19', revenue: '500.00', orders: 60 },
      { date: '2026-11-20', revenue: '750.00', orders: 80 },
    ],
    byPharmacy: [
      {
        pharmacyId: downtown.id,
        pharmacyName: downtown.name,
        pharmacyNameAr: downtown.nameAr,
        revenue: '1000.00',
        orders: 110,
      },
      { pharmacyId: abdoun.id, pharmacyName: abdoun.name, pharmacyNameAr: null, revenue: '250.00', orders: 30 },
    ],
    topProducts: [
      {
        productId: PRODUCT_ID,
        productName: 'Paracetamol 500 mg',
        productNameAr: 'باراسيتامول ٥٠٠ ملغ',
        productSku: 'PAR-500-20',
        quantity: 120,
        revenue: '420.00',
      },
    ],
    ...overrides,
  };
}

export function aStockSummary(overrides: Partial<StockSummary> = {}): StockSummary {
  return {
    byPharmacy: [
      {
        pharmacyId: downtown.id,
        pharmacyName: downtown.name,
        pharmacyNameAr: downtown.nameAr,
        units: 52,
        costValue: '109.20',
        retailValue: '182.00',
      },
    ],
    expiryByMonth: [
      { month: '2026-10', units: 3, costValue: '6.30' },
      { month: '2027-06', units: 49, costValue: '102.90' },
    ],
    ...overrides,
  };
}
