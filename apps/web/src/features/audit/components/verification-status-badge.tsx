import type { VerificationRun } from '@pharmacy/contracts';
import { StatusBadge, type StatusLook } from '../../../components/status-badge';

const looks: Readonly<Record<VerificationRun['status'], StatusLook>> = {
  never: { color: 'gray', variant: 'soft', label: { id: 'audit.verification.status.never' } },
  running: { color: 'teal', variant: 'soft', label: { id: 'audit.verification.status.running' } },
  ok: { color: 'green', variant: 'solid', label: { id: 'audit.verification.status.ok' } },
  differences: { color: 'red', variant: 'solid', label: { id: 'audit.verification.status.differences' } },
  failed: { color: 'red', variant: 'soft', label: { id: 'audit.verification.status.failed' } },
};

export function VerificationStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} looks={looks} />;
}
