import { Flex } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import type { LoadErrorCalloutProps } from '../../../components/load-error-callout';
import { PaginationBar } from '../../../components/pagination-bar';
import type { MessageId } from '../../../i18n/messages';
import { paginate, type PageWindow } from '../../../lib/pagination';

/**
 * A report's table with the loading, load-error and empty states of
 * `DataTable`: `rows` 50 a page, or the page the server sent (`server`: its
 * window, and what to do when another page is asked for).
 */
export function ReportTable<Row>({
  label,
  columns,
  rows = [],
  server,
  renderRow,
  isLoading,
  loadError,
  empty,
  sort,
  onSortChange,
}: {
  label: { id: MessageId };
  columns: readonly DataTableColumn[];
  rows?: readonly Row[];
  server?: { window: PageWindow<Row>; onPageChange(page: number): void };
  renderRow(row: Row): ReactNode;
  isLoading: boolean;
  loadError?: LoadErrorCalloutProps | undefined;
  empty: ReactNode;
  sort?: string;
  onSortChange?(sort: string): void;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const pageWindow = server?.window ?? paginate(rows, page);
  const changePage = server?.onPageChange ?? setPage;
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
        {...(onSortChange ? { sort, onSortChange } : {})}
      />
      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={changePage}
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
