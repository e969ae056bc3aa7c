import { describe, it } from '@jest/globals';
import { specFor } from '../shared/spec-helpers';
import { productDecider, type ProductEvent, type ProductSnapshot } from './product';

const productId = '22222222-2222-4222-8222-222222222222';
const given = specFor(productDecider);
const product: ProductSnapshot = {
  details: {
    sku: 'PAR-500',
    barcode: '5012345678900',
    name: 'Paracetamol 500 mg',
    nameAr: 'باراسيتامول ٥٠٠ ملغ',
    description: null,
    descriptionAr: null,
    brand: 'Panadol',
    genericName: 'Paracetamol',
    genericNameAr: 'باراسيتامول',
    categoryId: null,
    supplierId: null,
    salesUnit: 'whole',
    unitsPerPackage: 24,
    minStockLevel: 10,
    maxStockLevel: 1000,
    requiresPrescription: false,
    shelfLocation: null,
  },
  pricing: { price: '2.50', cost: '1.10' },
  commission: { commissionRate: '0.00', commissionEnabled: false },
  isActive: true,
};
const registered: ProductEvent = { type: 'ProductRegistered', data: { productId, ...product } };

describe('product', () => {
  it('registers a product', () => {
    given().when({ type: 'RegisterProduct', productId, product }).then([registered]);
  });

  it('refuses a maximum stock below the minimum', () => {
    given()
      .when({
        type: 'RegisterProduct',
        productId,
        product: { ...product, details: { ...product.details, minStockLevel: 50, maxStockLevel: 10 } },
      })
      .thenRefuses({ kind: 'invalid', code: 'STOCK_LEVELS_INVALID' });
  });

  it('splits an update into details, price, commission and activity facts', () => {
    given(registered)
      .when({
        type: 'UpdateProduct',
        productId,
        expectedVersion: 1,
        commissionReason: 'Winter campaign',
        product: {
          details: { ...product.details, name: 'Paracetamol 500mg tablets' },
          pricing: { price: '2.75', cost: '1.10' },
          commission: { commissionRate: '5.00', commissionEnabled: true },
          isActive: false,
        },
      })
      .then([
        {
          type: 'ProductDetailsChanged',
          data: { productId, changes: { name: 'Paracetamol 500mg tablets' }, previous: { name: 'Paracetamol 500 mg' } },
        },
        {
          type: 'ProductPriceChanged',
          data: { productId, price: '2.75', cost: '1.10', previousPrice: '2.50', previousCost: '1.10' },
        },
        {
          type: 'ProductCommissionChanged',
          data: {
            productId,
            commissionRate: '5.00',
            commissionEnabled: true,
            previousRate: '0.00',
            previousEnabled: false,
            reason: 'Winter campaign',
          },
        },
        { type: 'ProductDeactivated', data: { productId } },
      ]);
  });

  it('writes nothing for an update that changes nothing', () => {
    given(registered).when({ type: 'UpdateProduct', productId, product, expectedVersion: null }).then([]);
  });

  it('refuses an edit made on an older version of the product', () => {
    const renamed: ProductEvent = {
      type: 'ProductDetailsChanged',
      data: { productId, changes: { name: 'Renamed' }, previous: { name: 'Paracetamol 500 mg' } },
    };
    given(registered, renamed)
      .when({ type: 'UpdateProduct', productId, product, expectedVersion: 1 })
      .thenRefuses({ kind: 'conflict', code: 'STALE_EDIT', message: /changed by someone else/ });
    given(registered, renamed)
      .when({ type: 'UpdateProduct', productId, product, expectedVersion: 2 })
      .then([
        {
          type: 'ProductDetailsChanged',
          data: { productId, changes: { name: 'Paracetamol 500 mg' }, previous: { name: 'Renamed' } },
        },
      ]);
  });

  it('deletes a product (once the pharmacies have withdrawn it: see the stock decider)', () => {
    given(registered)
      .when({ type: 'DeleteProduct', productId })
      .then([
        {
          type: 'ProductDeleted',
          data: { productId, sku: 'PAR-500', barcode: '5012345678900', name: 'Paracetamol 500 mg' },
        },
      ]);
  });

  it('answers not found for a deleted or unknown product', () => {
    const deleted: ProductEvent = {
      type: 'ProductDeleted',
      data: { productId, sku: 'PAR-500', barcode: null, name: 'x' },
    };
    given(registered, deleted)
      .when({ type: 'UpdateProduct', productId, product, expectedVersion: null })
      .thenRefuses({ kind: 'not_found', code: 'PRODUCT_NOT_FOUND' });
    given().when({ type: 'DeleteProduct', productId }).thenRefuses({ kind: 'not_found', code: 'PRODUCT_NOT_FOUND' });
  });
});
