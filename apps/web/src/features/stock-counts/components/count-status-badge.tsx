import { StatusBadge, type StatusLook } from '../../../components/status-badge';

const looks: Record<string, StatusLook> = {
  open: { color: 'amber', variant: 'soft', label: { id: 'counts.status.open' } },
  posted: { color: 'green', variant: 'soft', label: { id: 'counts.status.posted' } },
  cancelled: { color: 'gray', variant: 'soft', label: { id: 'counts.status.cancelled' } },
};

/** Open, Posted or Cancelled; a status the app does not know shows as it came. */
export function CountStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} looks={looks} />;
}
