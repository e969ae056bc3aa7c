import type { AvailabilityRow } from '@pharmacy/contracts';

/** A product chosen for a transfer, with what the source holds of it (the quantity's ceiling). */
export interface TransferLine {
  productId: string;
  name: string;
  nameAr: string | null;
  sku: string;
  available: number;
  quantity: number;
}

export type TransferLineAction =
  | { type: 'add'; product: AvailabilityRow; quantity?: number }
  | { type: 'increase'; productId: string }
  | { type: 'decrease'; productId: string }
  | { type: 'type'; productId: string; text: string }
  | { type: 'remove'; productId: string }
  | { type: 'clear' };

export type TransferLineResult = { lines: TransferLine[]; refused: 'duplicate' | null };

/** Between 1 and what the source holds (a source without stock still leaves 1, which the server refuses). */
export function clampQuantity(quantity: number, available: number): number {
  return Math.min(Math.max(1, Math.floor(quantity)), Math.max(1, available));
}

/**
 * Specification 001 §5: the typed quantity ignores values above what is
 * available (the line keeps its quantity) and falls back to 1 for anything that
 * is not a quantity of at least 1.
 */
export function typedTransferQuantity(text: string, current: number, available: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 1) return 1;
  if (value > available) return current;
  return Math.floor(value);
}

/**
 * The chosen products (specification 001 §2, §5): each product once, quantities
 * from 1 to what the source holds. Adding a product already listed is refused
 * and says so, rather than silently adding more.
 */
export function transferLines(lines: readonly TransferLine[], action: TransferLineAction): TransferLineResult {
  const update = (productId: string, change: (line: TransferLine) => number): TransferLineResult => ({
    lines: lines.map((line) => (line.productId === productId ? { ...line, quantity: change(line) } : line)),
    refused: null,
  });
  switch (action.type) {
    case 'add': {
      if (lines.some((line) => line.productId === action.product.productId)) {
        return { lines: [...lines], refused: 'duplicate' };
      }
      const { productId, name, nameAr, sku, availableQty } = action.product;
      const line = {
        productId,
        name,
        nameAr,
        sku,
        available: availableQty,
        quantity: clampQuantity(action.quantity ?? 1, availableQty),
      };
      return { lines: [...lines, line], refused: null };
    }
    case 'increase':
      return update(action.productId, (line) => clampQuantity(line.quantity + 1, line.available));
    case 'decrease':
      return update(action.productId, (line) => clampQuantity(line.quantity - 1, line.available));
    case 'type':
      return update(action.productId, (line) => typedTransferQuantity(action.text, line.quantity, line.available));
    case 'remove':
      return { lines: lines.filter((line) => line.productId !== action.productId), refused: null };
    case 'clear':
      return { lines: [], refused: null };
  }
}
