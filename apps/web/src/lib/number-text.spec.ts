import { describe, expect, it } from '@jest/globals';
import { batchInputSchema, validationMessages } from '@pharmacy/contracts';
import { textToNumber } from './number-text';

describe('textToNumber: a number box read as the JSON number a request needs', () => {
  it('reads a plain decimal, spaces around it ignored', () => {
    expect(textToNumber('12')).toBe(12);
    expect(textToNumber(' 7 ')).toBe(7);
    expect(textToNumber('-3')).toBe(-3);
    expect(textToNumber('007')).toBe(7);
    expect(textToNumber('2.5')).toBe(2.5);
    expect(textToNumber('.5')).toBe(0.5);
  });

  it('reads "-0" as 0, which the schemas accept (they refuse -0)', () => {
    expect(Object.is(textToNumber('-0'), 0)).toBe(true);
  });

  it('leaves a blank box undefined, so the field’s default or its required message applies', () => {
    expect(textToNumber('')).toBeUndefined();
    expect(textToNumber('   ')).toBeUndefined();
    expect(textToNumber(undefined)).toBeUndefined();
    expect(textToNumber(null)).toBeUndefined();
  });

  it('makes anything else NaN, never a number the user did not type', () => {
    for (const text of ['abc', '12abc', '1e3', '0x10', '+5', '1,000', '1.', '--1', 'Infinity', 'NaN', '٣']) {
      expect(textToNumber(text)).toBeNaN();
    }
  });

  it('passes a number through (react-hook-form’s starting values)', () => {
    expect(textToNumber(5)).toBe(5);
    expect(textToNumber(0)).toBe(0);
  });

  it('gives the request schema what it refuses with the field’s own message', () => {
    const batch = {
      productId: '7f0c7c1e-7a43-4f0f-9d3c-1c8c6f1f5a01',
      pharmacyId: '7f0c7c1e-7a43-4f0f-9d3c-1c8c6f1f5a02',
      batchNumber: 'B-1',
      expiryDate: '2099-01-01',
    };
    const quantityMessage = (text: string) =>
      batchInputSchema.safeParse({ ...batch, quantity: textToNumber(text) }).error?.issues[0]?.message;
    expect(batchInputSchema.parse({ ...batch, quantity: textToNumber(' 12 ') }).quantity).toBe(12);
    expect(quantityMessage('')).toBe(validationMessages.quantityPositive);
    expect(quantityMessage('abc')).toBe(validationMessages.quantityPositive);
    expect(quantityMessage('2.5')).toBe(validationMessages.wholeNumber);
  });
});
