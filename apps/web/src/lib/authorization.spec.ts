import { describe, expect, it } from '@jest/globals';
import { permissionsFor } from './authorization';

describe('permissionsFor', () => {
  it('gives administrators every management right', () => {
    expect(permissionsFor('admin')).toEqual({
      canManageLocations: true,
      canManageUsers: true,
      canManageCategories: true,
      canManageSuppliers: true,
      canDeleteProducts: true,
      canManageSystemSettings: true,
    });
  });

  it('gives pharmacists none of them', () => {
    expect(Object.values(permissionsFor('pharmacist')).every((allowed) => !allowed)).toBe(true);
  });
});
