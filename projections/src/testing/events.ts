import {
  formatCents,
  toCents,
  type PharmacyDetails,
  type ProductCommission,
  type ProductDetails,
  type ProductPricing,
  type TransferItem,
} from '@pharmacy/domain';
import type { SpecEvent } from './projection-spec';

/**
 * Small factories of the events the projection specs give, with what the
 * deciders would write for the rest. For the `*.int.spec.ts` files only.
 */

type SalesUnit = ProductDetails['salesUnit'];

/** A location's details as registered: `name`, an Arabic name made from it, an address; open. */
export function pharmacyDetails(name: string): PharmacyDetails {
  return {
    name,
    nameAr: `صيدلية ${name}`,
    address: `1 ${name} Street`,
    addressAr: null,
    phone: null,
    email: null,
    managerId: null,
    isActive: true,
  };
}

export function pharmacyRegistered(pharmacyId: string, name: string): SpecEvent {
  return { type: 'PharmacyRegistered', data: { pharmacyId, details: pharmacyDetails(name) } };
}

export function productRegistered(
  productId: string,
  given: {
    details?: Partial<ProductDetails>;
    pricing?: Partial<ProductPricing>;
    commission?: Partial<ProductCommission>;
    isActive?: boolean;
  } = {},
): SpecEvent {
  return {
    type: 'ProductRegistered',
    data: {
      productId,
      details: {
        sku: 'PARA-500',
        barcode: '6251234567892',
        name: 'Paracetamol 500 mg',
        nameAr: 'باراسيتامول ٥٠٠ ملغ',
        description: null,
        descriptionAr: null,
        brand: 'Panadol',
        genericName: 'Paracetamol',
        genericNameAr: null,
        categoryId: null,
        supplierId: null,
        salesUnit: 'whole',
        unitsPerPackage: 1,
        minStockLevel: 5,
        maxStockLevel: 100,
        requiresPrescription: false,
        shelfLocation: null,
        ...given.details,
      },
      pricing: { price: '12.50', cost: '8.00', ...given.pricing },
      commission: { commissionRate: '5.00', commissionEnabled: true, ...given.commission },
      isActive: given.isActive ?? true,
    },
  };
}

export interface BatchAt {
  pharmacyId: string;
  batchId: string;
  productId: string;
}

export function batchReceived(
  batch: BatchAt,
  given: {
    quantity?: number;
    batchNumber?: string;
    expiryDate?: string;
    receivedDate?: string;
    purchasePrice?: string | null;
    supplierId?: string | null;
  } = {},
): SpecEvent {
  return {
    type: 'BatchReceived',
    data: {
      ...batch,
      batchNumber: 'LOT-1',
      quantity: 10,
      purchasePrice: '8.00',
      expiryDate: '2027-06-30',
      receivedDate: '2026-03-01',
      supplierId: null,
      ...given,
    },
  };
}

export function stockAdjusted(batch: BatchAt, quantityChange: number): SpecEvent {
  return {
    type: 'StockAdjusted',
    data: { ...batch, quantityChange, reason: quantityChange < 0 ? 'damaged' : 'found', note: null },
  };
}

export interface SoldLine {
  productId: string;
  batchId: string;
  /** Packs (whole) or units (sachet, pill, blister). */
  quantity: number;
  unitPrice: string;
  salesUnit?: SalesUnit;
  unitsPerPackage?: number;
  /** Packs opened to sell the units (not for whole packs). */
  packsOpened?: number;
  /** Percent; "0.00" or absent: no commission. */
  commissionRate?: string;
  sku?: string;
  batchNumber?: string;
}

/** A sale at the counter, each line from one batch, its totals worked out as the decider does (in cents). */
export function saleCompleted(sale: {
  saleId: string;
  pharmacyId: string;
  soldOn: string;
  lines: SoldLine[];
  customerName?: string | null;
  offline?: { number: string; catalogueAsOf: string; priceStale: boolean };
}): SpecEvent {
  const lines = sale.lines.map((line) => {
    const total = toCents(line.unitPrice) * BigInt(line.quantity);
    const rate = line.commissionRate ?? '0.00';
    const commission = (total * toCents(rate)) / 10_000n;
    return {
      productId: line.productId,
      productName: `Product ${line.sku ?? line.productId.slice(0, 4)}`,
      productNameAr: null,
      sku: line.sku ?? line.productId.slice(0, 8),
      salesUnit: line.salesUnit ?? 'whole',
      unitsPerPackage: line.unitsPerPackage ?? 1,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      totalPrice: formatCents(total),
      commissionEnabled: rate !== '0.00',
      commissionRate: rate,
      commissionAmount: formatCents(commission),
      allocations: [
        {
          batchId: line.batchId,
          batchNumber: line.batchNumber ?? 'LOT-1',
          expiryDate: '2027-06-30',
          quantity: line.quantity,
          packsOpened: line.packsOpened ?? 0,
          totalPrice: formatCents(total),
          commissionAmount: formatCents(commission),
        },
      ],
    };
  });
  const total = lines.reduce((sum, line) => sum + toCents(line.totalPrice), 0n);
  const cash = ((total + 999n) / 1000n) * 1000n;
  return {
    type: 'SaleCompleted',
    data: {
      saleId: sale.saleId,
      pharmacyId: sale.pharmacyId,
      soldAt: `${sale.soldOn}T10:00:00.000Z`,
      soldOn: sale.soldOn,
      customerName: sale.customerName ?? null,
      customerPhone: null,
      notes: null,
      totalAmount: formatCents(total),
      cashReceived: formatCents(cash),
      change: formatCents(cash - total),
      lines,
      ...(sale.offline ? { offline: sale.offline } : {}),
    },
  };
}

