import { Box, Flex, Table, Text } from '@radix-ui/themes';
import type { StockOverviewRow } from '@pharmacy/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListPaging, ListSearchField } from '../../../components/list-page';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { useListSearch } from '../../../lib/list-search';
import { useStockOverviewPage } from '../api/inventory-pages';
import { inventorySearch } from '../inventory-list';
import { stockStatus } from '../utils/stock-overview';
import { StockStatusBadge } from './status-badges';

/**
 * Inventory → Overview: units on hand per product, a page at a time, searched,
 * added up and ordered (by the name in the reader's language) on the server.
 */
export function StockOverview() {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatDay = useDayFormatter();
  const list = useListSearch(inventorySearch);
  const overview = useStockOverviewPage({ page: list.page, q: list.q, sort: language === 'ar' ? 'nameAr' : 'name' });
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
        <ListSearchField list={list} label={{ id: 'inventory.overview.search' }} />
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
      <ListPaging list={list} showing={{ id: 'inventory.overview.showing' }} query={overview} window={pageWindow} />
    </Flex>
  );
}
