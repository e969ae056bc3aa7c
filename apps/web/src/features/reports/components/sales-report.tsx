import type { Sale, SalesSort } from '@pharmacy/contracts';
import { Badge, Flex, Skeleton, Table, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { useDailyMetrics, useSalesSummary } from '../api/reports';
import type { ReportNames } from '../hooks/use-report-names';
import { customerOf } from '../utils/report-csv';
import type { PageWindow } from '../../../lib/pagination';
import type { ReportWindow } from '../utils/report-period';
import { transactionId } from '../utils/report-rows';
import { ReportTable } from './report-table';
import { SalesCharts } from './sales-charts';
import { SummaryTiles } from './summary-tiles';
import { SearchField } from '../../../components/search-field';

/**
 * The Sales report (specification 001 §2): Total Revenue, Total Orders and
 * Average Order of the whole period (the server's summary, not just the sales
 * listed), Today's Sales, the charts, and every sale of the period, 100 a page
 * from the server, searched by receipt number or customer and sorted by date or amount.
 */
export function SalesReport({
  sales,
  window,
  pharmacyId,
  names,
  today,
  search,
  onSearchChange,
  sort,
  onSortChange,
  onPageChange,
}: {
  sales: UseQueryResult<unknown> & { window: PageWindow<Sale> };
  window: ReportWindow;
  pharmacyId: string | null;
  names: ReportNames;
  today: string;
  /** The search as typed, and the one the list was read with (a moment later). */
  search: { typed: string; settled: string };
  onSearchChange(text: string): void;
  sort: SalesSort;
  onSortChange(sort: SalesSort): void;
  onPageChange(page: number): void;
}) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const summary = useSalesSummary(window, pharmacyId);
  const metrics = useDailyMetrics(pharmacyId);
  const totals = summary.data?.totals;
  // The charts are drawn after the tiles and the table, in a pass of their own: their SVG is the
  // heaviest part of the page, and the numbers should not wait for it.
  const charted = useDeferredValue(summary.data);
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

      {!charted && !summary.isError && <Skeleton height="240px" />}
      {charted && <SalesCharts summary={charted} window={window} today={today} />}

      <SearchField
        className="search-field"
        value={search.typed}
        onValueChange={onSearchChange}
        label={intl.formatMessage({ id: 'reports.sales.search' })}
      />
      <SalesTable
        sales={sales}
        names={names}
        searched={search.settled}
        sort={sort}
        onSortChange={onSortChange}
        onPageChange={onPageChange}
      />
    </Flex>
  );
}

/**
 * The report's sales, a page from the server. Drawn again only when what it shows changes: the
 * page's other answers (the summary, today's figures, the charts' deferred pass) arrive after it,
 * and a hundred rows drawn again at each of them held up a chain's report (docs/benchmarks.md).
 */
const SalesTable = memo(function SalesTable({
  sales,
  names,
  searched,
  sort,
  onSortChange,
  onPageChange,
}: {
  sales: UseQueryResult<unknown> & { window: PageWindow<Sale> };
  names: ReportNames;
  /** The search the list was read with. */
  searched: string;
  sort: SalesSort;
  onSortChange(sort: SalesSort): void;
  onPageChange(page: number): void;
}) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  const walkIn = intl.formatMessage({ id: 'reports.sales.walkIn' });

  const renderRow = (sale: Sale) => (
    <Table.Row key={sale.id}>
      <Table.RowHeaderCell className="nowrap">
        <span className="code-value">{transactionId(sale.id)}</span>
        {sale.offlineNumber && (
          <Flex align="center" gap="1" mt="1">
            <Badge color="orange" variant="soft" size="1">
              <FormattedMessage id="reports.sales.offline" />
            </Badge>
            <Text size="1" color="gray">
              <bdi className="code-value">{sale.offlineNumber}</bdi>
            </Text>
          </Flex>
        )}
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
    <ReportTable
      label={{ id: 'reports.sales.tableLabel' }}
      columns={[
        { id: 'reports.column.transactionId' },
        { id: 'reports.column.dateTime', sortKey: 'date', firstDirection: 'desc' },
        { id: 'reports.column.customer', minWidth: '140px' },
        { id: 'reports.column.location', minWidth: '140px' },
        { id: 'reports.column.totalAmount', justify: 'end', sortKey: 'total', firstDirection: 'desc' },
        { id: 'reports.column.paymentMethod' },
      ]}
      window={sales.window}
      onPageChange={onPageChange}
      sort={{ value: sort, onChange: (next) => onSortChange(next as SalesSort) }}
      renderRow={renderRow}
      query={sales}
      loadError={{ title: { id: 'reports.error.sales' }, description: { id: 'reports.error.tryAgain' } }}
      empty={
        searched.trim() === '' ? (
          <FormattedMessage id="reports.sales.empty" />
        ) : (
          <FormattedMessage id="reports.sales.emptySearch" />
        )
      }
    />
  );
});
