import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { inventoryTabs } from '../../features/inventory/inventory-tabs';

export const Route = createFileRoute('/_authenticated/inventory')({
  // An unknown tab falls back to the default rather than failing the page.
  // No loader: each tab reads its own first page from the server (the whole tables are too big to prefetch).
  validateSearch: z.object({ tab: z.enum(inventoryTabs).optional().catch(undefined) }),
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
