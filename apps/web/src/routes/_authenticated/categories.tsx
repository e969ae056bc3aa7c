import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../features/reference-lists/components/categories-page';
import { permissionsFor } from '../../lib/authorization';
import { categoriesQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/categories')({
  loader: ({ context }) => {
    // Pharmacists get "Access Denied" without asking the server (which would refuse their changes anyway).
    if (!context.currentUser || !permissionsFor(context.currentUser.role).canManageCategories) return;
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
  },
  component: CategoriesPage,
});
