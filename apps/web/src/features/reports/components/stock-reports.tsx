import type { ExpiringBatch, InventoryBatch, StockSummary } from '@pharmacy/contracts';
import { Flex, Skeleton, Table, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DataTableColumn } from '../../../components/data-table';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { useDayFormatter } from '../../../lib/dates';
import type { PageWindow } from '../../../lib/pagination';
import { useStockSummary } from '../api/reports';
import type { ReportNames } from '../hooks/use-report-names';
import { batchIdOf, expiryTone } from '../utils/report-rows';
import { ReportTable } from './report-table';

/** A page of a report's list as `useServerPage` gives it. */
type ServerPage<Row> = UseQueryResult<unknown> & { window: PageWindow<Row> };
import { ExpiryExposureChart, StockValueChart } from './stock-charts';

const stockColumns: readonly DataTableColumn[] = [
  { id: 'reports.column.productName', minWidth: '180px' },
  { id: 'reports.column.sku' },
  { id: 'reports.column.batchId' },
  { id: 'reports.column.quantity', justify: 'end' },
  { id: 'reports.column.location', minWidth: '140px' },
  { id: 'reports.column.expiryDate' },
];

/** The stock summary's chart, or what stands for it while it loads or after it failed. */
function StockSummaryChart({
  pharmacyId,
  children,
}: {
  pharmacyId: string | null;
  children: (summary: StockSummary) => ReactNode;
}) {
  const summary = useStockSummary(pharmacyId);
  if (summary.isError) {
    return (
      <LoadErrorCallout
        title={<FormattedMessage id="reports.error.inventory" />}
        onRetry={() => void summary.refetch()}
        isRetrying={summary.isFetching}
      >
        <FormattedMessage id="reports.error.chartDetail" />
      </LoadErrorCallout>
    );
  }
  if (!summary.data) return <Skeleton height="240px" />;
  return children(summary.data);
}

/** Specification 001 §2, Inventory view: the batches in stock, and what the stock is worth at each pharmacy. */
export function InventoryReport({
  batches,
  onPageChange,
  pharmacyId,
  names,
}: {
  /** One page of the batches holding stock, from the server. */
  batches: ServerPage<InventoryBatch>;
  onPageChange(page: number): void;
  pharmacyId: string | null;
  names: ReportNames;
}) {
  const intl = useIntl();
  const day = useDayFormatter();
  const notAvailable = intl.formatMessage({ id: 'reports.notAvailable' });

  const renderRow = (batch: InventoryBatch) => (
    <Table.Row key={batch.id}>
      <Table.RowHeaderCell>
        <Text weight="medium" className="wrap-anywhere">
          <bdi>{names.product(batch.productId, batch.productName, batch.productNameAr)}</bdi>
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>
        <span className="code-value">{batch.productSku}</span>
      </Table.Cell>
      <BatchCell id={batch.id} batchNumber={batch.batchNumber} notAvailable={notAvailable} />
      <Table.Cell justify="end">{intl.formatNumber(batch.quantity)}</Table.Cell>
      <Table.Cell>
        <bdi>{names.pharmacy(batch.pharmacyId, batch.pharmacyName, batch.pharmacyNameAr)}</bdi>
      </Table.Cell>
      <Table.Cell className="nowrap">{day(batch.expiryDate)}</Table.Cell>
    </Table.Row>
  );

  return (
    <Flex direction="column" gap="4">
      <StockSummaryChart pharmacyId={pharmacyId}>
        {(summary) => <StockValueChart summary={summary} />}
      </StockSummaryChart>
      <ReportTable
        label={{ id: 'reports.inventory.tableLabel' }}
        columns={stockColumns}
        window={batches.window}
        onPageChange={onPageChange}
        renderRow={renderRow}
        query={batches}
        loadError={{ title: { id: 'reports.error.inventory' }, description: { id: 'reports.error.tryAgain' } }}
        empty={<FormattedMessage id="reports.inventory.empty" />}
      />
    </Flex>
  );
}

/**
 * Specification 001 §2, Expiry view: the inventory columns and Days Until
 * Expiry, red at 7 days or fewer, orange at 30 or fewer, muted otherwise; and
 * what the stock on hand is worth by the month it expires.
 */
export function ExpiryReport({
  expiring,
  onPageChange,
  pharmacyId,
  names,
  today,
}: {
  /** One page of the batches expiring within the window, the most urgent first, from the server. */
  expiring: ServerPage<ExpiringBatch>;
  onPageChange(page: number): void;
  pharmacyId: string | null;
  names: ReportNames;
  today: string;
}) {
  const intl = useIntl();
  const day = useDayFormatter();
  const notAvailable = intl.formatMessage({ id: 'reports.notAvailable' });

  const daysLeft = (value: number) => {
    if (value < 0) return <FormattedMessage id="reports.expiry.daysAgo" values={{ count: -value }} />;
    if (value === 0) return <FormattedMessage id="reports.expiry.today" />;
    return <FormattedMessage id="reports.expiry.daysLeft" values={{ count: value }} />;
  };

  const renderRow = (row: ExpiringBatch) => (
    <Table.Row key={row.batchId}>
      <Table.RowHeaderCell>
        <Text weight="medium" className="wrap-anywhere">
          <bdi>{names.product(row.productId, row.productName, row.productNameAr)}</bdi>
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>
        <span className="code-value">{row.productSku}</span>
      </Table.Cell>
      <BatchCell id={row.batchId} batchNumber={row.batchNumber} notAvailable={notAvailable} />
      <Table.Cell justify="end">{intl.formatNumber(row.quantity)}</Table.Cell>
      <Table.Cell>
        <bdi>{names.pharmacy(row.pharmacyId, row.pharmacyName)}</bdi>
      </Table.Cell>
      <Table.Cell className="nowrap">{day(row.expiryDate)}</Table.Cell>
      <Table.Cell className="nowrap">
        <span className="report-days" data-tone={expiryTone(row.daysToExpiry)} data-cell="days">
          {daysLeft(row.daysToExpiry)}
        </span>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Flex direction="column" gap="4">
      <StockSummaryChart pharmacyId={pharmacyId}>
        {(summary) => <ExpiryExposureChart summary={summary} today={today} />}
      </StockSummaryChart>
      <ReportTable
        label={{ id: 'reports.expiry.tableLabel' }}
        columns={[...stockColumns, { id: 'reports.column.daysUntilExpiry' }]}
        window={expiring.window}
        onPageChange={onPageChange}
        renderRow={renderRow}
        query={expiring}
        loadError={{ title: { id: 'reports.error.expiring' }, description: { id: 'reports.error.tryAgain' } }}
        empty={<FormattedMessage id="reports.expiry.empty" />}
      />
    </Flex>
  );
}

/** Batch ID: the last 8 characters of the batch's id (or 'N/A'), with its batch number under it. */
function BatchCell({ id, batchNumber, notAvailable }: { id: string; batchNumber: string; notAvailable: string }) {
  return (
    <Table.Cell>
      <Text as="div" className="code-value">
        {batchIdOf(id, notAvailable)}
      </Text>
      {batchNumber && (
        <Text as="div" size="1" color="gray">
          <FormattedMessage id="reports.batchNumber" values={{ batch: batchNumber }} />
        </Text>
      )}
    </Table.Cell>
  );
}
