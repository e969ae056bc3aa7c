import type { OfflineCatalogue, OfflineSaleValues, PharmacySummary, SaleDetail, SalesUnit } from '@pharmacy/contracts';
import { formatCents, toCents } from '@pharmacy/money';
import {
  priceLocalSale,
  type LocalSaleLine,
  type LocalSaleProblem,
  type OfflineBatch,
  type SoldFromBatch,
} from './local-catalogue';

/** The body of POST /api/sales/offline, as it is stored and sent, unchanged, on every attempt. */
export interface OfflineSaleBody {
  customerName: string | null;
  customerPhone: string | null;
  notes: string | null;
  cashReceived: string;
  items: Array<{ productId: string; quantity: number; salesUnit: SalesUnit; batchId: string | null }>;
  pharmacyId: string;
  soldAt: string;
  offlineNumber: string;
  catalogueAsOf: string;
}

/**
 * waiting: to be sent (again); sending: an attempt is under way (or was cut
 * short: the next pass sends it again under the same key); failed: the server
 * refused it for good, it waits for the user to retry or discard it; sent:
 * recorded by the server, kept a while so its receipt can still be found.
 */
export type QueuedSaleStatus = 'waiting' | 'sending' | 'failed' | 'sent';

export interface QueueError {
  message: string;
  /** The server's error code, when it answered with one. */
  code: string | null;
  /** The HTTP status; null when the server could not be reached. */
  status: number | null;
}

export interface QueuedSale {
  /** The order the till made its sales in (assigned by the store, never reused). */
  seq: number;
  /** Drawn when the sale was made and stored with it: every attempt sends this same key. */
  idempotencyKey: string;
  offlineNumber: string;
  /** Who sold it: only their session sends it (the server's idempotency is per user). */
  userId: string;
  userName: string;
  pharmacyId: string;
  body: OfflineSaleBody;
  /** The receipt the customer was given, priced from the copy. */
  receipt: SaleDetail;
  status: QueuedSaleStatus;
  attempts: number;
  lastError: QueueError | null;
  createdAt: string;
  lastAttemptAt: string | null;
  sentAt: string | null;
  /** The server's sale, once recorded. */
  saleId: string | null;
}

export type NewQueuedSale = Omit<QueuedSale, 'seq'>;

/** What the cashier entered at checkout, and who and where they are. */
export interface OfflineCheckout {
  idempotencyKey: string;
  soldAt: Date;
  today: string;
  pharmacy: PharmacySummary;
  user: { id: string; name: string };
  customerName: string | null;
  customerPhone: string | null;
  notes: string | null;
  /** Two decimals ("20.00"). */
  cashReceived: string;
  items: LocalSaleLine[];
}

export type OfflineSaleProblem =
  | LocalSaleProblem
  | { code: 'INSUFFICIENT_CASH'; totalAmount: string }
  /** This browser holds no copy of the pharmacy's catalogue yet. */
  | { code: 'NO_COPY' };

export type OfflineSaleDraft =
  { ok: true; sale: NewQueuedSale; batches: OfflineBatch[] } | { ok: false; problem: OfflineSaleProblem };

/**
 * A sale made from the till's copy: priced and allocated as the server would,
 * with the request to send later and the receipt to print now. Refused, like
 * a checkout, when the copy cannot sell it or the cash does not cover it.
 */
export function draftOfflineSale(
  catalogue: OfflineCatalogue,
  checkout: OfflineCheckout,
  offlineNumber: string,
): OfflineSaleDraft {
  const pricing = priceLocalSale(catalogue, checkout.items, checkout.today);
  if (!pricing.ok) return pricing;
  const cash = toCents(checkout.cashReceived);
  if (cash < pricing.totalCents) {
    return { ok: false, problem: { code: 'INSUFFICIENT_CASH', totalAmount: formatCents(pricing.totalCents) } };
  }
  const soldAt = checkout.soldAt.toISOString();
  const body: OfflineSaleBody = {
    customerName: checkout.customerName,
    customerPhone: checkout.customerPhone,
    notes: checkout.notes,
    cashReceived: formatCents(cash),
    items: checkout.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      salesUnit: item.salesUnit,
      batchId: item.batchId,
    })),
    pharmacyId: checkout.pharmacy.id,
    soldAt,
    offlineNumber,
    catalogueAsOf: catalogue.generatedAt,
  } satisfies OfflineSaleValues;
  const receipt: SaleDetail = {
    // Not the server's id (it has none yet): the key, which names this sale until it is sent.
    id: checkout.idempotencyKey,
    pharmacyId: checkout.pharmacy.id,
    pharmacyName: checkout.pharmacy.name,
    userId: checkout.user.id,
    userName: checkout.user.name,
    customerName: checkout.customerName,
    customerPhone: checkout.customerPhone,
    notes: checkout.notes,
    totalAmount: formatCents(pricing.totalCents),
    cashReceived: formatCents(cash),
    change: formatCents(cash - pricing.totalCents),
    refundedAmount: '0.00',
    itemCount: pricing.lines.reduce((sum, line) => sum + line.quantity, 0),
    createdAt: soldAt,
    offlineNumber,
    pharmacy: {
      name: checkout.pharmacy.name,
      nameAr: checkout.pharmacy.nameAr,
      address: checkout.pharmacy.address,
      addressAr: checkout.pharmacy.addressAr,
      phone: null,
    },
    lines: pricing.lines.map((line, lineIndex) => ({
      lineIndex,
      productId: line.product.id,
      productName: line.product.name,
      productNameAr: line.product.nameAr,
      sku: line.product.sku,
      salesUnit: line.salesUnit,
      unitsPerPackage: line.product.unitsPerPackage,
      quantity: line.quantity,
      returnedQuantity: 0,
      unitPrice: line.unitPrice,
      totalPrice: formatCents(line.totalCents),
      commissionEnabled: false,
      commissionRate: '0.00',
      commissionAmount: '0.00',
      discountAmount: formatCents(line.discountCents),
      allocations: line.allocations.map((allocation) => ({
        batchId: allocation.batchId,
        batchNumber: allocation.batchNumber,
        expiryDate: allocation.expiryDate,
        quantity: allocation.quantity,
        returnedQuantity: 0,
        totalPrice: formatCents(allocation.totalCents),
        commissionAmount: '0.00',
        discountPercentage: allocation.discountPercentage,
        discountAmount: formatCents(allocation.discountCents),
      })),
    })),
    returns: [],
    // Filled in by the server once it has recorded the sale; this receipt is the till's own.
    offline: null,
  };
  return {
    ok: true,
    batches: pricing.batches,
    sale: {
      idempotencyKey: checkout.idempotencyKey,
      offlineNumber,
      userId: checkout.user.id,
      userName: checkout.user.name,
      pharmacyId: checkout.pharmacy.id,
      body,
      receipt,
      status: 'waiting',
      attempts: 0,
      lastError: null,
      createdAt: soldAt,
      lastAttemptAt: null,
      sentAt: null,
      saleId: null,
    },
  };
}

/** What a queued sale took out of which batch, read back from its receipt. */
export function soldFromBatches(sale: Pick<QueuedSale, 'receipt'>): SoldFromBatch[] {
  return sale.receipt.lines.flatMap((line) =>
    line.allocations.map((allocation) => ({
      batchId: allocation.batchId,
      salesUnit: line.salesUnit,
      unitsPerPackage: line.unitsPerPackage,
      quantity: allocation.quantity,
    })),
  );
}
