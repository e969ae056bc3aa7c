import type { FefoItem } from '@pharmacy/contracts';
import { Badge, Card, Flex, Heading, Progress, Skeleton, Text } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { useFefo } from '../api/dashboard-reads';
import { FEFO_ITEMS_SHOWN } from '../utils/constants';
import { fefoUrgency, type FefoPriority } from '../utils/fefo-priority';
import { WidgetError } from './widget-error';

const looks: Record<
  FefoPriority,
  { color: ComponentProps<typeof Badge>['color'] & ComponentProps<typeof Progress>['color']; label: { id: MessageId } }
> = {
  critical: { color: 'red', label: { id: 'dashboard.fefo.priority.critical' } },
  high: { color: 'amber', label: { id: 'dashboard.fefo.priority.high' } },
  medium: { color: 'teal', label: { id: 'dashboard.fefo.priority.medium' } },
};

function FefoEntry({ item }: { item: FefoItem }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatDay = useDayFormatter();
  const { priority, bar } = fefoUrgency(item.daysToExpiry);
  const look = looks[priority];
  const name = localizedName(item.productName, item.productNameAr, language);
  return (
    <li className="dashboard-list-item">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="start" gap="3">
          <Text size="2" weight="medium" className="wrap-anywhere">
            <bdi>{name}</bdi>
          </Text>
          <Badge color={look.color} variant="soft" className="dashboard-no-shrink">
            <FormattedMessage {...look.label} />
          </Badge>
        </Flex>
        <Text size="1" color="gray">
          <FormattedMessage
            id="dashboard.fefo.details"
            values={{ date: formatDay(item.expiryDate), count: item.quantity }}
          />
        </Text>
        <Flex align="center" gap="3">
          <Progress
            value={bar}
            color={look.color}
            size="2"
            className="grow dashboard-urgency-bar"
            aria-label={intl.formatMessage({ id: 'dashboard.fefo.urgency' }, { name })}
          />
          <Text size="1" weight="medium" className="dashboard-no-shrink">
            <FormattedMessage id="dashboard.fefo.daysLeft" values={{ count: item.daysToExpiry }} />
          </Text>
        </Flex>
      </Flex>
    </li>
  );
}

/** Specification §2: the first 5 batches to sell or move (first expired, first out) at the chosen location. */
export function FefoRecommendations({ pharmacyId }: { pharmacyId: string | null }) {
  const intl = useIntl();
  const fefo = useFefo(pharmacyId);
  const headingId = 'dashboard-fefo';

  let content;
  if (fefo.isError) {
    content = (
      <WidgetError queries={[fefo]}>
        <FormattedMessage id="dashboard.error.fefo" />
      </WidgetError>
    );
  } else if (fefo.isPending) {
    content = (
      <Flex direction="column" gap="3" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height="56px" />
        ))}
      </Flex>
    );
  } else if (fefo.data.length === 0) {
    content = (
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="dashboard.fefo.empty" />
      </Text>
    );
  } else {
    content = (
      <ul className="plain-list dashboard-list" aria-labelledby={headingId}>
        {fefo.data.slice(0, FEFO_ITEMS_SHOWN).map((item) => (
          <FefoEntry key={item.batchId} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" id={headingId}>
          <FormattedMessage id="dashboard.fefo.title" />
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          <FormattedMessage id="dashboard.fefo.subtitle" />
        </Text>
        {content}
      </section>
    </Card>
  );
}
