import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PosPage } from '../../features/pos/components/pos-page';

export const Route = createFileRoute('/_authenticated/pos')({
  // `?sale=<id>` opens that sale (its receipt and returns), e.g. from the dashboard's recent sales.
  validateSearch: z.object({ sale: z.string().uuid().optional().catch(undefined) }),
  component: PosRoute,
});

function PosRoute() {
  const { sale } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PosPage
      openSaleId={sale}
      onSaleOpened={(id) => void navigate({ search: { sale: id ?? undefined }, replace: true })}
    />
  );
}
