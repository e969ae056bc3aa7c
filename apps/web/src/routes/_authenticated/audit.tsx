import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { auditTabs } from '../../features/audit/audit-tabs';
import { AuditPage } from '../../features/audit/components/audit-page';
import { auditUsersQueryOptions, verificationQueryOptions } from '../../features/audit/api/audit';
import { permissionsFor } from '../../lib/authorization';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/audit')({
  // An unknown tab falls back to the default rather than failing the page.
  validateSearch: z.object({ tab: z.enum(auditTabs).optional().catch(undefined) }),
  loader: ({ context }) => {
    // Pharmacists get "Access Denied" without asking the server (which would refuse them anyway).
    if (!context.currentUser || !permissionsFor(context.currentUser.role).canAudit) return;
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
    void context.queryClient.prefetchQuery(verificationQueryOptions());
    void context.queryClient.prefetchQuery(auditUsersQueryOptions());
  },
  component: AuditRoute,
});

function AuditRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditPage
      tab={tab ?? 'events'}
      onTabChange={(next) => void navigate({ search: { tab: next === 'events' ? undefined : next }, replace: true })}
    />
  );
}
