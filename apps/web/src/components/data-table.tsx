import { Box, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { SortAscendingIcon, SortDescendingIcon, SortNoneIcon } from './icons';
import { LoadErrorCallout, type LoadErrorCalloutProps } from './load-error-callout';
import { SkeletonRows } from './skeleton-rows';

export interface DataTableColumn {
  /** Message id of the column header. */
  id: MessageId;
  minWidth?: string;
  /** `end` for figures, whose cells align the same way. */
  justify?: 'start' | 'end';
  /**
   * The server's sort field this column orders by (e.g. `name`): its header
   * becomes a button that sorts by it, and says the order with `aria-sort`.
   */
  sortKey?: string;
  /** The order of the first click: `desc` for dates and amounts people read newest or largest first. */
  firstDirection?: 'asc' | 'desc';
}

/** The order after a click on a sortable column's header: its first direction, then the other way. */
export function nextSort(current: string | undefined, column: Pick<DataTableColumn, 'sortKey' | 'firstDirection'>) {
  const key = column.sortKey ?? '';
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return column.firstDirection === 'desc' ? `-${key}` : key;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn[];
  /** When set, the list could not be loaded: this callout replaces the table. */
  loadError?: LoadErrorCalloutProps;
  /** Skeleton rows stand in for the data while it loads. */
  isLoading: boolean;
  rows: readonly Row[];
  /** One `Table.Row` (with its own `key`) per item. */
  renderRow(row: Row): ReactNode;
  /** Shown in a single full-width row when there is nothing to list. */
  empty: ReactNode;
  /** '1': tighter cells, for tables with many columns. */
  size?: '1' | '2';
  /** The order shown, a field with a leading minus for descending (e.g. `-price`), for the sortable columns. */
  sort?: string;
  /** Makes the columns with a `sortKey` sortable. */
  onSortChange?(sort: string): void;
}

/** A scrollable list table with its loading, load-error and empty states. */
export function DataTable<Row>({
  label,
  columns,
  loadError,
  isLoading,
  rows,
  renderRow,
  empty,
  size = '2',
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  if (loadError) return <LoadErrorCallout {...loadError} />;

  let body: ReactNode;
  if (isLoading) {
    body = <SkeletonRows columns={columns.length} />;
  } else if (rows.length === 0) {
    body = (
      <Table.Row>
        <Table.Cell colSpan={columns.length}>
          <Text color="gray">{empty}</Text>
        </Table.Cell>
      </Table.Row>
    );
  } else {
    body = rows.map((row) => renderRow(row));
  }

  return (
    <Box className="table-scroll">
      <Table.Root variant="surface" size={size} aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => {
              const sortable = column.sortKey !== undefined && onSortChange !== undefined;
              const direction =
                !sortable || !sort
                  ? undefined
                  : sort === column.sortKey
                    ? 'ascending'
                    : sort === `-${column.sortKey}`
                      ? 'descending'
                      : undefined;
              return (
                <Table.ColumnHeaderCell
                  key={column.id}
                  minWidth={column.minWidth}
                  justify={column.justify}
                  aria-sort={sortable ? (direction ?? 'none') : undefined}
                >
                  {sortable ? (
                    <button type="button" className="sort-button" onClick={() => onSortChange(nextSort(sort, column))}>
                      <FormattedMessage id={column.id} />
                      {direction === 'ascending' ? (
                        <SortAscendingIcon />
                      ) : direction === 'descending' ? (
                        <SortDescendingIcon />
                      ) : (
                        <SortNoneIcon className="sort-idle" />
                      )}
                    </button>
                  ) : (
                    <FormattedMessage id={column.id} />
                  )}
                </Table.ColumnHeaderCell>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>{body}</Table.Body>
      </Table.Root>
    </Box>
  );
}
