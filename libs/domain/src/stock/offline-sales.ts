import { z } from 'zod';
import { formatCents, toCents } from '@pharmacy/money';
import { DomainError } from '../shared/errors';
import { allocateFefoUpTo, isExpired, type StockOfBatch } from '../sales/fefo';
import {
  assertSalesUnitOffered,
  priceLine,
  takeFrom,
  workingCopy,
  type SaleCompletedData,
  type SaleLineInput,
} from './sales';
import type { StockState } from './state';

const isoInstant = z.string().datetime({ offset: true });
const salesUnit = z.enum(['whole', 'sachet', 'pill', 'blister']);

export const discrepancyKindNames = ['late_sale_shortfall', 'stale_price'] as const;
export type DiscrepancyKindName = (typeof discrepancyKindNames)[number];

export const offlineSaleEventSchemas = {
  /**
   * The books and the shop floor disagree, raised for a person to review
   * (ADR 0015): a sale made offline sold units the books no longer held
   * (`late_sale_shortfall`, the lines say what), or was made from a copy of
   * the prices older than the window (`stale_price`, every line of the sale).
   */
  StockDiscrepancyRaised: z.object({
    discrepancyId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    kind: z.enum(discrepancyKindNames),
    saleId: z.string().uuid(),
    offlineNumber: z.string().nullable(),
    soldAt: isoInstant,
    catalogueAsOf: isoInstant.nullable(),
    lines: z
      .array(
        z.object({
          productId: z.string().uuid(),
          productName: z.string(),
          productNameAr: z.string().nullable(),
          salesUnit,
          quantity: z.number().int().positive(),
        }),
      )
      .min(1),
  }),
  /** Someone reviewed the discrepancy and wrote down what was found or done. */
  StockDiscrepancyResolved: z.object({
    discrepancyId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    note: z.string().min(1),
  }),
} as const;

export type StockDiscrepancyRaisedData = z.infer<(typeof offlineSaleEventSchemas)['StockDiscrepancyRaised']>;
export type StockDiscrepancyResolvedData = z.infer<(typeof offlineSaleEventSchemas)['StockDiscrepancyResolved']>;

/** What a batch held at its lowest from the time of a late sale until now (from the stock ledger, business-time order). */
export interface LowestSince {
  packs: number;
  looseUnits: number;
}

/**
 * A sale the till made without a network, arriving now (ADR 0015). The
 * handler works out what was true when it happened: the prices and
 * commission of each product then (in `lines`), the batch discounts that
 * changed since (`discountsThen`), and how low each batch has been since
 * (`lowestSince`), so that a sale placed in the past never takes a past
 * balance below zero.
 */
export interface RecordOfflineSaleCommand {
  type: 'RecordOfflineSale';
  saleId: string;
  pharmacyId: string;
  soldAt: string;
  /** The business date at the pharmacy when it was sold. */
  soldOn: string;
  customerName: string | null;
  customerPhone: string | null;
  notes: string | null;
  cashReceived: string;
  lines: SaleLineInput[];
  offlineNumber: string;
  catalogueAsOf: string;
  /** The till's copy was older than the price window when it sold. */
  catalogueStale: boolean;
  /** Batches whose discount changed after the sale: the percentage they had then (null: none). */
  discountsThen: Record<string, string | null>;
  /** Every batch of the products sold that the ledger knows: its lowest balance since the sale. */
  lowestSince: Record<string, LowestSince>;
  /** Ids for the discrepancies the sale may raise. */
  shortfallDiscrepancyId: string;
  stalePriceDiscrepancyId: string;
}

export interface ResolveDiscrepancyCommand {
  type: 'ResolveDiscrepancy';
  pharmacyId: string;
  discrepancyId: string;
  note: string;
}

export type OfflineSaleCommand = RecordOfflineSaleCommand | ResolveDiscrepancyCommand;

export type OfflineSaleEvent =
  | { type: 'SaleCompleted'; data: SaleCompletedData }
  | { type: 'StockDiscrepancyRaised'; data: StockDiscrepancyRaisedData }
  | { type: 'StockDiscrepancyResolved'; data: StockDiscrepancyResolvedData };

/** The candidates of a late line: what was there then, no more than the lowest it has been since. */
function asItWas(batch: StockOfBatch, lowest: LowestSince | undefined): StockOfBatch {
  if (!lowest) return batch;
  return {
    ...batch,
    packs: Math.max(0, Math.min(batch.packs, lowest.packs)),
    looseUnits: Math.max(0, Math.min(batch.looseUnits, lowest.looseUnits)),
  };
}

