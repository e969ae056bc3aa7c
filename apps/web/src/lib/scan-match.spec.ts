import { describe, expect, it } from '@jest/globals';
import { matchScan, type ScannableProduct } from './scan-match';

const products: ScannableProduct[] = [
  { sku: 'PAR-500', barcode: '5012345678900' },
  { sku: '42094043', barcode: null },
  { sku: 'IBU-200', barcode: 'INT-77' },
];

describe('matchScan', () => {
  it('finds a product by the GTIN of an EAN-13 or a GS1 code, with the batch and expiry the code carries', () => {
    expect(matchScan('5012345678900', products)).toEqual({
      kind: 'found',
      product: products[0],
      batch: null,
      expiryDate: null,
    });
    expect(matchScan('(01)05012345678900(17)270630(10)L-1', products, new Date('2026-01-01'))).toEqual({
      kind: 'found',
      product: products[0],
      batch: 'L-1',
      expiryDate: '2027-06-30',
    });
  });

  it('finds an internal code a plain Code 128 carries by its SKU or barcode, its identifier left aside', () => {
    // What the camera passes on for eight digits in a Code 128: not a GTIN (issue 28, item 13).
    expect(matchScan(']C042094043', products)).toEqual({
      kind: 'found',
      product: products[1],
      batch: null,
      expiryDate: null,
    });
    expect(matchScan(']C0int-77', products)).toMatchObject({ kind: 'found', product: products[2] });
    expect(matchScan(']C099999999', products)).toEqual({ kind: 'notFound', code: '99999999' });
  });
});