export interface ReturnedLine {
  lineIndex: number;
  productId: string;
  batchId: string;
  quantity: number;
  refund: string;
  salesUnit?: SalesUnit;
  unitsPerPackage?: number;
  /** False: the batch had expired, the units are not put back. */
  restocked?: boolean;
}

export function saleReturned(back: {
  saleId: string;
  returnId: string;
  pharmacyId: string;
  returnedOn: string;
  lines: ReturnedLine[];
}): SpecEvent {
  return {
    type: 'SaleReturned',
    data: {
      saleId: back.saleId,
      returnId: back.returnId,
      pharmacyId: back.pharmacyId,
      returnedAt: `${back.returnedOn}T09:00:00.000Z`,
      returnedOn: back.returnedOn,
      reason: 'Wrong strength',
      refundAmount: formatCents(back.lines.reduce((sum, line) => sum + toCents(line.refund), 0n)),
      lines: back.lines.map((line) => ({
        lineIndex: line.lineIndex,
        productId: line.productId,
        salesUnit: line.salesUnit ?? 'whole',
        unitsPerPackage: line.unitsPerPackage ?? 1,
        quantity: line.quantity,
        refund: line.refund,
        allocations: [
          { batchId: line.batchId, quantity: line.quantity, refund: line.refund, restocked: line.restocked ?? true },
        ],
      })),
    },
  };
}

/** One transfer between two pharmacies: the facts on its own stream and on both stock streams. */
export function aTransfer(transfer: { transferId: string; from: string; to: string; items: TransferItem[] }) {
  const { transferId, from, to, items } = transfer;
  const moved = items.map(({ batchId, productId, quantity }) => ({ batchId, productId, quantity }));
  return {
    stockReserved: (at = '2026-03-03T09:00:00.000Z'): SpecEvent => ({
      type: 'TransferStockReserved',
      data: {
        transferId,
        pharmacyId: from,
        toPharmacyId: to,
        notes: null,
        requestedBy: null,
        requestedAt: at,
        items,
        approval: null,
      },
    }),
    requested: (at = '2026-03-03T09:00:00.000Z', reserved = true): SpecEvent => ({
      type: 'TransferRequested',
      data: {
        transferId,
        fromPharmacyId: from,
        toPharmacyId: to,
        notes: 'For the weekend',
        requestedBy: null,
        requestedAt: at,
        items,
        reserved,
        lines: items.map(({ productId, quantity, batchId }) => ({ productId, quantity, batchId })),
      },
    }),
    approved: (at = '2026-03-03T11:00:00.000Z', reservedOnApproval: TransferItem[] | null = null): SpecEvent => ({
      type: 'TransferApproved',
      data: {
        transferId,
        fromPharmacyId: from,
        toPharmacyId: to,
        approvedBy: null,
        approvedAt: at,
        items: reservedOnApproval,
      },
    }),
    dispatched: (): SpecEvent => ({
      type: 'TransferDispatched',
      data: { transferId, pharmacyId: from, toPharmacyId: to, items: moved },
    }),
    received: (
      receivedQuantities: number[],
      at = '2026-03-04T15:00:00.000Z',
      discrepancyReason: string | null = null,
    ): SpecEvent => ({
      type: 'TransferReceived',
      data: {
        transferId,
        fromPharmacyId: from,
        toPharmacyId: to,
        receivedBy: null,
        receivedAt: at,
        receivedOn: at.slice(0, 10),
        items: items.map((item, i) => ({ ...item, receivedQuantity: receivedQuantities[i] ?? item.quantity })),
        discrepancyReason,
      },
    }),
    arrived: (arrivals: Array<{ batchId: string; quantity: number }>): SpecEvent => ({
      type: 'TransferStockArrived',
      data: {
        transferId,
        pharmacyId: to,
        fromPharmacyId: from,
        receivedDate: '2026-03-04',
        items: arrivals.map((arrival, i) => ({ ...items[i]!, ...arrival, sourceBatchId: items[i]!.batchId })),
      },
    }),
    cancelled: (stage: 'pending' | 'approved', at = '2026-03-03T12:00:00.000Z'): SpecEvent => ({
      type: 'TransferCancelled',
      data: {
        transferId,
        fromPharmacyId: from,
        toPharmacyId: to,
        cancelledBy: null,
        cancelledAt: at,
        stage,
        reason: 'No longer needed',
        items,
      },
    }),
    stockReleased: (): SpecEvent => ({
      type: 'TransferStockReleased',
      data: { transferId, pharmacyId: from, items: moved },
    }),
    stockReturned: (): SpecEvent => ({
      type: 'TransferStockReturned',
      data: { transferId, pharmacyId: from, items: moved },
    }),
  };
}
