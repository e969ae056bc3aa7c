import { describe, expect, it } from '@jest/globals';
import { permissionsFor } from './authorization';

describe('permissionsFor', () => {
  it('lets only administrators manage locations', () => {
    expect(permissionsFor('admin').canManageLocations).toBe(true);
    expect(permissionsFor('pharmacist').canManageLocations).toBe(false);
  });
});
