import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { productRegistered } from '../testing/events';
import { projectionSpec, SPEC_USER, specTime, type SpecEvent } from '../testing/projection-spec';
import { catalogueProjection } from './catalogue.projection';

/** Categories, suppliers, products and their price and commission histories. */
const CATEGORY = randomUUID();
const SUPPLIER = randomUUID();
const PRODUCT = randomUUID();
const PHARMACIST = randomUUID();

const categoryCreated: SpecEvent = {
  type: 'CategoryCreated',
  data: {
    categoryId: CATEGORY,
    details: { name: 'Pain relief', nameAr: 'مسكنات', description: null, descriptionAr: null },
  },
};
const supplierRegistered: SpecEvent = {
  type: 'SupplierRegistered',
  data: {
    supplierId: SUPPLIER,
    details: {
      name: 'Hikma',
      contactPerson: 'Rania',
      phone: null,
      email: 'orders@hikma.example',
      address: null,
      isActive: true,
    },
  },
};

describe('the catalogue projection', () => {
  const spec = projectionSpec(catalogueProjection);

  it('keeps categories: created, renamed, deleted', async () => {
    const other = randomUUID();
    const renamed = spec
      .given(categoryCreated, {
        type: 'CategoryCreated',
        data: {
          categoryId: other,
          details: { name: 'Vitamins', nameAr: null, description: null, descriptionAr: null },
        },
      })
      .when(
        {
          type: 'CategoryDetailsChanged',
          data: { categoryId: CATEGORY, changes: { description: 'Analgesics' }, previous: { description: null } },
        },
        { type: 'CategoryDeleted', data: { categoryId: other, name: 'Vitamins' } },
      );
    await renamed.then('categories', [
      {
        id: CATEGORY,
        name: 'Pain relief',
        nameAr: 'مسكنات',
        description: 'Analgesics',
        createdAt: specTime(0),
        updatedAt: specTime(2),
      },
    ]);
  });

  it('keeps suppliers: registered, changed, deleted', () =>
    spec
      .given(supplierRegistered)
      .when({
        type: 'SupplierDetailsChanged',
        data: { supplierId: SUPPLIER, changes: { isActive: false, phone: '0790000000' }, previous: { isActive: true } },
      })
      .then('suppliers', [
        { id: SUPPLIER, name: 'Hikma', contactPerson: 'Rania', phone: '0790000000', isActive: false },
      ]));

  it('removes a deleted supplier', () =>
    spec
      .given(supplierRegistered)
      .when({ type: 'SupplierDeleted', data: { supplierId: SUPPLIER, name: 'Hikma' } })
      .then('suppliers', []));

  it('adds a registered product with its search text, version 1, and the first price and commission in their histories', async () => {
    const registered = spec.given(categoryCreated).when({
      ...productRegistered(PRODUCT, { details: { categoryId: CATEGORY, supplierId: SUPPLIER } }),
      metadata: { userId: PHARMACIST },
    });
    await registered.then('products', [
      {
        id: PRODUCT,
        sku: 'PARA-500',
        name: 'Paracetamol 500 mg',
        categoryId: CATEGORY,
        supplierId: SUPPLIER,
        price: '12.50',
        cost: '8.00',
        commissionRate: '5.00',
        commissionEnabled: true,
        isActive: true,
        searchText: 'paracetamol 500 mg باراسيتامول 500 ملغ paracetamol panadol para-500 6251234567892',
        version: 1,
        createdAt: specTime(1),
        updatedAt: specTime(1),
      },
    ]);
    await registered.then('productPriceHistory', [
      {
        productId: PRODUCT,
        position: '2',
        price: '12.50',
        cost: '8.00',
        effectiveAt: specTime(1),
        changedBy: PHARMACIST,
      },
    ]);
    await registered.then('productCommissionHistory', [
      {
        productId: PRODUCT,
        position: '2',
        commissionRate: '5.00',
        commissionEnabled: true,
        effectiveDate: specTime(1),
        changedBy: PHARMACIST,
        reason: null,
      },
    ]);
  });

  it('changes details and searches the new names; each change moves the version on', () =>
    spec
      .given(productRegistered(PRODUCT))
      .when(
        {
          type: 'ProductDetailsChanged',
          data: {
            productId: PRODUCT,
            changes: { name: 'Adol 500 mg', brand: 'Adol', shelfLocation: 'Aisle 3' },
            previous: { name: 'Paracetamol 500 mg', brand: 'Panadol', shelfLocation: null },
          },
        },
        { type: 'ProductDeactivated', data: { productId: PRODUCT } },
      )
      .then('products', [
        {
          id: PRODUCT,
          name: 'Adol 500 mg',
          brand: 'Adol',
          shelfLocation: 'Aisle 3',
          isActive: false,
          searchText: 'adol 500 mg باراسيتامول 500 ملغ paracetamol adol para-500 6251234567892',
          version: 3,
          updatedAt: specTime(2),
        },
      ]));

  it('records each price and commission change as a fact with who and when, and the product shows the latest', async () => {
    const changed = spec.given(productRegistered(PRODUCT)).when(
      {
        type: 'ProductPriceChanged',
        data: { productId: PRODUCT, price: '13.75', cost: null, previousPrice: '12.50', previousCost: '8.00' },
        metadata: { userId: PHARMACIST },
      },
      {
        type: 'ProductCommissionChanged',
        data: {
          productId: PRODUCT,
          commissionRate: '0.00',
          commissionEnabled: false,
          previousRate: '5.00',
          previousEnabled: true,
          reason: 'Generic now',
        },
      },
      { type: 'ProductActivated', data: { productId: PRODUCT } },
    );
    await changed.then('products', [
      { id: PRODUCT, price: '13.75', cost: null, commissionRate: '0.00', commissionEnabled: false, version: 4 },
    ]);
    await changed.then('productPriceHistory', [
      { position: '1', price: '12.50', cost: '8.00', changedBy: SPEC_USER },
      { position: '2', price: '13.75', cost: null, effectiveAt: specTime(1), changedBy: PHARMACIST },
    ]);
    await changed.then('productCommissionHistory', [
      { position: '1', commissionRate: '5.00', commissionEnabled: true, reason: null },
      {
        position: '3',
        commissionRate: '0.00',
        commissionEnabled: false,
        reason: 'Generic now',
        effectiveDate: specTime(2),
      },
    ]);
  });

  it('removes a deleted product and keeps its price history', async () => {
    const deleted = spec.given(productRegistered(PRODUCT)).when({
      type: 'ProductDeleted',
      data: { productId: PRODUCT, sku: 'PARA-500', barcode: '6251234567892', name: 'Paracetamol 500 mg' },
    });
    await deleted.then('products', []);
    await deleted.then('productPriceHistory', [{ productId: PRODUCT, price: '12.50' }]);
  });

  it('rebuilds the same rows as the projector wrote', () =>
    spec
      .given(categoryCreated, supplierRegistered, productRegistered(PRODUCT, { details: { categoryId: CATEGORY } }))
      .when(
        {
          type: 'ProductPriceChanged',
          data: { productId: PRODUCT, price: '11.00', cost: '7.50', previousPrice: '12.50', previousCost: '8.00' },
        },
        {
          type: 'ProductDetailsChanged',
          data: { productId: PRODUCT, changes: { nameAr: 'أدول' }, previous: { nameAr: 'باراسيتامول ٥٠٠ ملغ' } },
        },
        productRegistered(randomUUID(), { details: { sku: 'IBU-200', barcode: null, name: 'Ibuprofen 200 mg' } }),
        { type: 'CategoryDetailsChanged', data: { categoryId: CATEGORY, changes: { nameAr: 'مسكن' }, previous: {} } },
      )
      .thenRebuildMatchesLive());
});
