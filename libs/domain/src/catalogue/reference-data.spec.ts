import { describe, it } from '@jest/globals';
import { specFor } from '../shared/spec-helpers';
import { uniqueValueDecider } from '../uniqueness/unique-value';
import { categoryDecider, type CategoryEvent } from './category';
import { supplierDecider, type SupplierEvent } from './supplier';

const id = '66666666-6666-4666-8666-666666666666';

describe('category', () => {
  const given = specFor(categoryDecider);
  const details = { name: 'Analgesics', nameAr: 'مسكنات', description: null, descriptionAr: null };
  const created: CategoryEvent = { type: 'CategoryCreated', data: { categoryId: id, details } };

  it('is created, changed (only what changed) and deleted', () => {
    given().when({ type: 'CreateCategory', categoryId: id, details }).then([created]);
    given(created)
      .when({ type: 'ChangeCategoryDetails', categoryId: id, details: { ...details, description: 'Pain relief' } })
      .then([
        {
          type: 'CategoryDetailsChanged',
          data: { categoryId: id, changes: { description: 'Pain relief' }, previous: { description: null } },
        },
      ]);
    given(created)
      .when({ type: 'DeleteCategory', categoryId: id, productsUsingIt: 0 })
      .then([{ type: 'CategoryDeleted', data: { categoryId: id, name: 'Analgesics' } }]);
  });

  it('is not deleted while products use it', () => {
    given(created)
      .when({ type: 'DeleteCategory', categoryId: id, productsUsingIt: 2 })
      .thenRefuses({ kind: 'conflict', code: 'CATEGORY_IN_USE', message: /used by 2 product/ });
  });
});

describe('supplier', () => {
  const given = specFor(supplierDecider);
  const details = { name: 'MedSupply', contactPerson: null, phone: null, email: null, address: null, isActive: true };
  const registered: SupplierEvent = { type: 'SupplierRegistered', data: { supplierId: id, details } };

  it('is registered, deactivated, and refused deletion while named on products', () => {
    given().when({ type: 'RegisterSupplier', supplierId: id, details }).then([registered]);
    given(registered)
      .when({ type: 'ChangeSupplierDetails', supplierId: id, details: { ...details, isActive: false } })
      .then([
        {
          type: 'SupplierDetailsChanged',
          data: { supplierId: id, changes: { isActive: false }, previous: { isActive: true } },
        },
      ]);
    given(registered)
      .when({ type: 'DeleteSupplier', supplierId: id, productsUsingIt: 1 })
      .thenRefuses({ kind: 'conflict', code: 'SUPPLIER_IN_USE' });
    given()
      .when({ type: 'DeleteSupplier', supplierId: id, productsUsingIt: 0 })
      .thenRefuses({ kind: 'not_found', code: 'SUPPLIER_NOT_FOUND' });
  });
});

describe('unique value (SKU, barcode)', () => {
  const given = specFor(uniqueValueDecider);
  const claim = (ownerId: string, ownerIsGone = false) =>
    ({
      type: 'ClaimUniqueValue',
      kind: 'product-sku',
      value: 'PAR-500',
      ownerId,
      ownerIsGone,
      conflictMessage: 'SKU "PAR-500" is already used by another product.',
    }) as const;
  const claimed = {
    type: 'UniqueValueClaimed',
    data: { kind: 'product-sku', value: 'PAR-500', ownerId: 'a' },
  } as const;

  it('is claimed once; a second owner is refused with the message; the same owner again changes nothing', () => {
    given().when(claim('a')).then([claimed]);
    given(claimed).when(claim('b')).thenRefuses({
      kind: 'conflict',
      code: 'DUPLICATE_VALUE',
      message: 'SKU "PAR-500" is already used by another product.',
    });
    given(claimed).when(claim('a')).then([]);
  });

  it('can be released by its owner and then claimed by another, or taken over from an owner that is gone', () => {
    const released = {
      type: 'UniqueValueReleased',
      data: { kind: 'product-sku', value: 'PAR-500', ownerId: 'a' },
    } as const;
    given(claimed)
      .when({ type: 'ReleaseUniqueValue', kind: 'product-sku', value: 'PAR-500', ownerId: 'a' })
      .then([released]);
    given(claimed).when({ type: 'ReleaseUniqueValue', kind: 'product-sku', value: 'PAR-500', ownerId: 'b' }).then([]);
    given(claimed, released)
      .when(claim('b'))
      .then([{ ...claimed, data: { ...claimed.data, ownerId: 'b' } }]);
    given(claimed)
      .when(claim('b', true))
      .then([{ ...claimed, data: { ...claimed.data, ownerId: 'b' } }]);
  });
});
