import { Flex } from '@radix-ui/themes';
import { ListTable, type ListTableProps } from '../../../components/list-page';

/**
 * A report's table with the loading, load-error and empty states of the
 * shared list table: the page the server sent, or a page of rows read whole
 * (`paginate`), and the pagination under it.
 */
export function ReportTable<Row>({
  onPageChange,
  window,
  ...table
}: Omit<ListTableProps<Row>, 'paging' | 'size'> & { onPageChange(page: number): void }) {
  return (
    <Flex direction="column" gap="3">
      <ListTable
        {...table}
        size="1"
        window={window}
        paging={{ list: { page: window.page, setPage: onPageChange }, showing: { id: 'reports.showing' } }}
      />
    </Flex>
  );
}
