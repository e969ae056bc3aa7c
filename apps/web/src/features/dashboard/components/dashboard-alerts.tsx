import { Callout, Flex, IconButton, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ClockIcon, CloseIcon, WarningIcon } from '../../../components/icons';
import { useExpiringSummary, useLowStockCount } from '../api/dashboard-reads';
import { useDismissedAlerts } from '../hooks/use-dismissed-alerts';
import { EXPIRY_ALERT_DAYS } from '../utils/constants';
import { PageLinkButton, type PageTarget } from './page-link-button';
import { WidgetError } from './widget-error';

interface AlertProps {
  color: 'amber' | 'red';
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  action: ReactNode;
  target: PageTarget;
  fallback?: PageTarget;
  dismissLabel: string;
  onDismiss(): void;
}

function DashboardAlert({
  color,
  icon,
  title,
  children,
  action,
  target,
  fallback,
  dismissLabel,
  onDismiss,
}: AlertProps) {
  return (
    <Callout.Root color={color} role="status" className="dashboard-alert">
      <Callout.Icon>{icon}</Callout.Icon>
      <Flex direction={{ initial: 'column', sm: 'row' }} align={{ initial: 'start', sm: 'center' }} gap="3">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text weight="bold" size="2">
            {title}
          </Text>
          <Callout.Text>{children}</Callout.Text>
        </Flex>
        <Flex gap="2" align="center">
          <PageLinkButton size="1" variant="solid" color={color} target={target} fallback={fallback}>
            {action}
          </PageLinkButton>
          <IconButton size="1" variant="ghost" color="gray" aria-label={dismissLabel} onClick={onDismiss}>
            <CloseIcon />
          </IconButton>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}

/**
 * Specification §2: a low-stock alert while products are low, an expiry alert
 * while batches expire within 30 days; each can be dismissed for the session.
 * The low-stock count also has a metric card, which reports that read's failure;
 * the expiring read feeds only this alert, so its failure is reported here.
 */
export function DashboardAlerts({ pharmacyId }: { pharmacyId: string | null }) {
  const intl = useIntl();
  // Counts only: the server counts the products and batches, the dashboard does not read the lists.
  const lowStock = useLowStockCount(pharmacyId);
  const expiring = useExpiringSummary(pharmacyId);
  const { isDismissed, dismiss } = useDismissedAlerts();
  const lowStockCount = lowStock.data?.total ?? 0;
  const expiringCount = expiring.data?.total ?? 0;

  const alerts: ReactNode[] = [];
  if (lowStockCount > 0 && !isDismissed('lowStock')) {
    alerts.push(
      <DashboardAlert
        key="lowStock"
        color="amber"
        icon={<WarningIcon />}
        title={<FormattedMessage id="dashboard.alert.lowStock.title" />}
        action={<FormattedMessage id="dashboard.alert.lowStock.action" />}
        target={{ to: '/inventory' }}
        dismissLabel={intl.formatMessage({ id: 'dashboard.alert.lowStock.dismiss' })}
        onDismiss={() => dismiss('lowStock')}
      >
        <FormattedMessage id="dashboard.alert.lowStock.description" values={{ count: lowStockCount }} />
      </DashboardAlert>,
    );
  }
  if (expiring.isError) {
    alerts.push(
      <WidgetError key="expiringError" queries={[expiring]}>
        <FormattedMessage id="dashboard.error.expiring" />
      </WidgetError>,
    );
  } else if (expiringCount > 0 && !isDismissed('expiry')) {
    alerts.push(
      <DashboardAlert
        key="expiry"
        color="red"
        icon={<ClockIcon />}
        title={<FormattedMessage id="dashboard.alert.expiry.title" />}
        action={<FormattedMessage id="dashboard.alert.expiry.action" />}
        target={{ to: '/expiry' }}
        // Until the Expiry page exists, the inventory's Expiry Tracking tab lists the same batches.
        fallback={{ to: '/inventory', search: { tab: 'expiry' } }}
        dismissLabel={intl.formatMessage({ id: 'dashboard.alert.expiry.dismiss' })}
        onDismiss={() => dismiss('expiry')}
      >
        <FormattedMessage
          id="dashboard.alert.expiry.description"
          values={{ count: expiringCount, days: EXPIRY_ALERT_DAYS }}
        />
      </DashboardAlert>,
    );
  }
  if (alerts.length === 0) return null;
  return (
    <Flex direction="column" gap="3">
      {alerts}
    </Flex>
  );
}
