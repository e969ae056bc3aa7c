import { describe, expect, it } from '@jest/globals';
import type { AvailabilityRow } from '@pharmacy/contracts';
import { clampQuantity, transferLines, typedTransferQuantity, type TransferLine } from './transfer-lines';

const row = (overrides: Partial<AvailabilityRow> = {}): AvailabilityRow => ({
  productId: 'p1',
  name: 'Paracetamol 500 mg',
  nameAr: 'باراسيتامول ٥٠٠ ملغ',
  sku: 'PAR-500',
  availableQty: 5,
  ...overrides,
});

const withLine = (quantity: number, available = 5): TransferLine[] =>
  transferLines([], { type: 'add', product: row({ availableQty: available }), quantity }).lines;

describe('the products chosen for a transfer', () => {
  it('adds a product once, at 1 unless asked otherwise, and refuses it a second time', () => {
    const first = transferLines([], { type: 'add', product: row() });
    expect(first).toEqual({
      lines: [
        {
          productId: 'p1',
          name: 'Paracetamol 500 mg',
          nameAr: 'باراسيتامول ٥٠٠ ملغ',
          sku: 'PAR-500',
          available: 5,
          quantity: 1,
        },
      ],
      refused: null,
    });
    const again = transferLines(first.lines, { type: 'add', product: row(), quantity: 3 });
    expect(again.refused).toBe('duplicate');
    expect(again.lines).toEqual(first.lines);
  });

  it('takes a requested quantity only as far as the source holds', () => {
    expect(withLine(12)[0]?.quantity).toBe(5);
    expect(withLine(0)[0]?.quantity).toBe(1);
  });

  it('steps between 1 and what is available', () => {
    let lines = withLine(4);
    lines = transferLines(lines, { type: 'increase', productId: 'p1' }).lines;
    expect(lines[0]?.quantity).toBe(5);
    lines = transferLines(lines, { type: 'increase', productId: 'p1' }).lines;
    expect(lines[0]?.quantity).toBe(5);
    lines = withLine(2);
    lines = transferLines(lines, { type: 'decrease', productId: 'p1' }).lines;
    lines = transferLines(lines, { type: 'decrease', productId: 'p1' }).lines;
    expect(lines[0]?.quantity).toBe(1);
  });

  it('ignores a typed quantity above what is available and falls back to 1 for anything invalid', () => {
    const lines = withLine(3);
    const typed = (text: string) => transferLines(lines, { type: 'type', productId: 'p1', text }).lines[0]?.quantity;
    expect(typed('4')).toBe(4);
    expect(typed('6')).toBe(3);
    expect(typed('')).toBe(1);
    expect(typed('0')).toBe(1);
    expect(typed('-2')).toBe(1);
    expect(typed('abc')).toBe(1);
    expect(typed('2.7')).toBe(2);
  });

  it('removes one product, or all of them', () => {
    const two = transferLines(withLine(1), { type: 'add', product: row({ productId: 'p2', sku: 'ZN-10' }) }).lines;
    expect(transferLines(two, { type: 'remove', productId: 'p1' }).lines.map((line) => line.productId)).toEqual(['p2']);
    expect(transferLines(two, { type: 'clear' }).lines).toEqual([]);
  });

  it('clamps and reads quantities on their own', () => {
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(-1, 5)).toBe(1);
    expect(typedTransferQuantity(' 3 ', 1, 5)).toBe(3);
    expect(typedTransferQuantity('9', 2, 5)).toBe(2);
  });
});
