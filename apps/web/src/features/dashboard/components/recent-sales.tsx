import type { Sale } from '@pharmacy/contracts';
import { Badge, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { useRecentSales } from '../api/dashboard-reads';
import { useNow } from '../hooks/use-now';
import { useRouteExists } from '../hooks/use-route-exists';
import { RECENT_SALES_LIMIT } from '../utils/constants';
import { relativeTimeOf } from '../utils/relative-time';
import { saleNumber } from '../utils/sales';
import { WidgetError } from './widget-error';

const MINUTE_MS = 60_000;

function RelativeTime({ instant, now }: { instant: string; now: number }) {
  const intl = useIntl();
  const formatDateTime = useDateTimeFormatter();
  const relative = relativeTimeOf(instant, now);
  return (
    <time dateTime={instant} title={formatDateTime(instant)}>
      {relative.unit === 'now' ? (
        <FormattedMessage id="dashboard.recentSales.justNow" />
      ) : (
        intl.formatRelativeTime(-relative.value, relative.unit, { numeric: 'always' })
      )}
    </time>
  );
}

/** A sale opens in the point of sale: its receipt (reprint) and returns. */
function SaleItem({ sale, now }: { sale: Sale; now: number }) {
  const money = useMoneyFormatter();
  const posExists = useRouteExists('/pos');
  const body = (
    <Flex justify="between" align="center" gap="3">
      <Flex direction="column" minWidth="0">
        <Text size="2" weight="medium" className="wrap-anywhere">
          {sale.customerName ? <bdi>{sale.customerName}</bdi> : <FormattedMessage id="dashboard.recentSales.walkIn" />}
        </Text>
        <Text size="1" color="gray">
          <FormattedMessage
            id="dashboard.recentSales.saleNumber"
            values={{ id: <span className="code-value">{saleNumber(sale.id)}</span> }}
          />
          {sale.offlineNumber && (
            <>
              {' · '}
              <FormattedMessage
                id="dashboard.recentSales.offlineNumber"
                values={{ number: <bdi className="code-value">{sale.offlineNumber}</bdi> }}
              />
            </>
          )}
        </Text>
      </Flex>
      <Flex direction="column" align="end" flexShrink="0">
        <Flex align="center" gap="2">
          {sale.offlineNumber && (
            <Badge color="orange" size="1">
              <FormattedMessage id="dashboard.recentSales.offline" />
            </Badge>
          )}
          <Text size="2" weight="bold" className="ltr-value">
            {money(sale.totalAmount)}
          </Text>
        </Flex>
        <Text size="1" color="gray">
          <RelativeTime instant={sale.createdAt} now={now} />
        </Text>
      </Flex>
    </Flex>
  );
  return (
    <li className="dashboard-list-item">
      {posExists ? (
        <Link to="/pos" search={{ sale: sale.id }} className="dashboard-sale-link">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/** Specification §2: the 5 newest sales at the chosen location. */
export function RecentSales({ pharmacyId }: { pharmacyId: string | null }) {
  const intl = useIntl();
  const sales = useRecentSales(pharmacyId);
  const now = useNow(MINUTE_MS);
  const headingId = 'dashboard-recent-sales';

  let content;
  if (sales.isError) {
    content = (
      <WidgetError queries={[sales]}>
        <FormattedMessage id="dashboard.error.recentSales" />
      </WidgetError>
    );
  } else if (sales.isPending) {
    content = (
      <Flex direction="column" gap="3" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height="40px" />
        ))}
      </Flex>
    );
  } else if (sales.data.length === 0) {
    content = (
      <Text as="p" size="2" color="gray">
        <FormattedMessage id="dashboard.recentSales.empty" />
      </Text>
    );
  } else {
    content = (
      <ul className="plain-list dashboard-list" aria-labelledby={headingId}>
        {sales.data.slice(0, RECENT_SALES_LIMIT).map((sale) => (
          <SaleItem key={sale.id} sale={sale} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="3" id={headingId}>
          <FormattedMessage id="dashboard.recentSales.title" />
        </Heading>
        {content}
      </section>
    </Card>
  );
}
