import { describe, expect, it } from '@jest/globals';
import { validationMessages as m } from '@pharmacy/contracts';
import { emptyProductForm, productRequestBody, validateProductForm, type ProductFormValues } from './product-form';

const today = '2026-05-01';
const filled = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...emptyProductForm(),
  sku: 'IBU-400',
  name: 'Ibuprofen 400 mg',
  price: '4.5',
  ...changes,
});

describe('the product form’s request', () => {
  it('sends the counts typed as JSON numbers (the API refuses "20", issue 28)', () => {
    const result = validateProductForm(
      filled({ unitsPerPackage: '20', minStockLevel: ' 5 ', maxStockLevel: '500', initialQuantity: '0' }),
      'create',
      today,
    );
    expect(result).toMatchObject({
      ok: true,
      request: { unitsPerPackage: 20, minStockLevel: 5, maxStockLevel: 500, initialQuantity: 0, price: '4.50' },
    });
  });

  it('reads a blank count box as its default', () => {
    const body = productRequestBody(
      filled({ unitsPerPackage: '', minStockLevel: ' ', maxStockLevel: '', initialQuantity: '' }),
      'create',
    );
    expect(body).toMatchObject({ unitsPerPackage: 1, minStockLevel: 10, maxStockLevel: 1000, initialQuantity: 0 });
  });

  it('refuses what is not a count with the field’s own message', () => {
    const result = validateProductForm(filled({ unitsPerPackage: '2.5', minStockLevel: 'abc' }), 'edit', today);
    expect(result).toEqual({
      ok: false,
      errors: { unitsPerPackage: m.wholeNumber, minStockLevel: m.stockLevelNonNegative },
    });
  });
});
