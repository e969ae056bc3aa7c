import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { inventoryTabs } from '../../features/inventory/inventory-tabs';
import { inventoryQueryOptions, productsQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/inventory')({
  // An unknown tab falls back to the default rather than failing the page.
  validateSearch: z.object({ tab: z.enum(inventoryTabs).optional().catch(undefined) }),
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(productsQueryOptions());
    void context.queryClient.prefetchQuery(inventoryQueryOptions());
  },
  component: InventoryRoute,
});

function InventoryRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InventoryPage
      tab={tab ?? 'overview'}
      onTabChange={(next) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })}
    />
  );
}
