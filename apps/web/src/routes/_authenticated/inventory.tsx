import { createFileRoute } from '@tanstack/react-router';
import { InventoryPage } from '../../features/inventory/components/inventory-page';
import { inventorySearch } from '../../features/inventory/inventory-list';

export const Route = createFileRoute('/_authenticated/inventory')({
  // An unknown tab or value falls back to the default rather than failing the page.
  // No loader: each tab reads its own first page from the server (the whole tables are too big to prefetch).
  validateSearch: inventorySearch,
  component: InventoryRoute,
});

function InventoryRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <InventoryPage
      tab={tab ?? 'overview'}
      // Another tab's list starts afresh: its search, filters and page are not this one's.
      onTabChange={(next) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true })}
    />
  );
}
