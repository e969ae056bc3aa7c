import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { Session } from './http';
import { sleep } from './processes';

/** Where a till sends its sales: an API process, as a user working at one pharmacy. */
export interface Till {
  label: string;
  baseUrl: () => string;
  session: Session;
  pharmacyId: string;
}

export interface SaleAttempts {
  key: string;
  till: string;
  pharmacyId: string;
  productId: string;
  quantity: number;
  /** Every answer, in order: an HTTP status, or 0 for none (refused, reset, timed out). */
  statuses: number[];
  /** The sale's id once the API acknowledged it (201). */
  saleId: string | null;
  acknowledgedAt: number | null;
}

export interface SalesLoad {
  sales: SaleAttempts[];
  acknowledged: SaleAttempts[];
  /** 503 answers, and how many of them carried a Retry-After header. */
  unavailable: number;
  withRetryAfter: number;
  /** Answers that are neither 201 nor 503 (a 500, a 409...), as `status: count`. */
  unexpected: Record<string, number>;
  /** Attempts with no answer at all: connection refused or reset, or no answer within the timeout. */
  noAnswer: Record<string, number>;
  ms: number;
}

/**
 * Starts `sell` and says when `acknowledged` sales are in (or the selling has
 * ended short of that): the moment a drill kills something under the load.
 */
export function sellUntil(
  acknowledged: number,
  options: Omit<Parameters<typeof sell>[0], 'onAcknowledged'>,
): { reached: Promise<unknown>; selling: Promise<SalesLoad> } {
  let markReached!: () => void;
  const reached = new Promise<void>((resolve) => (markReached = resolve));
  const selling = sell({ ...options, onAcknowledged: (n) => n === acknowledged && markReached() });
  return { reached: Promise.race([reached, selling]), selling };
}

/**
 * Tills selling `count` sales at `concurrency` at once, each under its own
 * Idempotency-Key and retried with that key until acknowledged (201), as the
 * point of sale does: after a 503, as long as Retry-After says (at most 2 s);
 * after no answer, 250 ms. A sale not acknowledged by `deadlineMs` is left
 * unacknowledged (and reported).
 */
export async function sell(options: {
  tills: Till[];
  products: string[];
  count: number;
  concurrency: number;
  deadlineMs: number;
  /** Called after each acknowledged sale with how many are acknowledged so far. */
  onAcknowledged?: (acknowledged: number) => void;
}): Promise<SalesLoad> {
  const started = Date.now();
  const sales: SaleAttempts[] = Array.from({ length: options.count }, (_, i) => {
    const till = options.tills[i % options.tills.length]!;
    return {
      key: `faults-sale-${randomUUID()}`,
      till: till.label,
      pharmacyId: till.pharmacyId,
      productId: options.products[i % options.products.length]!,
      quantity: 1 + (i % 3),
      statuses: [],
      saleId: null,
      acknowledgedAt: null,
    };
  });
  const load: SalesLoad = {
    sales,
    acknowledged: [],
    unavailable: 0,
    withRetryAfter: 0,
    unexpected: {},
    noAnswer: {},
    ms: 0,
  };
  let next = 0;
  const seller = async () => {
    for (let i = next++; i < sales.length; i = next++) {
      const sale = sales[i]!;
      const till = options.tills[i % options.tills.length]!;
      while (Date.now() - started < options.deadlineMs) {
        const answer = await till.session.request<{ id: string }>(till.baseUrl(), 'POST', '/api/sales/complete', {
          headers: { 'Idempotency-Key': sale.key },
          body: {
            customerName: 'Fault drill',
            cashReceived: '1000.00',
            items: [{ productId: sale.productId, quantity: sale.quantity, salesUnit: 'whole' }],
          },
          timeoutMs: 15_000,
        });
        sale.statuses.push(answer.status);
        if (answer.status === 201) {
          sale.saleId = answer.body.id;
          sale.acknowledgedAt = Date.now();
          load.acknowledged.push(sale);
          options.onAcknowledged?.(load.acknowledged.length);
          break;
        }
        if (answer.status === 503) {
          load.unavailable += 1;
          const retryAfter = Number(answer.headers.get('retry-after'));
          if (answer.headers.has('retry-after') && Number.isFinite(retryAfter)) load.withRetryAfter += 1;
          await sleep(Math.min(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000, 2000));
        } else if (answer.status === 0) {
          const reason = answer.error ?? 'no answer';
          load.noAnswer[reason] = (load.noAnswer[reason] ?? 0) + 1;
          await sleep(250);
        } else {
          load.unexpected[answer.status] = (load.unexpected[answer.status] ?? 0) + 1;
          await sleep(250);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, seller));
  load.ms = Date.now() - started;
  return load;
}

/** How many SaleCompleted events the log holds for each sale id. */
export async function salesInLog(pool: Pool): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ saleId: string; n: number }>(
    `SELECT data->>'saleId' AS "saleId", count(*)::int AS n FROM eventstore.events
      WHERE type = 'SaleCompleted' GROUP BY 1`,
  );
  return new Map(rows.map((row) => [row.saleId, row.n]));
}

