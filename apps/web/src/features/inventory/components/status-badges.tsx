import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import type { BatchStatus, TrackingStatus } from '../utils/batch-status';
import type { StockStatus } from '../utils/stock-overview';

type BadgeLook = Pick<ComponentProps<typeof Badge>, 'color' | 'variant'>;

// Specification 001 §4: Expires Soon destructive, Expiring secondary, Good outline.
const batchLooks: Record<BatchStatus, BadgeLook & { label: { id: MessageId } }> = {
  expired: { color: 'red', variant: 'solid', label: { id: 'inventory.status.expired' } },
  expiresSoon: { color: 'red', variant: 'soft', label: { id: 'inventory.status.expiresSoon' } },
  expiring: { color: 'gray', variant: 'soft', label: { id: 'inventory.status.expiring' } },
  good: { color: 'teal', variant: 'outline', label: { id: 'inventory.status.good' } },
};

export const trackingLooks: Record<TrackingStatus, BadgeLook & { label: { id: MessageId } }> = {
  expired: { color: 'red', variant: 'solid', label: { id: 'inventory.tracking.status.expired' } },
  critical: { color: 'red', variant: 'soft', label: { id: 'inventory.tracking.status.critical' } },
  expiresSoon: { color: 'amber', variant: 'soft', label: { id: 'inventory.tracking.status.expiresSoon' } },
  expiring: { color: 'gray', variant: 'soft', label: { id: 'inventory.tracking.status.expiring' } },
  good: { color: 'green', variant: 'soft', label: { id: 'inventory.tracking.status.good' } },
};

const stockLooks: Record<StockStatus, BadgeLook & { label: { id: MessageId } }> = {
  outOfStock: { color: 'red', variant: 'soft', label: { id: 'inventory.overview.status.outOfStock' } },
  lowStock: { color: 'amber', variant: 'soft', label: { id: 'inventory.overview.status.lowStock' } },
  inStock: { color: 'green', variant: 'soft', label: { id: 'inventory.overview.status.inStock' } },
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { label, ...look } = batchLooks[status];
  return (
    <Badge {...look}>
      <FormattedMessage {...label} />
    </Badge>
  );
}

export function TrackingStatusBadge({ status }: { status: TrackingStatus }) {
  const { label, ...look } = trackingLooks[status];
  return (
    <Badge {...look}>
      <FormattedMessage {...label} />
    </Badge>
  );
}

export function StockStatusBadge({ status }: { status: StockStatus }) {
  const { label, ...look } = stockLooks[status];
  return (
    <Badge {...look}>
      <FormattedMessage {...label} />
    </Badge>
  );
}
