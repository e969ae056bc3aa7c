import type { CurrentUser } from '@pharmacy/contracts';
import { permissionsFor } from '../../../lib/authorization';
import { useBackgroundSaleSync } from '../offline/use-background-sale-sync';

/**
 * Issue 15: the offline sales this browser keeps for the signed-in user are
 * sent from any screen, not only from the point of sale. Shows nothing. Only
 * for those who sell (not auditors), and only their own sales.
 */
export function OfflineSaleSync({ user }: { user: Pick<CurrentUser, 'id' | 'role' | 'currentPharmacyId'> }) {
  return permissionsFor(user.role).canWrite ? (
    <BackgroundSaleSync userId={user.id} pharmacyId={user.currentPharmacyId} />
  ) : null;
}

function BackgroundSaleSync({ userId, pharmacyId }: { userId: string; pharmacyId: string | null }) {
  useBackgroundSaleSync({ userId, pharmacyId });
  return null;
}
