import { foldForSearch, type OfflineCatalogue, type SalesUnit } from '@pharmacy/contracts';
import { percentOf, priceOf, toCents, toRateHundredths, unitPriceText } from '@pharmacy/money';
import { readPackScan } from '../../../lib/gs1';
import { matchScan, sameGtin, type ScanMatch } from '../../../lib/scan-match';

// The till's copy of the catalogue, read the way the server reads its books:
// the same candidates and FEFO order as libs/domain/src/sales/fefo.ts, and the
// same prices, discounts and shortfalls as a sale made offline is recorded with
// (priceLine, libs/domain/src/stock/sales.ts); the browser may not import the
// domain, so local-catalogue.spec.ts holds this copy to the same cases.

export type OfflineProduct = OfflineCatalogue['products'][number];
export type OfflineBatch = OfflineCatalogue['batches'][number];

/** A product of the copy as the product search shows it: always on sale, with its packs in stock here. */
export type LocalProduct = OfflineProduct & { isActive: true; totalStock: number };

type Unit = 'pack' | 'unit';
const unitOf = (salesUnit: SalesUnit): Unit => (salesUnit === 'whole' ? 'pack' : 'unit');

/** What a batch can sell in a line's unit: sealed packs, or their units plus those of opened packs. */
export function sellableQuantity(batch: OfflineBatch, unit: Unit, unitsPerPackage: number): number {
  return unit === 'pack' ? batch.quantity : batch.quantity * unitsPerPackage + batch.looseUnits;
}

/**
 * The batches a line may sell from, in the order FEFO takes them: the
 * product's batches holding stock in the line's unit, not expired (a batch
 * expires at the end of its expiry date) nor received after today, only the
 * named one when the line names a batch; earliest expiry, then the batch
 * received first, then the id.
 */
export function fefoOrder(
  batches: readonly OfflineBatch[],
  line: { productId: string; unit: Unit; unitsPerPackage: number; batchId?: string | null },
  today: string,
): OfflineBatch[] {
  return batches
    .filter(
      (batch) =>
        batch.productId === line.productId &&
        batch.expiryDate >= today &&
        batch.receivedDate <= today &&
        (!line.batchId || batch.id === line.batchId) &&
        sellableQuantity(batch, line.unit, line.unitsPerPackage) > 0,
    )
    .sort(
      (a, b) => compare(a.expiryDate, b.expiryDate) || compare(a.receivedDate, b.receivedDate) || compare(a.id, b.id),
    );
}

/**
 * A batch after `quantity` of a line's unit left it: packs come from sealed
 * packs; units from opened packs first, then from packs opened one by one.
 * Never below zero: the copy may already count what is taken away again.
 */
export function takeFromBatch(
  batch: OfflineBatch,
  unit: Unit,
  unitsPerPackage: number,
  quantity: number,
): OfflineBatch {
  if (unit === 'pack') return { ...batch, quantity: Math.max(0, batch.quantity - quantity) };
  const fromOpen = Math.min(batch.looseUnits, quantity);
  const packsOpened = Math.min(batch.quantity, Math.ceil((quantity - fromOpen) / unitsPerPackage));
  return {
    ...batch,
    quantity: batch.quantity - packsOpened,
    looseUnits: Math.max(0, batch.looseUnits + packsOpened * unitsPerPackage - quantity),
  };
}

/** Packs of a product this copy can still sell today. */
export function packsInStock(batches: readonly OfflineBatch[], productId: string, today: string): number {
  return fefoOrder(batches, { productId, unit: 'pack', unitsPerPackage: 1 }, today).reduce(
    (sum, batch) => sum + batch.quantity,
    0,
  );
}

const SEARCH_LIMIT = 50;

/**
 * The product search without a network: name, Arabic name, generic name (both
 * languages), SKU or barcode containing the words, folded as the server folds them
 * (`foldForSearch`: letter case, Arabic spellings, digits), and a
 * scanned GTIN or GS1 code finding its product; exact codes first, then names
 * that start with the words, then by name. Like the server's, at most 50.
 */
