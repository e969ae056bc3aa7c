import { Card, Grid, Heading } from '@radix-ui/themes';
import type { ComponentType, SVGProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChartIcon, PlusIcon, ScanIcon, TransferIcon } from '../../../components/icons';
import type { MessageId } from '../../../i18n/messages';
import { usePermissions } from '../../../lib/authorization';
import { PageLinkButton } from './page-link-button';

interface QuickAction {
  key: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  label: { id: MessageId };
  /** Leads to recording something: not offered to those who change nothing (auditors). */
  writes: boolean;
}

// Specification §2: scan product → POS, add product → inventory, transfer stock → transfers, generate report → reports.
const actions: readonly QuickAction[] = [
  { key: 'scan', to: '/pos', icon: ScanIcon, label: { id: 'dashboard.quickActions.scan' }, writes: true },
  { key: 'add', to: '/inventory', icon: PlusIcon, label: { id: 'dashboard.quickActions.addProduct' }, writes: true },
  {
    key: 'transfer',
    to: '/transfers',
    icon: TransferIcon,
    label: { id: 'dashboard.quickActions.transfer' },
    writes: true,
  },
  { key: 'report', to: '/reports', icon: ChartIcon, label: { id: 'dashboard.quickActions.report' }, writes: false },
];

export function QuickActions() {
  const intl = useIntl();
  const { canWrite } = usePermissions();
  const offered = actions.filter((action) => canWrite || !action.writes);
  const headingId = 'dashboard-quick-actions';
  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="3" id={headingId}>
          <FormattedMessage id="dashboard.quickActions.title" />
        </Heading>
        <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3">
          {offered.map(({ key, to, icon: Icon, label }) => (
            <PageLinkButton key={key} target={{ to }} variant="soft" size="3" className="dashboard-quick-action">
              <Icon width={18} height={18} aria-hidden="true" />
              {intl.formatMessage(label)}
            </PageLinkButton>
          ))}
        </Grid>
      </section>
    </Card>
  );
}
