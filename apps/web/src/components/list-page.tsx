import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { useLastPageClamp, type ListParams, type ListSearch } from '../lib/list-search';
import type { PageWindow } from '../lib/pagination';
import { DataTable, type DataTableProps } from './data-table';
import { PaginationBar } from './pagination-bar';
import { SearchField } from './search-field';

type Breakpoint = 'xs' | 'sm' | 'md';

/** A message descriptor (a literal `{ id }`, which the catalogue check finds in the source). */
type Message = { id: MessageId };

export interface ListHeaderProps {
  title: Message;
  subtitle?: Message | undefined;
  /** At the heading's end (after it in Arabic): filters, export, add. */
  actions?: ReactNode;
  /** From this width the heading and its actions share a row (`md` when the actions are many). */
  actionsFrom?: Breakpoint;
  /** 2: a list inside a page (a tab), with a smaller heading. */
  level?: 1 | 2;
}

/** A list's heading (the page's, or a tab's), what it is about, and what can be done with the list. */
export function ListHeader({ title, subtitle, actions, actionsFrom = 'sm', level = 1 }: ListHeaderProps) {
  const heading =
    level === 1 ? (
      <Box>
        <Heading as="h1" size="7">
          <FormattedMessage {...title} />
        </Heading>
        {subtitle && (
          <Text as="p" color="gray" mt="1">
            <FormattedMessage {...subtitle} />
          </Text>
        )}
      </Box>
    ) : (
      <Heading as="h2" size="5">
        <FormattedMessage {...title} />
      </Heading>
    );
  if (!actions) return heading;
  return (
    <Flex
      direction={{ initial: 'column', [actionsFrom]: 'row' }}
      justify="between"
      align={{ [actionsFrom]: level === 1 ? 'end' : 'center' }}
      gap="3"
    >
      {heading}
      {actions}
    </Flex>
  );
}

export interface ListSearchFieldProps {
  list: Pick<ListSearch<ListParams>, 'text' | 'setText'>;
  /** Its name for assistive technology; also the placeholder unless one is given. */
  label: Message;
  placeholder?: Message;
  size?: '2' | '3';
  className?: string;
}

/** The list's search box: what is typed searches the list once typing pauses. */
export function ListSearchField({ list, label, placeholder, size, className }: ListSearchFieldProps) {
  const intl = useIntl();
  return (
    <SearchField
      value={list.text}
      onValueChange={list.setText}
      label={intl.formatMessage(label)}
      {...(placeholder ? { placeholder: intl.formatMessage(placeholder) } : {})}
      {...(size ? { size } : {})}
      {...(className ? { className } : {})}
    />
  );
}

/** What a list's read says about itself (a TanStack Query result). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  refetch(): unknown;
}

export interface ListTableProps<Row> extends Omit<
  DataTableProps<Row>,
  'label' | 'rows' | 'isLoading' | 'loadError' | 'sort' | 'onSortChange'
> {
  label: Message;
  query: ListQuery;
  /** The rows on screen and where they stand in the list. */
  window: PageWindow<Row>;
  /** What could not be read, and what to do about it, in place of the table. */
  loadError: { title: Message; description?: Message };
  /** The list's pages: where it is, and "Showing X to Y of Z ..." in its own words (`from`, `to` and `total`). */
  paging?: { list: Pick<ListSearch<ListParams>, 'page' | 'setPage'>; showing: Message } | undefined;
  /** The order shown and a change of it, for the columns with a `sortKey`. */
  sort?: { value: string; onChange(sort: string): void } | undefined;
}

/** A list's table with its loading, load-error and empty states, and the pagination under it. */
export function ListTable<Row>({ label, query, window, loadError, paging, sort, ...table }: ListTableProps<Row>) {
  const intl = useIntl();
  return (
    <>
      <DataTable
        {...table}
        label={intl.formatMessage(label)}
        loadError={
          query.isError
            ? {
                title: <FormattedMessage {...loadError.title} />,
                ...(loadError.description ? { children: <FormattedMessage {...loadError.description} /> } : {}),
                onRetry: () => void query.refetch(),
                isRetrying: query.isFetching,
              }
            : undefined
        }
        isLoading={query.isPending}
        rows={window.rows}
        {...(sort ? { sort: sort.value, onSortChange: sort.onChange } : {})}
      />
      {paging && <ListPaging {...paging} query={query} window={window} />}
    </>
  );
}

/**
 * A list's pagination ("Showing X to Y of Z ..." in the list's own words, and
 * the page buttons). A page past the last (an old link, the last row deleted
 * meanwhile) shows the last page instead.
 */
export function ListPaging({
  list,
  showing,
  query,
  window,
}: {
  list: Pick<ListSearch<ListParams>, 'page' | 'setPage'>;
  showing: Message;
  query: Pick<ListQuery, 'isSuccess' | 'isPlaceholderData'>;
  window: PageWindow<unknown>;
}) {
  useLastPageClamp(list, { settled: query.isSuccess && !query.isPlaceholderData, pageCount: window.pageCount });
  return (
    <PaginationBar
      page={window.page}
      pageCount={window.pageCount}
      onPageChange={list.setPage}
      summary={<FormattedMessage {...showing} values={{ from: window.from, to: window.to, total: window.total }} />}
    />
  );
}

export interface ListPageProps<Row> extends ListHeaderProps {
  /** Between the heading and the search: summary cards, a notice. */
  summary?: ReactNode;
  /** The search box; `maxWidth` keeps it from spanning the page. */
  search?: (ListSearchFieldProps & { maxWidth?: string }) | undefined;
  /** Controls beside the search box (a pharmacy filter, an order). */
  filters?: ReactNode;
  /** Between the search and the table: what the search itself says. */
  notice?: ReactNode;
  /** The list's table; `content` instead draws the rows another way (cards). */
  table: ListTableProps<Row>;
  /** The dialogs the list opens. */
  children?: ReactNode;
  gap?: '4' | '5';
}

/**
 * A list page (or a tab's list): the heading with its actions, summary cards,
 * the search and filters, then the table with its loading, load-error and
 * empty states and its pagination. The list's state is the address's
 * (`useListSearch`).
 */
export function ListPage<Row>({
  summary,
  search,
  filters,
  notice,
  table,
  children,
  gap = '5',
  ...header
}: ListPageProps<Row>) {
  return (
    <Flex direction="column" gap={gap}>
      <ListHeader {...header} />
      {summary}
      {search && <ListToolbar search={search} filters={filters} />}
      {notice}
      <ListTable {...table} />
      {children}
    </Flex>
  );
}

function ListToolbar({
  search: { maxWidth, ...search },
  filters,
}: {
  search: ListSearchFieldProps & { maxWidth?: string };
  filters?: ReactNode;
}) {
  const field = <ListSearchField {...search} />;
  if (filters) {
    return (
      <Flex gap="2" direction={{ initial: 'column', sm: 'row' }}>
        {field}
        {filters}
      </Flex>
    );
  }
  return maxWidth ? <Box maxWidth={{ initial: '100%', sm: maxWidth }}>{field}</Box> : field;
}
