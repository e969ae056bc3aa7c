import type { Sale } from '@pharmacy/contracts';
import { Badge, Flex, Skeleton, Table, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { useDailyMetrics, useSalesSummary } from '../api/reports';
import type { ReportNames } from '../hooks/use-report-names';
import { customerOf } from '../utils/report-csv';
import { SALES_REPORT_LIMIT, type ReportWindow } from '../utils/report-period';
import { transactionId } from '../utils/report-rows';
import { ReportTable } from './report-table';
import { SalesCharts } from './sales-charts';
import { SummaryTiles } from './summary-tiles';

/**
 * The Sales report (specification 001 §2): Total Revenue, Total Orders and
 * Average Order of the whole period (the server's summary, not just the sales
 * listed), Today's Sales, the charts, and the newest 100 sales.
 */
export function SalesReport({
  sales,
  window,
  pharmacyId,
  names,
  today,
}: {
  sales: UseQueryResult<Sale[]>;
  window: ReportWindow;
  pharmacyId: string | null;
  names: ReportNames;
  today: string;
}) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  const summary = useSalesSummary(window, pharmacyId);
  const metrics = useDailyMetrics(pharmacyId);
  const rows = sales.data ?? [];
  const totals = summary.data?.totals;
  const walkIn = intl.formatMessage({ id: 'reports.sales.walkIn' });
  const listIsPartial = totals !== undefined && rows.length >= SALES_REPORT_LIMIT && totals.orders > rows.length;

  const renderRow = (sale: Sale) => (
    <Table.Row key={sale.id}>
      <Table.RowHeaderCell className="nowrap">
        <span className="code-value">{transactionId(sale.id)}</span>
      </Table.RowHeaderCell>
      <Table.Cell className="nowrap">{dateTime(sale.createdAt)}</Table.Cell>
      <Table.Cell>
        <bdi>{customerOf(sale, walkIn)}</bdi>
      </Table.Cell>
      <Table.Cell>
        <bdi>{names.pharmacy(sale.pharmacyId, sale.pharmacyName)}</bdi>
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        <Text as="div">{money(sale.totalAmount)}</Text>
        {Number(sale.refundedAmount) > 0 && (
          <Text as="div" size="1" color="gray">
            <FormattedMessage id="reports.sales.refundedLine" values={{ amount: money(sale.refundedAmount) }} />
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Badge color="green" variant="soft">
          <FormattedMessage id="reports.sales.cash" />
        </Badge>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Flex direction="column" gap="4">
      {summary.isError && (
        <LoadErrorCallout
          title={<FormattedMessage id="reports.error.sales" />}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        >
          <FormattedMessage id="reports.error.summaryDetail" />
        </LoadErrorCallout>
      )}
      {metrics.isError && (
        <LoadErrorCallout
          title={<FormattedMessage id="reports.error.metrics" />}
          onRetry={() => void metrics.refetch()}
          isRetrying={metrics.isFetching}
        >
          <FormattedMessage id="reports.error.tryAgain" />
        </LoadErrorCallout>
      )}
      <SummaryTiles
        tiles={[
          {
            key: 'revenue',
            label: intl.formatMessage({ id: 'reports.sales.totalRevenue' }),
            value: totals ? money(totals.revenue) : null,
            note:
              totals && Number(totals.refunds) > 0 ? (
                <FormattedMessage id="reports.sales.refunded" values={{ amount: money(totals.refunds) }} />
              ) : (
                <FormattedMessage id="reports.sales.inPeriod" />
              ),
          },
          {
            key: 'orders',
            label: intl.formatMessage({ id: 'reports.sales.totalOrders' }),
            value: totals ? intl.formatNumber(totals.orders) : null,
            note: <FormattedMessage id="reports.sales.inPeriod" />,
          },
          {
            key: 'average',
            label: intl.formatMessage({ id: 'reports.sales.averageOrder' }),
            value: totals ? money(totals.averageOrder) : null,
            note: <FormattedMessage id="reports.sales.perOrder" />,
          },
          {
            key: 'today',
            label: intl.formatMessage({ id: 'reports.sales.todaySales' }),
            value: metrics.data ? money(metrics.data.totalSales) : null,
            note: metrics.data && (
              <FormattedMessage id="reports.sales.ordersToday" values={{ count: metrics.data.totalOrders }} />
            ),
          },
        ]}
      />

      {summary.isPending && <Skeleton height="240px" />}
      {summary.data && <SalesCharts summary={summary.data} window={window} today={today} />}

      {listIsPartial && (
        <Text as="p" size="2" color="gray" data-testid="sales-limit-note">
          <FormattedMessage id="reports.sales.limited" values={{ count: rows.length, total: totals.orders }} />
        </Text>
      )}
      <ReportTable
        label={{ id: 'reports.sales.tableLabel' }}
        columns={[
          { id: 'reports.column.transactionId' },
          { id: 'reports.column.dateTime' },
          { id: 'reports.column.customer', minWidth: '140px' },
          { id: 'reports.column.location', minWidth: '140px' },
          { id: 'reports.column.totalAmount', justify: 'end' },
          { id: 'reports.column.paymentMethod' },
        ]}
        rows={rows}
        renderRow={renderRow}
        isLoading={sales.isPending}
        loadError={
          sales.isError
            ? {
                title: <FormattedMessage id="reports.error.sales" />,
                children: <FormattedMessage id="reports.error.tryAgain" />,
                onRetry: () => void sales.refetch(),
                isRetrying: sales.isFetching,
              }
            : undefined
        }
        empty={<FormattedMessage id="reports.sales.empty" />}
      />
    </Flex>
  );
}
