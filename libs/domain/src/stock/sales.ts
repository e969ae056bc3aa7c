import { z } from 'zod';
import { addDaysIso } from '../shared/calendar';
import { DomainError } from '../shared/errors';
import {
  divideRounded,
  formatCents,
  percentOf,
  priceOf,
  toCents,
  toRateHundredths,
  unitPriceText,
} from '@pharmacy/money';
import { afterAllocation, allocateFefo, isExpired, type Allocation, type StockOfBatch } from '../sales/fefo';
import { batchesOf, decimalText, returnedKey, type HeldBatch, type StockState } from './state';

/** Sales can be returned for this many days after the day they were made. */
export const RETURN_WINDOW_DAYS = 90;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoInstant = z.string().datetime({ offset: true });
const salesUnit = z.enum(['whole', 'sachet', 'pill', 'blister']);
/** A percentage with two decimals, 0 to 100. */
const rateText = z.string().regex(/^\d{1,3}\.\d{2}$/);
/** A unit price with two to four decimals ("0.8333"). */
const unitPrice = z.string().regex(/^\d+\.\d{2,4}$/);

export const saleEventSchemas = {
  /**
   * A sale at the counter: every line with what it was sold at and the
   * batches it came from (FEFO, or the scanned batch), so no reader has to
   * work any of it out again.
   */
  SaleCompleted: z.object({
    saleId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    /** When it happened, and its business date at the pharmacy. */
    soldAt: isoInstant,
    soldOn: isoDate,
    customerName: z.string().nullable(),
    customerPhone: z.string().nullable(),
    notes: z.string().nullable(),
    totalAmount: decimalText,
    cashReceived: decimalText,
    change: decimalText,
    lines: z
      .array(
        z
          .object({
            productId: z.string().uuid(),
            productName: z.string(),
            productNameAr: z.string().nullable(),
            sku: z.string(),
            salesUnit,
            unitsPerPackage: z.number().int().min(1),
            quantity: z.number().int().positive(),
            unitPrice,
            totalPrice: decimalText,
            commissionEnabled: z.boolean(),
            commissionRate: rateText,
            commissionAmount: decimalText,
            /** Taken off the line's list price by batch discounts (`totalPrice` is after them); absent: none. */
            discountAmount: decimalText.optional(),
            allocations: z.array(
              z.object({
                batchId: z.string().uuid(),
                batchNumber: z.string(),
                expiryDate: isoDate,
                quantity: z.number().int().positive(),
                packsOpened: z.number().int().min(0),
                totalPrice: decimalText,
                commissionAmount: decimalText,
                /** The batch's discount when it was sold (its `totalPrice` is after it); absent: none. */
                discountPercentage: rateText.optional(),
                /** Cents taken off the list price by that discount. */
                discountAmount: decimalText.optional(),
              }),
            ),
            /**
             * Units sold that the books no longer held when a sale made offline
             * arrived (sold elsewhere meanwhile): in the line's quantity and price,
             * in no allocation, raised as a StockDiscrepancyRaised. Absent: none.
             */
            shortfall: z.number().int().positive().optional(),
          })
          .refine(
            (line) => line.allocations.reduce((n, a) => n + a.quantity, 0) + (line.shortfall ?? 0) === line.quantity,
            'A line’s allocations and shortfall add up to its quantity',
          ),
      )
      .min(1),
    /** A sale made at a till without a network and sent later (ADR 0015); absent: recorded as it happened. */
    offline: z
      .object({
        /** The till's own number for it ("K7Q2-0003"). */
        number: z.string().min(1),
        /** When the till's copy of prices and stock was made. */
        catalogueAsOf: isoInstant,
        /** That copy was older than the price window when the sale was made: flagged for review. */
        priceStale: z.boolean(),
      })
      .optional(),
  }),
  /** Units brought back and refunded at the price paid; back into their batches unless those expired. */
  SaleReturned: z.object({
    saleId: z.string().uuid(),
    returnId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    returnedAt: isoInstant,
    returnedOn: isoDate,
    reason: z.string().min(1),
    refundAmount: decimalText,
    lines: z
      .array(
        z.object({
          lineIndex: z.number().int().min(0),
          productId: z.string().uuid(),
          salesUnit,
          unitsPerPackage: z.number().int().min(1),
          quantity: z.number().int().positive(),
          refund: decimalText,
          allocations: z
            .array(
              z.object({
                batchId: z.string().uuid(),
                quantity: z.number().int().positive(),
                refund: decimalText,
                /** False when the batch has expired: recorded as returned, not put back on sale. */
                restocked: z.boolean(),
              }),
            )
            .min(1),
        }),
      )
      .min(1),
  }),
} as const;

