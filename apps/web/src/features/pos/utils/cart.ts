import type { Product, SalesUnit } from '@pharmacy/contracts';
import { formatCents, priceOf, toCents, unitPriceText } from '@pharmacy/money';

/** One line of the cart (specification 001 §3 Cart item): the product, quantity, chosen unit and its price. */
export interface CartLine {
  /** Product, unit and batch: what makes two additions the same line. */
  key: string;
  product: Pick<Product, 'id' | 'name' | 'nameAr' | 'sku' | 'barcode' | 'price' | 'salesUnit' | 'unitsPerPackage'>;
  quantity: number;
  salesUnit: SalesUnit;
  unitsPerPackage: number;
  /** Per pack, or per unit for a non-whole unit (pack price ÷ units per pack), as the receipt shows it. */
  unitPrice: string;
  /** The batch a scanned code named, sold from instead of FEFO; null: FEFO decides on the server. */
  batchId: string | null;
  batchNumber: string | null;
}

export type CartAction =
  | {
      type: 'add';
      product: CartLine['product'];
      quantity: number;
      salesUnit: SalesUnit;
      batch?: { id: string; number: string } | null;
    }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'increase'; key: string }
  | { type: 'decrease'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

const lineKey = (productId: string, salesUnit: SalesUnit, batchId: string | null) =>
  `${productId}|${salesUnit}|${batchId ?? 'fefo'}`;

/** The units a product can be sold in: always whole packs, and its own sub-unit when a pack holds several. */
export function sellingUnits(product: Pick<Product, 'salesUnit' | 'unitsPerPackage'>): SalesUnit[] {
  return product.salesUnit !== 'whole' && product.unitsPerPackage > 1 ? ['whole', product.salesUnit] : ['whole'];
}

/** A typed quantity: a whole number, at least 1 (specification 001 §4). */
export function typedQuantity(text: string | number): number {
  const value = typeof text === 'number' ? text : Number(String(text).trim());
  return Number.isFinite(value) ? Math.max(1, Math.round(value)) : 1;
}

/**
 * The cart rules of specification 001 §4: adding a product already in the
 * cart in the same unit (and batch) adds to that line, another unit is another
 * line; a quantity reaching 0 or less removes the line; the decrease button
 * never goes below 1; Clear All empties the cart.
 */
export function cartReducer(lines: readonly CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      const batchId = action.batch?.id ?? null;
      const key = lineKey(action.product.id, action.salesUnit, batchId);
      const quantity = typedQuantity(action.quantity);
      const existing = lines.find((line) => line.key === key);
      if (existing)
        return lines.map((line) => (line.key === key ? { ...line, quantity: line.quantity + quantity } : line));
      const perPack = action.salesUnit === 'whole' ? 1 : action.product.unitsPerPackage;
      return [
        ...lines,
        {
          key,
          product: action.product,
          quantity,
          salesUnit: action.salesUnit,
          unitsPerPackage: action.product.unitsPerPackage,
          unitPrice: unitPriceText(toCents(action.product.price), perPack),
          batchId,
          batchNumber: action.batch?.number ?? null,
        },
      ];
    }
    case 'setQuantity':
      return action.quantity <= 0
        ? lines.filter((line) => line.key !== action.key)
        : lines.map((line) => (line.key === action.key ? { ...line, quantity: Math.round(action.quantity) } : line));
    case 'increase':
      return lines.map((line) => (line.key === action.key ? { ...line, quantity: line.quantity + 1 } : line));
    case 'decrease':
      return lines.map((line) =>
        line.key === action.key ? { ...line, quantity: Math.max(1, line.quantity - 1) } : line,
      );
    case 'remove':
      return lines.filter((line) => line.key !== action.key);
    case 'clear':
      return [];
  }
}

/** A line's total in cents: the pack price × quantity ÷ units per pack, rounded once (as the server does). */
export function lineTotalCents(line: Pick<CartLine, 'product' | 'quantity' | 'salesUnit' | 'unitsPerPackage'>): bigint {
  return priceOf(toCents(line.product.price), line.quantity, line.salesUnit === 'whole' ? 1 : line.unitsPerPackage);
}

/** The cart total as decimal text: the sum of the line totals, no tax or discount (specification 001 §9). */
export function cartTotal(lines: readonly CartLine[]): string {
  return formatCents(lines.reduce((sum, line) => sum + lineTotalCents(line), 0n));
}

/** Change for the cash received, or null when the cash does not cover the total (or is not an amount). */
export function changeFor(total: string, cashReceived: string): string | null {
  const cash = cashCents(cashReceived);
  if (cash === null) return null;
  const change = cash - toCents(total);
  return change < 0n ? null : formatCents(change);
}

/** Cash as typed ("20", "20.5"): cents, or null when it is not an amount. */
export function cashCents(text: string): bigint | null {
  try {
    return toCents(text);
  } catch {
    return null;
  }
}

/** Cash received as the server expects it: a two-decimal string (specification 001 §5). */
export function cashText(text: string): string {
  const cents = cashCents(text);
  return cents === null ? text.trim() : formatCents(cents);
}
