import { createContext, use, type ReactNode } from 'react';

/** Specification §6. */
export type Role = 'admin' | 'pharmacist';

export interface Permissions {
  /** Add, edit and delete pharmacy locations: administrators only. */
  canManageLocations: boolean;
}

/** The one place that decides what a role may do; every admin-only control asks `usePermissions`. */
export function permissionsFor(role: Role): Permissions {
  return { canManageLocations: role === 'admin' };
}

// Sign-in does not exist yet, so until it supplies the signed-in user's role through
// <RoleProvider>, everyone is treated as an administrator. The server enforces roles
// on its own; this only decides which controls to show.
const RoleContext = createContext<Role>('admin');

export function RoleProvider({ role, children }: { role: Role; children: ReactNode }) {
  return <RoleContext value={role}>{children}</RoleContext>;
}

// Lives in `lib`, not in a feature, because every feature consults it and features do not import each other.
export function usePermissions(): Permissions {
  return permissionsFor(use(RoleContext));
}