export type SaleCompletedData = z.infer<(typeof saleEventSchemas)['SaleCompleted']>;
export type SaleReturnedData = z.infer<(typeof saleEventSchemas)['SaleReturned']>;
export type SalesUnitName = z.infer<typeof salesUnit>;

/** One line of a sale as the handler hands it over: the product's catalogue facts at this moment, and the request. */
export interface SaleLineInput {
  productId: string;
  productName: string;
  productNameAr: string | null;
  sku: string;
  /** The product's own sub-unit and pack size: a line sells whole packs or that sub-unit. */
  productSalesUnit: SalesUnitName;
  unitsPerPackage: number;
  /** Price of one pack, decimal text. */
  price: string;
  commissionEnabled: boolean;
  commissionRate: string;
  salesUnit: SalesUnitName;
  quantity: number;
  batchId: string | null;
}

export interface CompleteSaleCommand {
  type: 'CompleteSale';
  saleId: string;
  pharmacyId: string;
  soldAt: string;
  /** Business date at the pharmacy (the clock is passed in). */
  today: string;
  customerName: string | null;
  customerPhone: string | null;
  notes: string | null;
  cashReceived: string;
  lines: SaleLineInput[];
}

export interface ReturnSaleCommand {
  type: 'ReturnSale';
  saleId: string;
  /** The sale as recorded (its SaleCompleted event, read from the log); null when there is none here. */
  sale: SaleCompletedData | null;
  returnId: string;
  pharmacyId: string;
  returnedAt: string;
  today: string;
  reason: string;
  /** What comes back, by line; absent: everything not returned yet. */
  lines: Array<{ lineIndex: number; quantity: number }> | null;
}

export const saleNotFound = (saleId: string) => new DomainError('SALE_NOT_FOUND', 'Sale not found', { saleId });

const unitLabel = (line: Pick<SaleLineInput, 'salesUnit'>, quantity: number) =>
  line.salesUnit === 'whole' ? (quantity === 1 ? 'pack' : 'packs') : `${line.salesUnit}${quantity === 1 ? '' : 's'}`;

function stockOf(batchId: string, batch: HeldBatch): StockOfBatch {
  return {
    batchId,
    productId: batch.productId,
    expiryDate: batch.expiryDate,
    receivedDate: batch.receivedDate,
    packs: batch.quantity,
    looseUnits: batch.looseUnits,
    reservedPacks: batch.reserved,
  };
}

/**
 * Shares `total` cents out over parts of `quantities`, each the rounding of
 * its running sum, so the parts add up to the total exactly.
 */
function shareOut(total: (upTo: number) => bigint, quantities: readonly number[]): bigint[] {
  let before = 0;
  return quantities.map((quantity) => {
    const part = total(before + quantity) - total(before);
    before += quantity;
    return part;
  });
}

/**
 * The batches of the products sold, as a working copy: lines are allocated
 * one after another, so two lines of one product share its stock.
 */
export function workingCopy(state: StockState, lines: readonly SaleLineInput[]): Map<string, StockOfBatch> {
  const working = new Map<string, StockOfBatch>();
  for (const productId of new Set(lines.map((line) => line.productId))) {
    for (const [id, batch] of batchesOf(state, productId)) working.set(id, stockOf(id, batch));
  }
  return working;
}

/** Applies a line's allocations to the working copy. */
export function takeFrom(working: Map<string, StockOfBatch>, allocations: readonly Allocation[], line: SaleLineInput) {
  const unit = line.salesUnit === 'whole' ? 'pack' : 'unit';
  for (const allocation of allocations) {
    const batch = working.get(allocation.batchId)!;
    working.set(allocation.batchId, { ...batch, ...afterAllocation(batch, allocation, unit, line.unitsPerPackage) });
  }
}