export function searchLocal(catalogue: OfflineCatalogue, query: string, today: string, now?: Date): LocalProduct[] {
  const needle = foldForSearch(query.trim());
  if (needle === '') return [];
  const scan = readPackScan(query, now);
  const gtin = scan.kind === 'gs1' || scan.kind === 'gtin' ? scan.gtin : null;
  const exact = (product: OfflineProduct) =>
    product.sku.toLowerCase() === needle ||
    (product.barcode ?? '').toLowerCase() === needle ||
    (gtin !== null && sameGtin(product.barcode, gtin));
  const found = catalogue.products.filter(
    (product) =>
      exact(product) ||
      [product.name, product.nameAr, product.genericName, product.genericNameAr, product.sku, product.barcode].some(
        (text) => text != null && foldForSearch(text).includes(needle),
      ),
  );
  const rank = (product: OfflineProduct) =>
    exact(product)
      ? 0
      : foldForSearch(product.name).startsWith(needle) ||
          (product.nameAr != null && foldForSearch(product.nameAr).startsWith(needle))
        ? 1
        : 2;
  return found
    .map((product) => ({ product, rank: rank(product) }))
    .sort((a, b) => a.rank - b.rank || compare(a.product.name, b.product.name))
    .slice(0, SEARCH_LIMIT)
    .map(({ product }) => toLocalProduct(catalogue, product, today));
}

function toLocalProduct(catalogue: OfflineCatalogue, product: OfflineProduct, today: string): LocalProduct {
  return { ...product, isActive: true, totalStock: packsInStock(catalogue.batches, product.id, today) };
}

export type LocalScan =
  | { kind: 'notFound'; code: string }
  | { kind: 'found'; product: LocalProduct; batch: OfflineBatch | null; batchNumber: string | null }
  | { kind: 'batchExpired'; product: LocalProduct; batch: OfflineBatch };

/**
 * A barcode, SKU or GS1 code read against the copy, as the counter reads it
 * against the server: the product, and the batch a GS1 code names when this
 * pharmacy's copy holds it (`batchNumber` without `batch`: a batch the copy
 * does not hold, so FEFO sells the oldest stock instead).
 */
export function scanLocal(catalogue: OfflineCatalogue, input: string, today: string, now?: Date): LocalScan {
  const match: ScanMatch<OfflineProduct> = matchScan(input, catalogue.products, now);
  if (match.kind === 'notFound') return match;
  const product = toLocalProduct(catalogue, match.product, today);
  if (!match.batch) return { kind: 'found', product, batch: null, batchNumber: null };
  const wanted = match.batch.toLowerCase();
  const batch = catalogue.batches.find(
    (candidate) => candidate.productId === product.id && candidate.batchNumber.toLowerCase() === wanted,
  );
  if (batch && batch.expiryDate < today) return { kind: 'batchExpired', product, batch };
  return { kind: 'found', product, batch: batch ?? null, batchNumber: match.batch };
}

/** One cart line as the till sells it offline. */
export interface LocalSaleLine {
  productId: string;
  quantity: number;
  salesUnit: SalesUnit;
  batchId: string | null;
}

export interface PricedAllocation {
  batchId: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  /** What this batch's share cost after its discount, and what the discount took off. */
  totalCents: bigint;
  discountCents: bigint;
  discountPercentage: string | null;
}

export interface PricedLine {
  product: OfflineProduct;
  salesUnit: SalesUnit;
  quantity: number;
  /** Per pack, or per unit (up to 4 decimals), before discounts. */
  unitPrice: string;
  totalCents: bigint;
  discountCents: bigint;
  allocations: PricedAllocation[];
  /**
   * Units the copy holds no batch for (it may be behind the shelf: a delivery
   * since the last refresh). The goods are at the counter, so the sale is
   * made, these at the list price after the batches, as the server records a
   * sale made offline; it reports them as a stock discrepancy.
   */
  shortfall: number;
}

/** Why the copy cannot sell a cart: the refusals of the server's checkout that do not depend on stock. */
export type LocalSaleProblem =
  | { code: 'NOT_IN_COPY'; productId: string }
  | { code: 'SALES_UNIT_NOT_OFFERED'; productId: string }
  | { code: 'BATCH_EXPIRED'; productId: string; batchId: string };

export type LocalPricing =
  | {
      ok: true;
      lines: PricedLine[];
      totalCents: bigint;
      /** The copy's batches once this sale has left them. */
      batches: OfflineBatch[];
    }
  | { ok: false; problem: LocalSaleProblem };

