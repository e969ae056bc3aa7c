import { createContext, use, type ReactNode } from 'react';

/** Specification §6, and the auditor (issue 11): reads everything, changes nothing. */
export type Role = 'admin' | 'pharmacist' | 'auditor';

export interface Permissions {
  /** Add, edit and delete pharmacy locations. */
  canManageLocations: boolean;
  /** The user management page and its sidebar entry. */
  canManageUsers: boolean;
  canManageCategories: boolean;
  canManageSuppliers: boolean;
  canDeleteProducts: boolean;
  /** Change the installation's System and Notifications settings (everyone may read them). */
  canManageSystemSettings: boolean;
  /** The Audit screen: event browser, stock card, as-of stock, period report, verification. */
  canAudit: boolean;
  /** Run the read-model verification now (administrators). */
  canRunVerification: boolean;
  /** May record anything at all (sell, receive, adjust, transfer, edit). Auditors may not. */
  canWrite: boolean;
}

/** The one place that decides what a role may do; every admin-only control asks `usePermissions`. */
export function permissionsFor(role: Role): Permissions {
  const isAdmin = role === 'admin';
  return {
    canManageLocations: isAdmin,
    canManageUsers: isAdmin,
    canManageCategories: isAdmin,
    canManageSuppliers: isAdmin,
    canDeleteProducts: isAdmin,
    canManageSystemSettings: isAdmin,
    canAudit: isAdmin || role === 'auditor',
    canRunVerification: isAdmin,
    canWrite: role !== 'auditor',
  };
}

// The signed-in shell provides the user's role. Outside it (or if a screen is ever
// rendered without it) the least privileged role applies, so a missing provider
// hides controls rather than showing them. The server enforces roles on its own;
// this only decides which controls to show.
const RoleContext = createContext<Role>('pharmacist');

export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext value={role}>{children}</RoleContext>;
}

// Lives in `lib`, not in a feature, because every feature consults it and features do not import each other.
export function usePermissions(): Permissions {
  return permissionsFor(use(RoleContext));
}

export function useRole(): Role {
  return use(RoleContext);
}
