import { describe, expect, it } from '@jest/globals';
import type { AdminUserRow } from '@pharmacy/contracts';
import { groupUserRows } from './group-users';

const row = (overrides: Partial<AdminUserRow>): AdminUserRow => ({
  userId: 'u1',
  email: 'layla@pharmacy.example',
  firstName: 'Layla',
  lastName: 'Haddad',
  role: 'pharmacist',
  profileImageUrl: null,
  pharmacyId: null,
  pharmacyName: null,
  isAssignmentActive: null,
  ...overrides,
});

describe('groupUserRows', () => {
  it('makes one user per id with every active assignment, in the order the server sent', () => {
    const users = groupUserRows([
      row({
        userId: 'u2',
        email: 'omar@pharmacy.example',
        pharmacyId: 'p1',
        pharmacyName: 'Downtown',
        isAssignmentActive: true,
      }),
      row({ userId: 'u1', pharmacyId: 'p1', pharmacyName: 'Downtown', isAssignmentActive: true }),
      row({
        userId: 'u2',
        email: 'omar@pharmacy.example',
        pharmacyId: 'p2',
        pharmacyName: 'Airport',
        isAssignmentActive: true,
      }),
    ]);
    expect(users.map((user) => user.userId)).toEqual(['u2', 'u1']);
    expect(users[0]?.pharmacies).toEqual([
      { pharmacyId: 'p1', pharmacyName: 'Downtown' },
      { pharmacyId: 'p2', pharmacyName: 'Airport' },
    ]);
    expect(users[1]?.pharmacies).toEqual([{ pharmacyId: 'p1', pharmacyName: 'Downtown' }]);
  });

  it('gives a user without assignments (one row, no pharmacy) an empty list', () => {
    const [user] = groupUserRows([row({ role: 'admin' })]);
    expect(user).toMatchObject({ userId: 'u1', role: 'admin', pharmacies: [] });
  });

  it('leaves out withdrawn assignments and repeated rows', () => {
    const [user] = groupUserRows([
      row({ pharmacyId: 'p1', pharmacyName: 'Downtown', isAssignmentActive: false }),
      row({ pharmacyId: 'p2', pharmacyName: 'Airport', isAssignmentActive: true }),
      row({ pharmacyId: 'p2', pharmacyName: 'Airport', isAssignmentActive: true }),
    ]);
    expect(user?.pharmacies).toEqual([{ pharmacyId: 'p2', pharmacyName: 'Airport' }]);
  });
});
