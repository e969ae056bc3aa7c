import { describe, expect, it } from '@jest/globals';
import { aProduct } from '../../../test/catalogue';
import { cartReducer, cartTotal, cashText, changeFor, sellingUnits, typedQuantity, type CartLine } from './cart';

const pills = aProduct({ id: 'p-pills', price: '4.99', salesUnit: 'pill', unitsPerPackage: 10 });
const boxes = aProduct({ id: 'p-box', price: '3.50', salesUnit: 'whole', unitsPerPackage: 1 });
const add = (lines: CartLine[], product = pills, quantity = 1, salesUnit: 'whole' | 'pill' = 'whole') =>
  cartReducer(lines, { type: 'add', product, quantity, salesUnit });

describe('the cart', () => {
  it('adds to the line of the same product and unit, and starts a new line for another unit', () => {
    let cart = add([], pills, 2);
    cart = add(cart, pills, 1);
    expect(cart.map((l) => [l.salesUnit, l.quantity])).toEqual([['whole', 3]]);
    cart = add(cart, pills, 4, 'pill');
    expect(cart.map((l) => [l.salesUnit, l.quantity, l.unitPrice])).toEqual([
      ['whole', 3, '4.99'],
      ['pill', 4, '0.499'],
    ]);
  });

  it('keeps a scanned batch on its own line', () => {
    let cart = add([], boxes, 1);
    cart = cartReducer(cart, {
      type: 'add',
      product: boxes,
      quantity: 1,
      salesUnit: 'whole',
      batch: { id: 'b1', number: 'LOT-1' },
    });
    expect(cart.map((l) => [l.batchNumber, l.quantity])).toEqual([
      [null, 1],
      ['LOT-1', 1],
    ]);
  });

  it('removes a line whose quantity reaches 0, never decreases below 1, and empties on Clear All', () => {
    const cart = add([], boxes, 1);
    const key = cart[0]!.key;
    expect(cartReducer(cart, { type: 'decrease', key })[0]!.quantity).toBe(1);
    expect(cartReducer(cartReducer(cart, { type: 'increase', key }), { type: 'increase', key })[0]!.quantity).toBe(3);
    expect(cartReducer(cart, { type: 'setQuantity', key, quantity: 0 })).toEqual([]);
    expect(cartReducer(cart, { type: 'setQuantity', key, quantity: -2 })).toEqual([]);
    expect(cartReducer(add(cart, pills), { type: 'clear' })).toEqual([]);
  });

  it('rounds typed quantities to whole numbers, at least 1', () => {
    expect(typedQuantity('2.6')).toBe(3);
    expect(typedQuantity('0')).toBe(1);
    expect(typedQuantity('-4')).toBe(1);
    expect(typedQuantity('abc')).toBe(1);
  });

  it('totals the lines exactly as the server will, and computes the change', () => {
    const cart = add(add(add([], pills, 3), pills, 3, 'pill'), boxes, 2);
    // 3 × 4.99 + 3 pills of 4.99/10 (1.497 → 1.50) + 2 × 3.50
    expect(cartTotal(cart)).toBe('23.47');
    expect(changeFor('23.47', '30')).toBe('6.53');
    expect(changeFor('23.47', '23.46')).toBeNull();
    expect(changeFor('23.47', 'x')).toBeNull();
    expect(cashText('30')).toBe('30.00');
    expect(cashText('30.5')).toBe('30.50');
  });

  it('offers the pack and the product’s own unit', () => {
    expect(sellingUnits(pills)).toEqual(['whole', 'pill']);
    expect(sellingUnits(boxes)).toEqual(['whole']);
  });
});
