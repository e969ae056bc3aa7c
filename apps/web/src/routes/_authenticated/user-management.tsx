import { createFileRoute } from '@tanstack/react-router';
import { adminUserPageQueryOptions } from '../../features/users/api/get-admin-users';
import { UserManagementPage } from '../../features/users/components/user-management-page';
import { userListRequest, userListSearch } from '../../features/users/user-list';
import { permissionsFor } from '../../lib/authorization';
import { pharmaciesQueryOptions } from '../../lib/pharmacies';

export const Route = createFileRoute('/_authenticated/user-management')({
  validateSearch: userListSearch,
  loaderDeps: ({ search }) => userListRequest(search),
  loader: ({ context, deps }) => {
    // Pharmacists get "Access Denied" without asking the server (which would refuse them anyway).
    if (!context.currentUser || !permissionsFor(context.currentUser.role).canManageUsers) return;
    void context.queryClient.prefetchQuery(adminUserPageQueryOptions(deps));
    void context.queryClient.prefetchQuery(pharmaciesQueryOptions());
  },
  component: UserManagementPage,
});