/** A line sells whole packs, or the product's own sub-unit when a pack holds several; the unit FEFO counts in. */
export function assertSalesUnitOffered(line: SaleLineInput): 'pack' | 'unit' {
  const unit = line.salesUnit === 'whole' ? 'pack' : 'unit';
  if (unit === 'unit' && (line.salesUnit !== line.productSalesUnit || line.unitsPerPackage < 2)) {
    throw new DomainError(
      'SALES_UNIT_NOT_OFFERED',
      line.unitsPerPackage > 1 && line.productSalesUnit !== 'whole'
        ? `${line.productName} is sold by the pack or by the ${line.productSalesUnit}.`
        : `${line.productName} is sold by the pack only.`,
      { productId: line.productId },
    );
  }
  return unit;
}

/** What a batch's discount was when the line was sold: its current one, unless the caller knows better (a sale made earlier offline). */
export type DiscountOf = (batchId: string) => string | null;

/**
 * A line's prices from its allocations: list prices per batch (adding up
 * exactly to the line's), less each batch's discount; the commission on what
 * was paid, shared out by running sums so it adds up to the line's.
 */
export function priceLine(
  line: SaleLineInput,
  allocated: readonly Allocation[],
  state: StockState,
  discountOf: DiscountOf = (batchId) => state.batches[batchId]?.discountPercentage ?? null,
  /** Units sold that no batch on the books held any more (a sale made offline): at the list price, after the batches. */
  shortfall = 0,
): SaleCompletedData['lines'][number] {
  const unit = line.salesUnit === 'whole' ? 'pack' : 'unit';
  const packPrice = toCents(line.price);
  const perPack = unit === 'pack' ? 1 : line.unitsPerPackage;
  const rate = line.commissionEnabled ? toRateHundredths(line.commissionRate) : 0n;
  const listPrices = shareOut(
    (quantity) => priceOf(packPrice, quantity, perPack),
    [...allocated.map((a) => a.quantity), ...(shortfall > 0 ? [shortfall] : [])],
  );
  const discounts = listPrices.map((price, i) => {
    const percentage = i < allocated.length ? discountOf(allocated[i]!.batchId) : null;
    return percentage ? percentOf(price, toRateHundredths(percentage)) : 0n;
  });
  const prices = listPrices.map((price, i) => price - discounts[i]!);
  const paidUpTo = prices.reduce<bigint[]>((sums, price) => [...sums, sums.at(-1)! + price], [0n]);
  const commissions = prices.map((_, i) => percentOf(paidUpTo[i + 1]!, rate) - percentOf(paidUpTo[i]!, rate));
  const lineTotal = paidUpTo.at(-1)!;
  const lineDiscount = discounts.reduce((sum, d) => sum + d, 0n);
  return {
    productId: line.productId,
    productName: line.productName,
    productNameAr: line.productNameAr,
    sku: line.sku,
    salesUnit: line.salesUnit,
    unitsPerPackage: line.unitsPerPackage,
    quantity: line.quantity,
    unitPrice: unitPriceText(packPrice, perPack),
    totalPrice: formatCents(lineTotal),
    commissionEnabled: line.commissionEnabled,
    commissionRate: line.commissionEnabled ? line.commissionRate : '0.00',
    commissionAmount: formatCents(percentOf(lineTotal, rate)),
    ...(lineDiscount > 0n ? { discountAmount: formatCents(lineDiscount) } : {}),
    ...(shortfall > 0 ? { shortfall } : {}),
    allocations: allocated.map((allocation: Allocation, i) => {
      const batch = state.batches[allocation.batchId]!;
      return {
        batchId: allocation.batchId,
        batchNumber: batch.batchNumber,
        expiryDate: batch.expiryDate,
        quantity: allocation.quantity,
        packsOpened: allocation.packsOpened,
        totalPrice: formatCents(prices[i]!),
        commissionAmount: formatCents(commissions[i]!),
        ...(discountOf(allocation.batchId)
          ? { discountPercentage: discountOf(allocation.batchId)!, discountAmount: formatCents(discounts[i]!) }
          : {}),
      };
    }),
  };
}

