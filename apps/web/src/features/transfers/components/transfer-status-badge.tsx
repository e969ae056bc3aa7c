import { StatusBadge, type StatusLook } from '../../../components/status-badge';

const looks: Record<string, StatusLook> = {
  pending: { color: 'amber', variant: 'soft', label: { id: 'transfers.status.pending' } },
  approved: { color: 'teal', variant: 'soft', label: { id: 'transfers.status.approved' } },
  completed: { color: 'green', variant: 'soft', label: { id: 'transfers.status.completed' } },
  cancelled: { color: 'red', variant: 'soft', label: { id: 'transfers.status.cancelled' } },
};

/** Specification 001 §4: Pending, Approved, Completed, Cancelled; a status the app does not know shows as it came. */
export function TransferStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} looks={looks} />;
}
