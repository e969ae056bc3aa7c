export interface Permissions {
  /** Add, edit and delete pharmacy locations (specification §6: administrators only). */
  canManageLocations: boolean;
}

/**
 * The one place that decides what the current user may do; every admin-only
 * control asks here. Sign-in does not exist yet, so everyone is treated as an
 * administrator; the sign-in work will derive this from the current user's role.
 * It lives in `lib` (not a feature) because every feature consults it and
 * features must not import each other.
 */
export function usePermissions(): Permissions {
  return { canManageLocations: true };
}
