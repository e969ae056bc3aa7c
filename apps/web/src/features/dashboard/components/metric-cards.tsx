import { Badge, Card, Flex, Grid, Skeleton, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CartIcon, ChartIcon, PillIcon, WarningIcon } from '../../../components/icons';
import { useMoneyFormatter } from '../../../lib/money';
import { useActiveProductsCount, useDailyMetrics, useLowStockCount } from '../api/dashboard-reads';
import { WidgetError } from './widget-error';

// Specification §2: fixed figures, not computed from earlier days.
const SALES_CHANGE = 0.125;
const ORDERS_CHANGE = 0.082;

interface MetricCardProps {
  label: ReactNode;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
  error: ReactNode;
  value: ReactNode;
  footer: ReactNode;
}

function MetricCard({ label, icon: Icon, query, error, value, footer }: MetricCardProps) {
  return (
    <Card size="2" asChild>
      <li>
        <Flex direction="column" gap="2" height="100%">
          <Flex justify="between" align="center" gap="2">
            <Text size="2" color="gray" weight="medium">
              {label}
            </Text>
            <Icon width={18} height={18} aria-hidden="true" className="dashboard-metric-icon" />
          </Flex>
          {query.isError ? (
            <WidgetError queries={[query]}>{error}</WidgetError>
          ) : (
            <>
              <Text size="7" weight="bold" className="dashboard-metric-value">
                {query.isPending ? <Skeleton width="96px" height="32px" /> : value}
              </Text>
              <Text size="1" color="gray">
                {footer}
              </Text>
            </>
          )}
        </Flex>
      </li>
    </Card>
  );
}

function Change({ value }: { value: number }) {
  const intl = useIntl();
  const change = intl.formatNumber(value, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <FormattedMessage
      id="dashboard.metrics.change"
      values={{
        change: (
          <Badge color="green" variant="soft" size="1">
            {change}
          </Badge>
        ),
      }}
    />
  );
}

/** Specification §2: today's sales, orders processed, active products and low-stock items, for the chosen location. */
export function MetricCards({ pharmacyId }: { pharmacyId: string | null }) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const metrics = useDailyMetrics(pharmacyId);
  const activeProducts = useActiveProductsCount();
  const lowStock = useLowStockCount(pharmacyId);

  return (
    <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="4" asChild>
      <ul className="plain-list" aria-label={intl.formatMessage({ id: 'dashboard.metrics.label' })}>
        <MetricCard
          label={<FormattedMessage id="dashboard.metrics.todaysSales" />}
          icon={ChartIcon}
          query={metrics}
          error={<FormattedMessage id="dashboard.error.salesMetrics" />}
          value={metrics.data ? money(metrics.data.totalSales) : null}
          footer={<Change value={SALES_CHANGE} />}
        />
        <MetricCard
          label={<FormattedMessage id="dashboard.metrics.ordersProcessed" />}
          icon={CartIcon}
          query={metrics}
          error={<FormattedMessage id="dashboard.error.salesMetrics" />}
          value={metrics.data ? intl.formatNumber(metrics.data.totalOrders) : null}
          footer={<Change value={ORDERS_CHANGE} />}
        />
        <MetricCard
          label={<FormattedMessage id="dashboard.metrics.activeProducts" />}
          icon={PillIcon}
          query={activeProducts}
          error={<FormattedMessage id="dashboard.error.products" />}
          value={intl.formatNumber(activeProducts.data?.total ?? 0)}
          footer={<FormattedMessage id="dashboard.metrics.activeProductsHint" />}
        />
        <MetricCard
          label={<FormattedMessage id="dashboard.metrics.lowStockItems" />}
          icon={WarningIcon}
          query={lowStock}
          error={<FormattedMessage id="dashboard.error.lowStock" />}
          value={intl.formatNumber(lowStock.data?.total ?? 0)}
          footer={<FormattedMessage id="dashboard.metrics.lowStockHint" />}
        />
      </ul>
    </Grid>
  );
}
