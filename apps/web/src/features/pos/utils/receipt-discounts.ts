import type { SaleDetail, SaleLine } from '@pharmacy/contracts';
import { formatCents, toCents } from '@pharmacy/money';

export interface LineDiscount {
  /** What the line would have cost at the list price (the server's total plus what was taken off). */
  listTotal: string;
  /** Taken off by batch discounts, as the server recorded it ("5.00"). */
  amount: string;
  /** The discounts of the batches it was sold from ("25.00"), each once, in the order sold. */
  percentages: string[];
}

/**
 * A line's discount as the receipt shows it, or null when it was sold at the
 * list price. The amounts are the server's; only the list total is added up
 * here, exactly, from them.
 */
export function lineDiscount(
  line: Pick<SaleLine, 'totalPrice' | 'discountAmount' | 'allocations'>,
): LineDiscount | null {
  const amount = toCents(line.discountAmount);
  if (amount <= 0n) return null;
  const percentages: string[] = [];
  for (const allocation of line.allocations) {
    const rate = allocation.discountPercentage;
    if (rate !== null && toCents(allocation.discountAmount) > 0n && !percentages.includes(rate)) percentages.push(rate);
  }
  return { listTotal: formatCents(toCents(line.totalPrice) + amount), amount: formatCents(amount), percentages };
}

/** Everything the sale's discounts took off ("0.00" when none). */
export function saleDiscountTotal(sale: Pick<SaleDetail, 'lines'>): string {
  return formatCents(sale.lines.reduce((sum, line) => sum + toCents(line.discountAmount), 0n));
}
