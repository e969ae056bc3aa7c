import type { AvailabilityRow, ShortageItem, Transfer, TransferDetail } from '@pharmacy/contracts';
import { PRODUCT_ID } from './catalogue';
import { abdoun, downtown } from './users';

// Small factories for the transfers and shortages screens' tests.

export const TRANSFER_ID = '9a1b2c3d-0000-4000-8000-00000000ab12';
export const BATCH_ID = '7a1b2c3d-0000-4000-8000-0000000000b1';
export const ZINC_ID = '7a1b2c3d-0000-4000-8000-0000000000a2';

export function aTransfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: TRANSFER_ID,
    fromPharmacyId: downtown.id,
    toPharmacyId: abdoun.id,
    fromPharmacyName: downtown.name,
    fromPharmacyNameAr: downtown.nameAr,
    toPharmacyName: abdoun.name,
    toPharmacyNameAr: abdoun.nameAr,
    initiatedBy: null,
    initiatedByName: 'Sara Haddad',
    status: 'pending',
    notes: null,
    totalQuantity: 4,
    receivedQuantity: null,
    itemCount: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    canApprove: true,
    canReceive: false,
    canCancel: true,
    awaitingSourceApproval: false,
    ...overrides,
  };
}

export function aTransferDetail(overrides: Partial<TransferDetail> = {}): TransferDetail {
  const transfer = aTransfer(overrides);
  return {
    approvedBy: null,
    approvedAt: null,
    receivedBy: null,
    receivedAt: null,
    cancelledBy: null,
    cancelledAt: null,
    cancelReason: null,
    discrepancyReason: null,
    items: [
      {
        transferId: transfer.id,
        productId: PRODUCT_ID,
        productName: 'Paracetamol 500 mg',
        productNameAr: 'باراسيتامول ٥٠٠ ملغ',
        productSku: 'PAR-500-20',
        batchId: BATCH_ID,
        batchNumber: 'LOT-1',
        expiryDate: '2027-06-30',
        quantity: 4,
        receivedQuantity: null,
      },
    ],
    timeline: [
      {
        step: 'requested',
        at: transfer.createdAt,
        userId: null,
        userName: 'Sara Haddad',
        pharmacyId: transfer.fromPharmacyId,
        note: null,
      },
    ],
    ...overrides,
    ...transfer,
  };
}

export function anAvailabilityRow(overrides: Partial<AvailabilityRow> = {}): AvailabilityRow {
  return {
    productId: PRODUCT_ID,
    name: 'Paracetamol 500 mg',
    nameAr: 'باراسيتامول ٥٠٠ ملغ',
    sku: 'PAR-500-20',
    availableQty: 5,
    ...overrides,
  };
}

export function aShortage(overrides: Partial<ShortageItem> = {}): ShortageItem {
  return {
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    pharmacyNameAr: downtown.nameAr,
    productId: PRODUCT_ID,
    productName: 'Paracetamol 500 mg',
    productNameAr: 'باراسيتامول ٥٠٠ ملغ',
    productSku: 'PAR-500-20',
    minStockLevel: 10,
    currentStock: 4,
    deficit: 6,
    suggestedSource: abdoun.name,
    suggestedSourceId: abdoun.id,
    suggestedSourceNameAr: null,
    suggestedSourceStock: 20,
    canFulfill: true,
    otherLocationsCount: 1,
    status: 'can_fulfill',
    ...overrides,
  };
}
