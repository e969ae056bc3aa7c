import { Box, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { useDeferredValue, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SearchIcon } from '../../../components/icons';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { PaginationBar } from '../../../components/pagination-bar';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, useInventory, useProducts } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { paginate } from '../../../lib/pagination';
import { buildStockOverview, type StockRow } from '../utils/stock-overview';
import { StockStatusBadge } from './status-badges';

/** Inventory → Overview: units on hand per product, from the product list and the batches. */
export function StockOverview() {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatDay = useDayFormatter();
  const products = useProducts();
  const inventory = useInventory();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query);

  const rows = useMemo(() => {
    const all = buildStockOverview(products.data ?? [], inventory.data ?? []);
    const needle = deferredQuery.trim().toLocaleLowerCase();
    const shown = needle
      ? all.filter(({ product }) =>
          [product.name, product.nameAr, product.sku, product.barcode].some((text) =>
            (text ?? '').toLocaleLowerCase().includes(needle),
          ),
        )
      : all;
    return shown.sort((a, b) =>
      localizedName(a.product.name, a.product.nameAr, language).localeCompare(
        localizedName(b.product.name, b.product.nameAr, language),
        language,
      ),
    );
  }, [products.data, inventory.data, deferredQuery, language]);
  const pageWindow = paginate(rows, page);

  if (products.isError || inventory.isError) {
    return (
      <LoadErrorCallout
        title={
          products.isError ? (
            <FormattedMessage id="inventory.error.fetchProducts" />
          ) : (
            <FormattedMessage id="inventory.error.fetchInventory" />
          )
        }
        onRetry={() => {
          if (products.isError) void products.refetch();
          if (inventory.isError) void inventory.refetch();
        }}
        isRetrying={products.isFetching || inventory.isFetching}
      >
        <FormattedMessage id="inventory.error.tryAgain" />
      </LoadErrorCallout>
    );
  }

  const location = (row: StockRow) => {
    if (row.locations.length === 0) return <Text color="gray">—</Text>;
    if (row.locations.length > 1) return <FormattedMessage id="inventory.overview.multipleLocations" />;
    const [only] = row.locations;
    return only ? <bdi>{localizedName(only.name, only.nameAr, language)}</bdi> : null;
  };

  return (
    <Flex direction="column" gap="4">
      <Box maxWidth={{ initial: '100%', sm: '420px' }}>
        <TextField.Root
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
          placeholder={intl.formatMessage({ id: 'inventory.overview.search' })}
          aria-label={intl.formatMessage({ id: 'inventory.overview.search' })}
        >
          <TextField.Slot>
            <SearchIcon />
          </TextField.Slot>
        </TextField.Root>
      </Box>
      <Box className="table-scroll">
        <Table.Root variant="surface" aria-label={intl.formatMessage({ id: 'inventory.overview.label' })}>
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
            {products.isPending || inventory.isPending ? (
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
                <Table.Row key={row.product.id}>
                  <Table.RowHeaderCell>
                    <bdi>{localizedName(row.product.name, row.product.nameAr, language)}</bdi>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <span className="code-value">{row.product.sku}</span>
                  </Table.Cell>
                  <Table.Cell>{intl.formatNumber(row.onHand)}</Table.Cell>
                  <Table.Cell>{intl.formatNumber(row.batchCount)}</Table.Cell>
                  <Table.Cell>{row.nearestExpiry ? formatDay(row.nearestExpiry) : '—'}</Table.Cell>
                  <Table.Cell>
                    <StockStatusBadge status={row.status} />
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
