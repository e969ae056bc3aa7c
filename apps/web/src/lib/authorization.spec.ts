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
      canAudit: true,
      canRunVerification: true,
      canWrite: true,
    });
  });

  it('gives pharmacists none of them: they record their pharmacy’s work and do not audit', () => {
    const { canWrite, ...rights } = permissionsFor('pharmacist');
    expect(canWrite).toBe(true);
    expect(Object.values(rights).every((allowed) => !allowed)).toBe(true);
  });

  it('lets auditors read the audit trail and change nothing, not even run the verification', () => {
    const { canAudit, ...rights } = permissionsFor('auditor');
    expect(canAudit).toBe(true);
    expect(Object.values(rights).every((allowed) => !allowed)).toBe(true);
  });
});
