import { createFileRoute } from '@tanstack/react-router';
import { SuppliersPage } from '../../features/reference-lists/components/suppliers-page';
import { permissionsFor } from '../../lib/authorization';
import { suppliersQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/suppliers')({
  loader: ({ context }) => {
    // Pharmacists get "Access Denied" without asking the server (which would refuse their changes anyway).
    if (!context.currentUser || !permissionsFor(context.currentUser.role).canManageSuppliers) return;
    void context.queryClient.prefetchQuery(suppliersQueryOptions());
  },
  component: SuppliersPage,
});
