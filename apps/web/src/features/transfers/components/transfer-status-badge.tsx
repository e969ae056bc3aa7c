import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

type BadgeLook = Pick<ComponentProps<typeof Badge>, 'color' | 'variant'> & { label: { id: MessageId } };

const looks: Record<string, BadgeLook> = {
  pending: { color: 'amber', variant: 'soft', label: { id: 'transfers.status.pending' } },
  approved: { color: 'teal', variant: 'soft', label: { id: 'transfers.status.approved' } },
  completed: { color: 'green', variant: 'soft', label: { id: 'transfers.status.completed' } },
  cancelled: { color: 'red', variant: 'soft', label: { id: 'transfers.status.cancelled' } },
};

/** Specification 001 §4: Pending, Approved, Completed, Cancelled; a status the app does not know shows as it came. */
export function TransferStatusBadge({ status }: { status: string }) {
  const look = Object.hasOwn(looks, status) ? looks[status] : undefined;
  if (!look) {
    return (
      <Badge color="gray" variant="soft">
        <bdi>{status}</bdi>
      </Badge>
    );
  }
  const { label, ...badge } = look;
  return (
    <Badge {...badge}>
      <FormattedMessage {...label} />
    </Badge>
  );
}
