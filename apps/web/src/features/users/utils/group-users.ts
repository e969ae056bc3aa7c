import type { AdminUserRow, Role } from '@pharmacy/contracts';

export interface PharmacyAccess {
  pharmacyId: string;
  pharmacyName: string;
}

export interface ManagedUser {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  profileImageUrl: string | null;
  pharmacies: PharmacyAccess[];
}

/**
 * Specification 001 §3: the admin list arrives as one row per (user, assignment);
 * a user without any has a single row with no pharmacy. Users keep the server's
 * order; withdrawn assignments (`isAssignmentActive: false`) are not access.
 */
export function groupUserRows(rows: readonly AdminUserRow[]): ManagedUser[] {
  const users = new Map<string, ManagedUser>();
  for (const row of rows) {
    let user = users.get(row.userId);
    if (!user) {
      user = {
        userId: row.userId,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        profileImageUrl: row.profileImageUrl,
        pharmacies: [],
      };
      users.set(row.userId, user);
    }
    const active = row.isAssignmentActive !== false;
    if (row.pharmacyId && active && !user.pharmacies.some((access) => access.pharmacyId === row.pharmacyId)) {
      user.pharmacies.push({ pharmacyId: row.pharmacyId, pharmacyName: row.pharmacyName ?? row.pharmacyId });
    }
  }
  return [...users.values()];
}
