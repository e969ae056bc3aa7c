import type { Category, HistoryEntry, InventoryBatch, Pharmacy, Product, Supplier } from '@pharmacy/contracts';
import { downtown } from './users';

// Small factories for the catalogue and stock screens' tests.

export const PRODUCT_ID = '7a1b2c3d-0000-4000-8000-0000000000a1';
export const CATEGORY_ID = '7a1b2c3d-0000-4000-8000-0000000000c1';
export const SUPPLIER_ID = '7a1b2c3d-0000-4000-8000-0000000000d1';

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: PRODUCT_ID,
    sku: 'PAR-500-20',
    barcode: '5012345678900',
    name: 'Paracetamol 500 mg',
    nameAr: 'باراسيتامول ٥٠٠ ملغ',
    description: 'Tablets, 20 per pack',
    descriptionAr: null,
    brand: 'Panadol',
    genericName: 'Paracetamol',
    shelfLocation: 'Aisle 1',
    genericNameAr: null,
    categoryId: CATEGORY_ID,
    categoryName: 'Analgesics',
    categoryNameAr: 'مسكنات الألم',
    supplierId: SUPPLIER_ID,
    supplierName: 'MedSupply Co.',
    price: '3.50',
    cost: '2.10',
    salesUnit: 'whole',
    unitsPerPackage: 1,
    commissionRate: '0.00',
    commissionEnabled: false,
    minStockLevel: 10,
    maxStockLevel: 1000,
    requiresPrescription: false,
    isActive: true,
    totalStock: 0,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aBatch(overrides: Partial<InventoryBatch> = {}): InventoryBatch {
  return {
    id: '7a1b2c3d-0000-4000-8000-0000000000b1',
    productId: PRODUCT_ID,
    pharmacyId: downtown.id,
    batchNumber: 'LOT-1',
    quantity: 40,
    purchasePrice: '2.10',
    expiryDate: '2027-06-30',
    receivedDate: '2026-10-01',
    isActive: true,
    productName: 'Paracetamol 500 mg',
    productNameAr: 'باراسيتامول ٥٠٠ ملغ',
    productSku: 'PAR-500-20',
    salesUnit: 'whole',
    pharmacyName: downtown.name,
    pharmacyNameAr: downtown.nameAr,
    supplierId: SUPPLIER_ID,
    looseUnits: 0,
    reservedQuantity: 0,
    discountPercentage: null,
    expiredOn: null,
    version: 1,
    updatedAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: CATEGORY_ID,
    name: 'Analgesics',
    nameAr: 'مسكنات الألم',
    description: 'Pain and fever relief',
    descriptionAr: 'لتسكين الألم وخفض الحرارة',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aSupplier(overrides: Partial<Supplier> = {}): Supplier {
  return {
    id: SUPPLIER_ID,
    name: 'MedSupply Co.',
    contactPerson: 'Khaled Omari',
    phone: '+962 6 500 1000',
    email: 'orders@medsupply.example',
    address: 'Industrial Zone, Sahab',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aPharmacy(overrides: Partial<Pharmacy> = {}): Pharmacy {
  return {
    id: downtown.id,
    name: downtown.name,
    nameAr: downtown.nameAr,
    address: downtown.address,
    addressAr: downtown.addressAr,
    phone: null,
    email: null,
    managerId: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function aHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    position: '1',
    type: 'ProductRegistered',
    occurredAt: '2026-10-01T09:30:00.000Z',
    userId: null,
    userName: null,
    data: {},
    ...overrides,
  };
}