export function decideOfflineSale(command: RecordOfflineSaleCommand, state: StockState): OfflineSaleEvent[] {
  const working = workingCopy(state, command.lines);
  for (const [id, batch] of working) working.set(id, asItWas(batch, command.lowestSince[id]));
  const discountOf = (batchId: string) =>
    batchId in command.discountsThen
      ? command.discountsThen[batchId]!
      : (state.batches[batchId]?.discountPercentage ?? null);

  let total = 0n;
  const shortfalls: StockDiscrepancyRaisedData['lines'] = [];
  const lines = command.lines.map((line) => {
    const unit = assertSalesUnitOffered(line);
    // A scanned pack names its batch: that batch, if it could be sold then; otherwise FEFO, as at the counter.
    const named = line.batchId ? state.batches[line.batchId] : undefined;
    const batchId =
      named && named.productId === line.productId && !isExpired(named.expiryDate, command.soldOn) ? line.batchId : null;
    // A product being deleted here holds no stock on the books: everything sold of it is a shortfall.
    const { allocations, short } = state.withdrawn[line.productId]
      ? { allocations: [], short: line.quantity }
      : allocateFefoUpTo([...working.values()], { ...line, batchId, unit }, command.soldOn);
    takeFrom(working, allocations, line);
    const priced = priceLine(line, allocations, state, discountOf, short);
    total += toCents(priced.totalPrice);
    if (short > 0) {
      shortfalls.push({
        productId: line.productId,
        productName: line.productName,
        productNameAr: line.productNameAr,
        salesUnit: line.salesUnit,
        quantity: short,
      });
    }
    return priced;
  });

  const cash = toCents(command.cashReceived);
  // The till took what its copy asked. Less than the prices valid then means it sold at a price the
  // server never had at that time: the sale stands (the money is in the drawer) and is flagged.
  const priceStale = command.catalogueStale || cash < total;
  const sale: SaleCompletedData = {
    saleId: command.saleId,
    pharmacyId: command.pharmacyId,
    soldAt: command.soldAt,
    soldOn: command.soldOn,
    customerName: command.customerName,
    customerPhone: command.customerPhone,
    notes: command.notes,
    totalAmount: formatCents(total),
    cashReceived: formatCents(cash),
    change: formatCents(cash > total ? cash - total : 0n),
    lines,
    offline: { number: command.offlineNumber, catalogueAsOf: command.catalogueAsOf, priceStale },
  };
  const raised = (
    discrepancyId: string,
    kind: DiscrepancyKindName,
    discrepancyLines: StockDiscrepancyRaisedData['lines'],
  ): OfflineSaleEvent => ({
    type: 'StockDiscrepancyRaised',
    data: {
      discrepancyId,
      pharmacyId: command.pharmacyId,
      kind,
      saleId: command.saleId,
      offlineNumber: command.offlineNumber,
      soldAt: command.soldAt,
      catalogueAsOf: kind === 'stale_price' ? command.catalogueAsOf : null,
      lines: discrepancyLines,
    },
  });
  return [
    { type: 'SaleCompleted', data: sale },
    ...(shortfalls.length > 0 ? [raised(command.shortfallDiscrepancyId, 'late_sale_shortfall', shortfalls)] : []),
    ...(priceStale
      ? [
          raised(
            command.stalePriceDiscrepancyId,
            'stale_price',
            lines.map((line) => ({
              productId: line.productId,
              productName: line.productName,
              productNameAr: line.productNameAr,
              salesUnit: line.salesUnit,
              quantity: line.quantity,
            })),
          ),
        ]
      : []),
  ];
}

export const discrepancyNotFound = (discrepancyId: string) =>
  new DomainError('DISCREPANCY_NOT_FOUND', 'Stock discrepancy not found', { discrepancyId });

export function decideResolution(command: ResolveDiscrepancyCommand, state: StockState): OfflineSaleEvent[] {
  const open = state.discrepancies?.[command.discrepancyId];
  if (!open) {
    throw state.resolvedDiscrepancies?.includes(command.discrepancyId)
      ? new DomainError('DISCREPANCY_RESOLVED', 'This discrepancy has been resolved already.', {
          discrepancyId: command.discrepancyId,
        })
      : discrepancyNotFound(command.discrepancyId);
  }
  return [
    {
      type: 'StockDiscrepancyResolved',
      data: { discrepancyId: command.discrepancyId, pharmacyId: command.pharmacyId, note: command.note },
    },
  ];
}

export function evolveDiscrepancy(
  state: StockState,
  event: Exclude<OfflineSaleEvent, { type: 'SaleCompleted' }>,
): StockState {
  const open = (state.discrepancies ??= {});
  if (event.type === 'StockDiscrepancyRaised') {
    open[event.data.discrepancyId] = event.data.kind;
  } else {
    delete open[event.data.discrepancyId];
    // Kept so that resolving twice says so rather than "not found"; the most recent few hundred are enough.
    state.resolvedDiscrepancies = [...(state.resolvedDiscrepancies ?? []), event.data.discrepancyId].slice(-500);
  }
  return state;
}
