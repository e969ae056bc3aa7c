import { Callout, Flex, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { WarningIcon } from '../../../components/icons';
import { useOpenDiscrepancies } from '../api/dashboard-reads';
import { DISCREPANCY_ALERT_LIMIT } from '../utils/constants';
import { PageLinkButton } from './page-link-button';
import { WidgetError } from './widget-error';

/**
 * Issue 15: while sales made offline have left stock discrepancies open at the
 * chosen location, an alert that leads to the Discrepancies screen. It cannot
 * be dismissed: a shortfall is raised for review, never hidden. Its read feeds
 * nothing else, so its failure is reported here.
 */
export function DiscrepancyAlert({ pharmacyId }: { pharmacyId: string | null }) {
  const titleId = useId();
  const open = useOpenDiscrepancies(pharmacyId);
  if (open.isError) {
    return (
      <WidgetError queries={[open]}>
        <FormattedMessage id="dashboard.error.discrepancies" />
      </WidgetError>
    );
  }
  const count = open.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Callout.Root
      color="orange"
      role="status"
      aria-labelledby={titleId}
      className="dashboard-alert"
      data-testid="discrepancy-alert"
    >
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction={{ initial: 'column', sm: 'row' }} align={{ initial: 'start', sm: 'center' }} gap="3">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text weight="bold" size="2" id={titleId}>
            <FormattedMessage id="dashboard.alert.discrepancies.title" />
          </Text>
          <Callout.Text>
            {count >= DISCREPANCY_ALERT_LIMIT ? (
              <FormattedMessage id="dashboard.alert.discrepancies.many" values={{ count: DISCREPANCY_ALERT_LIMIT }} />
            ) : (
              <FormattedMessage id="dashboard.alert.discrepancies.description" values={{ count }} />
            )}
          </Callout.Text>
        </Flex>
        <PageLinkButton
          size="1"
          variant="solid"
          color="orange"
          target={{ to: '/discrepancies', search: pharmacyId ? { pharmacy: pharmacyId } : undefined }}
        >
          <FormattedMessage id="dashboard.alert.discrepancies.action" />
        </PageLinkButton>
      </Flex>
    </Callout.Root>
  );
}
