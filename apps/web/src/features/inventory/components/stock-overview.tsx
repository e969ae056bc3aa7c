import { Box, Flex, Table, Text } from '@radix-ui/themes';
import type { StockOverviewRow } from '@pharmacy/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { PaginationBar } from '../../../components/pagination-bar';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useStockOverviewPage } from '../api/inventory-pages';
import { stockStatus } from '../utils/stock-overview';
import { SEARCH_DEBOUNCE_MS } from '../utils/search';
import { StockStatusBadge } from './status-badges';
import { SearchField } from '../../../components/search-field';

/**
 * Inventory → Overview: units on hand per product, a page at a time, searched,
 * added up and ordered (by the name in the reader's language) on the server.
 */
export function StockOverview() {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatDay = useDayFormatter();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const overview = useStockOverviewPage({ page, q, sort: language === 'ar' ? 'nameAr' : 'name' });
  const pageWindow = overview.window;

  if (overview.isError) {
    return (
      <LoadErrorCallout
        title={<FormattedMessage id="inventory.error.fetchInventory" />}
        onRetry={() => void overview.refetch()}
        isRetrying={overview.isFetching}
      >
        <FormattedMessage id="inventory.error.tryAgain" />
      </LoadErrorCallout>
    );
  }

  const location = (row: StockOverviewRow) => {
    if (row.locations.length === 0) return <Text color="gray">—</Text>;
    if (row.locations.length > 1) return <FormattedMessage id="inventory.overview.multipleLocations" />;
    const [only] = row.locations;
    return only ? <bdi>{localizedName(only.name, only.nameAr, language)}</bdi> : null;
  };

  return (
    <Flex direction="column" gap="4">
      <Box maxWidth={{ initial: '100%', sm: '420px' }}>
        <SearchField
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
          label={intl.formatMessage({ id: 'inventory.overview.search' })}
        />
      </Box>
      <Box className="table-scroll">
        <Table.Root
          variant="surface"
          aria-label={intl.formatMessage({ id: 'inventory.overview.label' })}
          aria-busy={overview.isPlaceholderData || undefined}
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell minWidth="220px">
                <FormattedMessage id="inventory.column.product" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.sku" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.onHand" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.batches" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.nearestExpiry" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.status" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.location" />
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {overview.isPending ? (
              <SkeletonRows columns={7} />
            ) : pageWindow.rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7}>
                  <Text color="gray">
                    <FormattedMessage id="inventory.overview.empty" />
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              pageWindow.rows.map((row) => (
                <Table.Row key={row.productId}>
                  <Table.RowHeaderCell>
                    <bdi>{localizedName(row.name, row.nameAr, language)}</bdi>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <span className="code-value">{row.sku}</span>
                  </Table.Cell>
                  <Table.Cell>{intl.formatNumber(row.onHand)}</Table.Cell>
                  <Table.Cell>{intl.formatNumber(row.batchCount)}</Table.Cell>
                  <Table.Cell>{row.nearestExpiry ? formatDay(row.nearestExpiry) : '—'}</Table.Cell>
                  <Table.Cell>
                    <StockStatusBadge status={stockStatus(row.onHand, row.minStockLevel)} />
                  </Table.Cell>
                  <Table.Cell>{location(row)}</Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="inventory.overview.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />
    </Flex>
  );
}
