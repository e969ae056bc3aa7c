import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import type { ExpiryStatus } from '../utils/expiry';

type BadgeLook = Pick<ComponentProps<typeof Badge>, 'color' | 'variant'> & { label: { id: MessageId } };

export const expiryStatusLooks: Record<ExpiryStatus, BadgeLook> = {
  expired: { color: 'red', variant: 'solid', label: { id: 'expiry.status.expired' } },
  critical: { color: 'red', variant: 'soft', label: { id: 'expiry.status.critical' } },
  high: { color: 'orange', variant: 'soft', label: { id: 'expiry.status.high' } },
  monitor: { color: 'gray', variant: 'soft', label: { id: 'expiry.status.monitor' } },
};

/** Specification 001 §4: Expired, Critical, High Priority or Monitor by the days left. */
export function ExpiryStatusBadge({ status }: { status: ExpiryStatus }) {
  const { label, ...look } = expiryStatusLooks[status];
  return (
    <Badge {...look} data-status={status}>
      <FormattedMessage {...label} />
    </Badge>
  );
}
