import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';

type BadgeLook = Pick<ComponentProps<typeof Badge>, 'color' | 'variant'> & { label: { id: MessageId } };

const looks: Record<string, BadgeLook> = {
  open: { color: 'amber', variant: 'soft', label: { id: 'counts.status.open' } },
  posted: { color: 'green', variant: 'soft', label: { id: 'counts.status.posted' } },
  cancelled: { color: 'gray', variant: 'soft', label: { id: 'counts.status.cancelled' } },
};

/** Open, Posted or Cancelled; a status the app does not know shows as it came. */
export function CountStatusBadge({ status }: { status: string }) {
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