/**
 * Allocates and prices a cart from the copy, as the server records a sale
 * made offline: lines one after another on a working copy of the batches (two
 * lines of one product share its stock), FEFO, as much as the copy holds and
 * the rest as a shortfall; each batch's share of a line at the list price
 * (shared out by running sums, so the shares add up to the line's price),
 * less that batch's discount; all in whole cents.
 */
export function priceLocalSale(
  catalogue: OfflineCatalogue,
  lines: readonly LocalSaleLine[],
  today: string,
): LocalPricing {
  const products = new Map(catalogue.products.map((product) => [product.id, product]));
  const working = new Map(catalogue.batches.map((batch) => [batch.id, batch]));
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) return { ok: false, problem: { code: 'NOT_IN_COPY', productId: line.productId } };
    const unit = unitOf(line.salesUnit);
    const unitsPerPackage = product.unitsPerPackage;
    if (unit === 'unit' && (line.salesUnit !== product.salesUnit || unitsPerPackage < 2)) {
      return { ok: false, problem: { code: 'SALES_UNIT_NOT_OFFERED', productId: product.id } };
    }
    if (line.batchId) {
      const named = working.get(line.batchId);
      if (named && named.productId === product.id && named.expiryDate < today) {
        return { ok: false, problem: { code: 'BATCH_EXPIRED', productId: product.id, batchId: named.id } };
      }
    }
    const candidates = fefoOrder(
      [...working.values()],
      { productId: product.id, unit, unitsPerPackage, batchId: line.batchId },
      today,
    );
    const taken: Array<{ batch: OfflineBatch; quantity: number }> = [];
    let remaining = line.quantity;
    for (const batch of candidates) {
      if (remaining === 0) break;
      const quantity = Math.min(remaining, sellableQuantity(batch, unit, unitsPerPackage));
      taken.push({ batch, quantity });
      remaining -= quantity;
    }
    for (const { batch, quantity } of taken) {
      working.set(batch.id, takeFromBatch(batch, unit, unitsPerPackage, quantity));
    }
    const packPrice = toCents(product.price);
    const perPack = unit === 'pack' ? 1 : unitsPerPackage;
    let before = 0;
    const listShare = (quantity: number) => {
      const cents = priceOf(packPrice, before + quantity, perPack) - priceOf(packPrice, before, perPack);
      before += quantity;
      return cents;
    };
    const allocations = taken.map(({ batch, quantity }): PricedAllocation => {
      const listCents = listShare(quantity);
      const discountCents = batch.discountPercentage
        ? percentOf(listCents, toRateHundredths(batch.discountPercentage))
        : 0n;
      return {
        batchId: batch.id,
        batchNumber: batch.batchNumber,
        expiryDate: batch.expiryDate,
        quantity,
        totalCents: listCents - discountCents,
        discountCents,
        discountPercentage: batch.discountPercentage,
      };
    });
    const shortfallCents = remaining > 0 ? listShare(remaining) : 0n;
    priced.push({
      product,
      salesUnit: line.salesUnit,
      quantity: line.quantity,
      unitPrice: unitPriceText(packPrice, perPack),
      totalCents: allocations.reduce((sum, allocation) => sum + allocation.totalCents, shortfallCents),
      discountCents: allocations.reduce((sum, allocation) => sum + allocation.discountCents, 0n),
      allocations,
      shortfall: remaining,
    });
  }
  return {
    ok: true,
    lines: priced,
    totalCents: priced.reduce((sum, line) => sum + line.totalCents, 0n),
    batches: catalogue.batches.map((batch) => working.get(batch.id) ?? batch),
  };
}

/** What left which batch in a sale: enough to take it off a fresher copy of the stock. */
export interface SoldFromBatch {
  batchId: string;
  salesUnit: SalesUnit;
  unitsPerPackage: number;
  quantity: number;
}

/** A copy of the stock with sales it does not count yet taken off it. */
export function withoutSold(batches: readonly OfflineBatch[], sold: readonly SoldFromBatch[]): OfflineBatch[] {
  const working = new Map(batches.map((batch) => [batch.id, batch]));
  for (const part of sold) {
    const batch = working.get(part.batchId);
    if (batch)
      working.set(part.batchId, takeFromBatch(batch, unitOf(part.salesUnit), part.unitsPerPackage, part.quantity));
  }
  return batches.map((batch) => working.get(batch.id) ?? batch);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
