import { describe, expect, it } from '@jest/globals';
import { aProduct } from '../../../test/catalogue';
import { filterProducts } from './filter-products';

const products = [
  aProduct({ id: '1', name: 'Paracetamol 500 mg', nameAr: 'باراسيتامول', sku: 'PAR-500', barcode: '5012345678900' }),
  aProduct({
    id: '2',
    name: 'Amoxicillin 250 mg',
    nameAr: 'أموكسيسيلين',
    sku: 'AMX-250',
    barcode: null,
    genericName: 'Amoxicillin',
  }),
];

describe('filterProducts', () => {
  it('finds a name in either language, a SKU or a barcode, ignoring case', () => {
    const ids = (query: string) => filterProducts(products, query, 'en').map((product) => product.id);
    expect(ids('paracet')).toEqual(['1']);
    expect(ids('أموكسي')).toEqual(['2']);
    expect(ids('amx-')).toEqual(['2']);
    expect(ids('50123456')).toEqual(['1']);
    expect(ids('nothing')).toEqual([]);
  });

  it('orders by the name the reader sees', () => {
    expect(filterProducts(products, '', 'en').map((product) => product.id)).toEqual(['2', '1']);
    expect(filterProducts(products, ' ', 'ar').map((product) => product.id)).toEqual(['2', '1']);
  });
});
