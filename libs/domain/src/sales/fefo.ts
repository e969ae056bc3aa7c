/**
 * First-expired-first-out allocation of a sale line to the batches of one
 * pharmacy: a pure, fully specified function (see fefo.spec.ts).
 *
 * Stock of a batch is whole `packs` plus `looseUnits` of opened packs
 * (ADR 0010). A line sells whole packs, or single units (pills, sachets,
 * blisters) of `unitsPerPackage` per pack:
 * - only batches of the product that hold stock and have not expired are
 *   candidates (a batch expires at the end of its expiry date, in the
 *   pharmacy's time zone: `today` is passed in), not inactive ones, and not
 *   ones received after `today` (a sale recorded late sells what was there);
 * - earliest expiry first; then the batch received first; then the batch id,
 *   so the order is total and the same on every run;
 * - a line may span several batches; a named batch (a scanned pack) is the
 *   only candidate;
 * - whole packs come from sealed packs only; units come from loose units
 *   first, then from packs opened one by one (counted in `packsOpened`).
 */

export interface StockOfBatch {
  batchId: string;
  productId: string;
  expiryDate: string;
  receivedDate: string;
  packs: number;
  looseUnits: number;
  /** Packs held back for a pending transfer: not for sale. */
  reservedPacks?: number;
  /** False for a batch taken out of sale (expired and recorded so, written off). */
  active?: boolean;
}

export interface LineToAllocate {
  productId: string;
  /** Packs when `unit` is 'pack', single units otherwise. */
  quantity: number;
  unit: 'pack' | 'unit';
  unitsPerPackage: number;
  /** Sell from this batch only (a GS1 scan that names the batch). */
  batchId?: string | null;
}

export interface Allocation {
  batchId: string;
  /** In the line's unit. */
  quantity: number;
  /** Sealed packs opened to supply single units. */
  packsOpened: number;
}

export type AllocationResult =
  | { ok: true; allocations: Allocation[] }
  /** `available`: what the candidates hold in the line's unit. */
  | { ok: false; available: number };

/** Units a batch can sell in the line's unit (reserved packs excluded). */
export function sellableQuantity(batch: StockOfBatch, unit: 'pack' | 'unit', unitsPerPackage: number): number {
  const packs = Math.max(0, batch.packs - (batch.reservedPacks ?? 0));
  return unit === 'pack' ? packs : packs * unitsPerPackage + batch.looseUnits;
}

export function isExpired(expiryDate: string, today: string): boolean {
  return expiryDate < today;
}

/** The batches a line may sell from, in the order FEFO takes them. */
export function fefoOrder(batches: readonly StockOfBatch[], line: LineToAllocate, today: string): StockOfBatch[] {
  return batches
    .filter(
      (batch) =>
        batch.productId === line.productId &&
        batch.active !== false &&
        !isExpired(batch.expiryDate, today) &&
        batch.receivedDate <= today &&
        (!line.batchId || batch.batchId === line.batchId) &&
        sellableQuantity(batch, line.unit, line.unitsPerPackage) > 0,
    )
    .sort(
      (a, b) =>
        compare(a.expiryDate, b.expiryDate) || compare(a.receivedDate, b.receivedDate) || compare(a.batchId, b.batchId),
    );
}

export function allocateFefo(batches: readonly StockOfBatch[], line: LineToAllocate, today: string): AllocationResult {
  const { allocations, short, candidates } = allocateFefoUpTo(batches, line, today);
  if (short > 0) {
    return {
      ok: false,
      available: candidates.reduce((sum, b) => sum + sellableQuantity(b, line.unit, line.unitsPerPackage), 0),
    };
  }
  return { ok: true, allocations };
}

/**
 * As much of the line as the candidates hold, in FEFO order, and what is
 * left over (`short`): a sale that already happened (made offline) takes what
 * the books hold and reports the rest rather than being refused.
 */
export function allocateFefoUpTo(
  batches: readonly StockOfBatch[],
  line: LineToAllocate,
  today: string,
): { allocations: Allocation[]; short: number; candidates: StockOfBatch[] } {
  if (!Number.isInteger(line.quantity) || line.quantity <= 0)
    throw new RangeError('A line sells a positive whole quantity');
  if (!Number.isInteger(line.unitsPerPackage) || line.unitsPerPackage < 1) throw new RangeError('unitsPerPackage ≥ 1');
  const candidates = fefoOrder(batches, line, today);
  const allocations: Allocation[] = [];
  let remaining = line.quantity;
  for (const batch of candidates) {
    if (remaining === 0) break;
    const take = Math.min(remaining, sellableQuantity(batch, line.unit, line.unitsPerPackage));
    if (line.unit === 'pack') {
      allocations.push({ batchId: batch.batchId, quantity: take, packsOpened: 0 });
    } else {
      const fromOpen = Math.min(batch.looseUnits, take);
      const packsOpened = Math.ceil((take - fromOpen) / line.unitsPerPackage);
      allocations.push({ batchId: batch.batchId, quantity: take, packsOpened });
    }
    remaining -= take;
  }
  return { allocations, short: remaining, candidates };
}

/** What a batch holds after an allocation (or its reverse, a return) is applied. */
export function afterAllocation(
  batch: { packs: number; looseUnits: number },
  allocation: Allocation,
  unit: 'pack' | 'unit',
  unitsPerPackage: number,
): { packs: number; looseUnits: number } {
  if (unit === 'pack') return { packs: batch.packs - allocation.quantity, looseUnits: batch.looseUnits };
  return {
    packs: batch.packs - allocation.packsOpened,
    looseUnits: batch.looseUnits + allocation.packsOpened * unitsPerPackage - allocation.quantity,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
