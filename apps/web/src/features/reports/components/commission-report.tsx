import type { CommissionRow } from '@pharmacy/contracts';
import { Flex, Table, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useMoneyFormatter } from '../../../lib/money';
import { paginate } from '../../../lib/pagination';
import type { ReportNames } from '../hooks/use-report-names';
import { salesUnitLabel } from '../utils/report-labels';
import { commissionTotals } from '../utils/report-rows';
import { ReportTable } from './report-table';
import { SummaryTiles } from './summary-tiles';

/**
 * Specification 001 §2, Commission view: who earned what on which sale line,
 * with the commission and the sales it was earned on added up above.
 */
export function CommissionReport({
  commission,
  names,
  page,
  onPageChange,
}: {
  commission: UseQueryResult<CommissionRow[]>;
  names: ReportNames;
  /** The table's page: the rows come whole and are shown 50 at a time. */
  page: number;
  onPageChange(page: number): void;
}) {
  const intl = useIntl();
  const money = useMoneyFormatter();
  const dateTime = useDateTimeFormatter();
  // A sale may hold two lines of one product: the row's place in the answer tells them apart.
  const rows = useMemo(
    () => (commission.data ?? []).map((row, index) => ({ ...row, rowKey: `${row.saleId}-${index}` })),
    [commission.data],
  );
  const totals = useMemo(() => commissionTotals(rows), [rows]);
  const loaded = commission.isSuccess;
  const percent = (rate: string) =>
    intl.formatNumber(Number(rate) / 100, { style: 'percent', maximumFractionDigits: 2 });
  const unitName = (unit: string) => {
    const label = salesUnitLabel(unit);
    return label ? intl.formatMessage(label) : unit;
  };

  const renderRow = (row: CommissionRow & { rowKey: string }) => (
    <Table.Row key={row.rowKey}>
      <Table.RowHeaderCell>
        <Text as="div" weight="medium">
          <bdi>{row.pharmacistName}</bdi>
        </Text>
        <Text as="div" size="1" color="gray" className="nowrap">
          <bdi>{row.pharmacistEmail}</bdi>
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Text as="div" className="wrap-anywhere">
          <bdi>{names.product(row.productId, row.productName)}</bdi>
        </Text>
        <Text as="div" size="1" color="gray">
          <FormattedMessage
            id="reports.commission.sku"
            values={{ id: <span className="code-value">{row.productSku}</span> }}
          />
        </Text>
      </Table.Cell>
      <Table.Cell className="nowrap">{dateTime(row.saleDate)}</Table.Cell>
      <Table.Cell className="nowrap">
        <FormattedMessage
          id="reports.commission.quantity"
          values={{ quantity: intl.formatNumber(row.quantity), value: unitName(row.salesUnit) }}
        />
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        {money(row.totalPrice)}
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        {percent(row.commissionRate)}
      </Table.Cell>
      <Table.Cell justify="end" className="nowrap">
        <Text weight="bold" color="green" data-cell="commission">
          {money(row.commissionAmount)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <bdi>{names.pharmacy(row.pharmacyId)}</bdi>
      </Table.Cell>
    </Table.Row>
  );

  return (
    <Flex direction="column" gap="4">
      <SummaryTiles
        tiles={[
          {
            key: 'commission',
            label: intl.formatMessage({ id: 'reports.commission.total' }),
            value: loaded ? money(totals.commission) : null,
            note: loaded && <FormattedMessage id="reports.commission.lines" values={{ count: rows.length }} />,
          },
          {
            key: 'sales',
            label: intl.formatMessage({ id: 'reports.commission.salesTotal' }),
            value: loaded ? money(totals.sales) : null,
            note: <FormattedMessage id="reports.sales.inPeriod" />,
          },
        ]}
      />
      <ReportTable
        label={{ id: 'reports.commission.tableLabel' }}
        columns={[
          { id: 'reports.column.pharmacist' },
          { id: 'reports.column.product', minWidth: '160px' },
          { id: 'reports.column.saleDate' },
          { id: 'reports.column.quantity' },
          { id: 'reports.column.saleAmount', justify: 'end' },
          { id: 'reports.column.commissionRate', justify: 'end' },
          { id: 'reports.column.commissionAmount', justify: 'end' },
          { id: 'reports.column.location', minWidth: '140px' },
        ]}
        window={paginate(rows, page)}
        onPageChange={onPageChange}
        renderRow={renderRow}
        query={commission}
        loadError={{ title: { id: 'reports.error.commission' }, description: { id: 'reports.error.tryAgain' } }}
        empty={<FormattedMessage id="reports.commission.empty" />}
      />
    </Flex>
  );
}
