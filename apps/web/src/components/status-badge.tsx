import { Badge } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages';

/** How one status looks: its colour and its words. */
export type StatusLook = Pick<ComponentProps<typeof Badge>, 'color' | 'variant'> & { label: { id: MessageId } };

/** A status as a badge, from the page's table of looks; a status the app does not know shows as it came. */
export function StatusBadge({ status, looks }: { status: string; looks: Readonly<Record<string, StatusLook>> }) {
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