/**
 * Every acknowledged sale is in the log exactly once, and the log has no sale
 * beyond those these loads made: the problems found, one line each.
 */
export async function checkSalesRecordedOnce(pool: Pool, loads: SalesLoad[]): Promise<string[]> {
  const inLog = await salesInLog(pool);
  const problems: string[] = [];
  const sent = loads.flatMap((load) => load.sales);
  for (const sale of sent) {
    if (!sale.saleId) problems.push(`sale ${sale.key} was never acknowledged (answers: ${sale.statuses.join(' ')})`);
    else if (inLog.get(sale.saleId) !== 1) {
      problems.push(`acknowledged sale ${sale.saleId} is in the log ${inLog.get(sale.saleId) ?? 0} times`);
    }
  }
  const known = new Set(sent.map((sale) => sale.saleId));
  const extra = [...inLog.keys()].filter((id) => !known.has(id));
  if (extra.length > 0) problems.push(`${extra.length} sales in the log that no till was acknowledged for`);
  return problems;
}

/** Units on hand of each product at a pharmacy, as the inventory read model shows them. */
export async function onHand(session: Session, baseUrl: string, pharmacyId: string): Promise<Map<string, number>> {
  const batches = await session.get<Array<{ productId: string; quantity: number }>>(
    baseUrl,
    `/api/inventory?pharmacyId=${pharmacyId}`,
  );
  const units = new Map<string, number>();
  for (const batch of batches) units.set(batch.productId, (units.get(batch.productId) ?? 0) + batch.quantity);
  return units;
}

/**
 * Stock on hand equals what was received less what the acknowledged sales
 * took, plus what `moved` says transfers brought in (negative: sent out), per
 * `pharmacyId|productId`: the problems found, one line each.
 */
export async function checkStockBalances(options: {
  session: Session;
  baseUrl: string;
  pharmacies: string[];
  products: string[];
  received: number;
  loads: SalesLoad[];
  moved?: Map<string, number>;
}): Promise<string[]> {
  const sold = new Map<string, number>();
  for (const sale of options.loads.flatMap((load) => load.acknowledged)) {
    const key = `${sale.pharmacyId}|${sale.productId}`;
    sold.set(key, (sold.get(key) ?? 0) + sale.quantity);
  }
  const problems: string[] = [];
  for (const pharmacyId of options.pharmacies) {
    const units = await onHand(options.session, options.baseUrl, pharmacyId);
    for (const productId of options.products) {
      const key = `${pharmacyId}|${productId}`;
      const expected = options.received - (sold.get(key) ?? 0) + (options.moved?.get(key) ?? 0);
      const actual = units.get(productId) ?? 0;
      if (actual !== expected) {
        problems.push(`${pharmacyId} holds ${actual} of ${productId}; received − sold = ${expected}`);
      }
    }
  }
  return problems;
}

/** Counts of a load's answers for a report line: `201×200, 503×14`. */
export function answerCounts(load: SalesLoad): string {
  const counts = new Map<string, number>();
  for (const status of load.sales.flatMap((sale) => sale.statuses)) {
    const name = status === 0 ? 'no answer' : String(status);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([status, n]) => `${status}×${n}`).join(', ');
}