export function decideSale(command: CompleteSaleCommand, state: StockState): SaleCompletedData {
  const working = workingCopy(state, command.lines);
  let total = 0n;
  const lines = command.lines.map((line) => {
    const unit = assertSalesUnitOffered(line);
    if (state.withdrawn[line.productId]) {
      throw new DomainError('PRODUCT_BEING_DELETED', `${line.productName} is being deleted from the catalogue.`, {
        productId: line.productId,
      });
    }
    if (line.batchId) {
      const named = state.batches[line.batchId];
      if (!named || named.productId !== line.productId) {
        throw new DomainError('BATCH_NOT_FOUND', `This pharmacy holds no such batch of ${line.productName}.`, {
          batchId: line.batchId,
        });
      }
      if (isExpired(named.expiryDate, command.today)) {
        throw new DomainError(
          'BATCH_EXPIRED',
          `Batch ${named.batchNumber} of ${line.productName} expired on ${named.expiryDate} and cannot be sold.`,
          { batchId: line.batchId, expiryDate: named.expiryDate },
        );
      }
    }
    const result = allocateFefo([...working.values()], { ...line, unit }, command.today);
    if (!result.ok) {
      throw new DomainError(
        'INSUFFICIENT_STOCK',
        `Only ${result.available} ${unitLabel(line, result.available)} of ${line.productName} ${
          line.batchId ? 'in this batch ' : ''
        }can be sold here (${line.quantity} asked).`,
        { productId: line.productId, available: result.available, requested: line.quantity },
      );
    }
    takeFrom(working, result.allocations, line);
    const priced = priceLine(line, result.allocations, state);
    total += toCents(priced.totalPrice);
    return priced;
  });

  const cash = toCents(command.cashReceived);
  if (cash < total) {
    throw new DomainError('INSUFFICIENT_CASH', 'Cash received is less than the total amount', {
      totalAmount: formatCents(total),
    });
  }
  return {
    saleId: command.saleId,
    pharmacyId: command.pharmacyId,
    soldAt: command.soldAt,
    soldOn: command.today,
    customerName: command.customerName,
    customerPhone: command.customerPhone,
    notes: command.notes,
    totalAmount: formatCents(total),
    cashReceived: formatCents(cash),
    change: formatCents(cash - total),
    lines,
  };
}

/** A sold allocation with what has come back of it so far. */
interface ReturnableAllocation {
  batchId: string;
  quantity: number;
  returned: number;
  charged: bigint;
  refunded: bigint;
}

export function decideReturn(command: ReturnSaleCommand, state: StockState): SaleReturnedData {
  const sale = command.sale;
  if (!sale || sale.saleId !== command.saleId || sale.pharmacyId !== command.pharmacyId) {
    throw saleNotFound(command.saleId);
  }
  if (addDaysIso(sale.soldOn, RETURN_WINDOW_DAYS) < command.today) {
    throw new DomainError('RETURN_WINDOW_CLOSED', `Sales can be returned within ${RETURN_WINDOW_DAYS} days.`, {
      saleId: command.saleId,
      soldOn: sale.soldOn,
    });
  }
  const before = state.returned[command.saleId]?.allocations ?? {};
  const soldLines = sale.lines.map((line, lineIndex) => ({
    ...line,
    allocations: line.allocations.map((a): ReturnableAllocation => {
      const back = before[returnedKey(lineIndex, a.batchId)];
      return {
        batchId: a.batchId,
        quantity: a.quantity,
        returned: back?.quantity ?? 0,
        charged: toCents(a.totalPrice),
        refunded: back ? BigInt(back.refunded) : 0n,
      };
    }),
  }));
  const wanted =
    command.lines ??
    soldLines
      .map((line, lineIndex) => ({
        lineIndex,
        quantity: line.allocations.reduce((n, a) => n + a.quantity - a.returned, 0),
      }))
      .filter((line) => line.quantity > 0);
  if (wanted.length === 0) {
    throw new DomainError('RETURN_EXCEEDS_SALE', 'Everything in this sale has been returned already.', {
      saleId: command.saleId,
    });
  }
  let refundTotal = 0n;
  const lines = wanted.map(({ lineIndex, quantity }) => {
    const line = soldLines[lineIndex];
    if (!line) {
      throw new DomainError('RETURN_EXCEEDS_SALE', `The sale has no line ${lineIndex + 1}.`, { lineIndex });
    }
    const open = line.allocations.reduce((n, a) => n + a.quantity - a.returned, 0);
    if (!Number.isInteger(quantity) || quantity <= 0 || quantity > open) {
      throw new DomainError(
        'RETURN_EXCEEDS_SALE',
        `Line ${lineIndex + 1} has ${open} left to return; ${quantity} cannot be returned.`,
        { lineIndex, returnable: open },
      );
    }
    // The most recently allocated batches take the units back first.
    let remaining = quantity;
    const allocations: SaleReturnedData['lines'][number]['allocations'] = [];
    for (const allocation of [...line.allocations].reverse()) {
      if (remaining === 0) break;
      const left = allocation.quantity - allocation.returned;
      const take = Math.min(left, remaining);
      if (take === 0) continue;
      const unrefunded = allocation.charged - allocation.refunded;
      // The last units of an allocation take what is left of its charge, so refunds add up to what was paid.
      const refund = take === left ? unrefunded : divideRounded(unrefunded * BigInt(take), BigInt(left));
      const batch = state.batches[allocation.batchId];
      allocations.push({
        batchId: allocation.batchId,
        quantity: take,
        refund: formatCents(refund),
        restocked: batch !== undefined && !isExpired(batch.expiryDate, command.today),
      });
      remaining -= take;
    }
    const refund = allocations.reduce((sum, a) => sum + toCents(a.refund), 0n);
    refundTotal += refund;
    return {
      lineIndex,
      productId: line.productId,
      salesUnit: line.salesUnit as SalesUnitName,
      unitsPerPackage: line.unitsPerPackage,
      quantity,
      refund: formatCents(refund),
      allocations,
    };
  });
  return {
    saleId: command.saleId,
    returnId: command.returnId,
    pharmacyId: command.pharmacyId,
    returnedAt: command.returnedAt,
    returnedOn: command.today,
    reason: command.reason,
    refundAmount: formatCents(refundTotal),
    lines,
  };
}

