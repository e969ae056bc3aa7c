import { Flex } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import type { LoadErrorCalloutProps } from '../../../components/load-error-callout';
import { PaginationBar } from '../../../components/pagination-bar';
import type { MessageId } from '../../../i18n/messages';
import { paginate } from '../../../lib/pagination';

/** A report's table: its rows 50 a page, with the loading, load-error and empty states of `DataTable`. */
export function ReportTable<Row>({
  label,
  columns,
  rows,
  renderRow,
  isLoading,
  loadError,
  empty,
}: {
  label: { id: MessageId };
  columns: readonly DataTableColumn[];
  rows: readonly Row[];
  renderRow(row: Row): ReactNode;
  isLoading: boolean;
  loadError?: LoadErrorCalloutProps | undefined;
  empty: ReactNode;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const pageWindow = paginate(rows, page);
  return (
    <Flex direction="column" gap="3">
      <DataTable
        label={intl.formatMessage(label)}
        size="1"
        columns={columns}
        rows={pageWindow.rows}
        renderRow={renderRow}
        isLoading={isLoading}
        loadError={loadError}
        empty={empty}
      />
      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="reports.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />
    </Flex>
  );
}