/** A sale leaves its batches. (A return reads the sale from its event: the state keeps only what came back.) */
export function evolveSaleCompleted(state: StockState, sale: SaleCompletedData): StockState {
  for (const line of sale.lines) {
    const unit = line.salesUnit === 'whole' ? 'pack' : 'unit';
    for (const allocation of line.allocations) {
      const batch = state.batches[allocation.batchId];
      if (!batch) continue;
      const after = afterAllocation(
        { packs: batch.quantity, looseUnits: batch.looseUnits },
        allocation,
        unit,
        line.unitsPerPackage,
      );
      state.batches[allocation.batchId] = { ...batch, quantity: after.packs, looseUnits: after.looseUnits };
    }
  }
  for (const batchId of new Set(sale.lines.flatMap((line) => line.allocations.map((a) => a.batchId)))) {
    const batch = state.batches[batchId];
    if (batch) batch.version += 1;
  }
  // Forget returns past the return window, once per business day (not on every sale: there are thousands).
  if (sale.soldOn > (state.prunedOn ?? '')) {
    const oldest = addDaysIso(sale.soldOn, -RETURN_WINDOW_DAYS - 1);
    for (const [saleId, kept] of Object.entries(state.returned)) {
      if (kept.lastReturnedOn < oldest) delete state.returned[saleId];
    }
    state.prunedOn = sale.soldOn;
  }
  return state;
}

export function evolveSaleReturned(state: StockState, returned: SaleReturnedData): StockState {
  const record = (state.returned[returned.saleId] ??= { lastReturnedOn: returned.returnedOn, allocations: {} });
  if (returned.returnedOn > record.lastReturnedOn) record.lastReturnedOn = returned.returnedOn;
  const touched = new Set<string>();
  for (const line of returned.lines) {
    for (const allocation of line.allocations) {
      const key = returnedKey(line.lineIndex, allocation.batchId);
      const kept = record.allocations[key] ?? { quantity: 0, refunded: '0' };
      record.allocations[key] = {
        quantity: kept.quantity + allocation.quantity,
        refunded: (BigInt(kept.refunded) + toCents(allocation.refund)).toString(),
      };
      const batch = state.batches[allocation.batchId];
      if (!batch || !allocation.restocked) continue;
      state.batches[allocation.batchId] =
        line.salesUnit === 'whole'
          ? { ...batch, quantity: batch.quantity + allocation.quantity }
          : { ...batch, looseUnits: batch.looseUnits + allocation.quantity };
      touched.add(allocation.batchId);
    }
  }
  for (const batchId of touched) state.batches[batchId]!.version += 1;
  return state;
}
