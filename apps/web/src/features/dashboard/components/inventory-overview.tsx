import { Badge, Box, Button, Card, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ComponentProps } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon, PencilIcon, TransferIcon } from '../../../components/icons';
import { PaginationBar } from '../../../components/pagination-bar';
import { SkeletonRows } from '../../../components/skeleton-rows';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useCsvExport } from '../../../lib/csv-export';
import { fetchOverviewProducts, useOverviewPage } from '../api/dashboard-reads';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../utils/constants';
import { overviewCsvColumns, overviewCsvExport } from '../utils/inventory-csv';
import {
  buildOverviewRows,
  overviewLocation,
  type NamedPharmacy,
  type OverviewLocation,
} from '../utils/inventory-overview';
import type { StockStatus } from '../utils/stock-status';
import { usePageTarget } from './page-link-button';
import { WidgetError } from './widget-error';
import { usePermissions } from '../../../lib/authorization';
import { SearchField } from '../../../components/search-field';

const COLUMNS = 6;

const statusLooks: Record<StockStatus, { color: ComponentProps<typeof Badge>['color']; label: { id: MessageId } }> = {
  outOfStock: { color: 'red', label: { id: 'dashboard.inventory.status.outOfStock' } },
  lowStock: { color: 'amber', label: { id: 'dashboard.inventory.status.lowStock' } },
  inStock: { color: 'green', label: { id: 'dashboard.inventory.status.inStock' } },
};

function useLocationText(location: OverviewLocation): string {
  const intl = useIntl();
  const { language } = useLanguage();
  switch (location.kind) {
    case 'pharmacy':
      return localizedName(location.pharmacy.name, location.pharmacy.nameAr, language);
    case 'multiple':
      return intl.formatMessage({ id: 'dashboard.inventory.multipleLocations' });
    case 'unknown':
      return intl.formatMessage({ id: 'dashboard.inventory.unknownLocation' });
  }
}

export interface InventoryOverviewProps {
  pharmacyId: string | null;
  /** The pharmacies the location column can name. */
  pharmacies: readonly NamedPharmacy[];
}

/**
 * Specification §2: products with their stock and status at the chosen location,
 * ten a page, paged and searched on the server (GET /api/products with `limit`,
 * `offset` and `q`), exportable as CSV (every product the search matches).
 */
export function InventoryOverview({ pharmacyId, pharmacies }: InventoryOverviewProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  // Auditors change nothing: no shortcuts to editing or transferring.
  const { canWrite } = usePermissions();
  const editPage = usePageTarget({ to: '/products' });
  const transferPage = usePageTarget({ to: '/transfers' });
  const editTarget = canWrite ? editPage : null;
  const transferTarget = canWrite ? transferPage : null;
  const headingId = 'dashboard-inventory';

  // A new search or location starts again at page 1.
  const pagingKey = `${pharmacyId ?? ''}\n${q}`;
  const [paging, setPaging] = useState({ key: pagingKey, page: 1 });
  const page = paging.key === pagingKey ? paging.page : 1;

  const sort = language === 'ar' ? 'nameAr' : 'name';
  const products = useOverviewPage(pharmacyId, q, page, sort);
  const pageWindow = products.window;
  const rows = useMemo(() => buildOverviewRows(pageWindow.rows), [pageWindow.rows]);
  const locationText = useLocationText(overviewLocation(pharmacyId, pharmacies));
  const isLoading = products.isPending;
  const failed = [{ query: products, message: { id: 'dashboard.error.products' } }] as const;
  const errors = failed.filter((source) => source.query.isError);

  const csv = useCsvExport(
    useMemo(() => overviewCsvColumns(locationText), [locationText]),
    overviewCsvExport,
  );
  const exportAll = () => csv.download(async () => buildOverviewRows(await fetchOverviewProducts(pharmacyId, q, sort)));

  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex
            direction={{ initial: 'column', sm: 'row' }}
            justify="between"
            align={{ initial: 'stretch', sm: 'center' }}
            gap="3"
          >
            <Heading as="h2" size="4" id={headingId}>
              <FormattedMessage id="dashboard.inventory.title" />
            </Heading>
            <Flex gap="2" align="center">
              <Box flexGrow="1" minWidth={{ initial: '0', sm: '260px' }}>
                <SearchField
                  value={query}
                  onValueChange={setQuery}
                  label={intl.formatMessage({ id: 'dashboard.inventory.search' })}
                />
              </Box>
              <Button
                variant="soft"
                onClick={() => void exportAll()}
                loading={csv.isPending}
                disabled={isLoading || errors.length > 0 || pageWindow.total === 0}
              >
                <DownloadIcon />
                <FormattedMessage id="dashboard.inventory.export" />
              </Button>
            </Flex>
          </Flex>

          {errors.length > 0 ? (
            <Flex direction="column" gap="3">
              {errors.map((source) => (
                <WidgetError key={source.message.id} queries={[source.query]}>
                  {intl.formatMessage(source.message)}
                </WidgetError>
              ))}
            </Flex>
          ) : (
            <>
              <Box className="table-scroll">
                <Table.Root
                  variant="surface"
                  aria-busy={products.isPlaceholderData || undefined}
                  className={products.isPlaceholderData ? 'dashboard-stale' : undefined}
                >
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell minWidth="200px">
                        <FormattedMessage id="dashboard.inventory.column.product" />
                      </Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>
                        <FormattedMessage id="dashboard.inventory.column.sku" />
                      </Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>
                        <FormattedMessage id="dashboard.inventory.column.stock" />
                      </Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>
                        <FormattedMessage id="dashboard.inventory.column.location" />
                      </Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>
                        <FormattedMessage id="dashboard.inventory.column.status" />
                      </Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>
                        <FormattedMessage id="dashboard.inventory.column.actions" />
                      </Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {isLoading ? (
                      <SkeletonRows columns={COLUMNS} />
                    ) : rows.length === 0 ? (
                      <Table.Row>
                        <Table.Cell colSpan={COLUMNS}>
                          <Text color="gray">
                            <FormattedMessage id="dashboard.inventory.empty" />
                          </Text>
                        </Table.Cell>
                      </Table.Row>
                    ) : (
                      rows.map(({ product, stock, status }) => {
                        const name = localizedName(product.name, product.nameAr, language);
                        const look = statusLooks[status];
                        return (
                          <Table.Row key={product.id} align="center">
                            <Table.RowHeaderCell>
                              <Flex direction="column">
                                <Text weight="medium">
                                  <bdi>{name}</bdi>
                                </Text>
                                <Text size="1" color="gray">
                                  {product.brand ? (
                                    <bdi>{product.brand}</bdi>
                                  ) : (
                                    <FormattedMessage id="dashboard.inventory.generic" />
                                  )}
                                </Text>
                              </Flex>
                            </Table.RowHeaderCell>
                            <Table.Cell>
                              <span className="code-value">{product.sku}</span>
                            </Table.Cell>
                            <Table.Cell>{intl.formatNumber(stock)}</Table.Cell>
                            <Table.Cell>
                              <bdi>{locationText}</bdi>
                            </Table.Cell>
                            <Table.Cell>
                              <Badge color={look.color} variant="soft">
                                <FormattedMessage {...look.label} />
                              </Badge>
                            </Table.Cell>
                            <Table.Cell>
                              <Flex gap="2">
                                {editTarget && (
                                  <IconButton
                                    asChild
                                    size="1"
                                    variant="ghost"
                                    aria-label={intl.formatMessage({ id: 'dashboard.inventory.edit' }, { name })}
                                  >
                                    <Link to={editTarget.to as never}>
                                      <PencilIcon />
                                    </Link>
                                  </IconButton>
                                )}
                                {transferTarget && (
                                  <IconButton
                                    asChild
                                    size="1"
                                    variant="ghost"
                                    aria-label={intl.formatMessage({ id: 'dashboard.inventory.transfer' }, { name })}
                                  >
                                    <Link to={transferTarget.to as never}>
                                      <TransferIcon />
                                    </Link>
                                  </IconButton>
                                )}
                              </Flex>
                            </Table.Cell>
                          </Table.Row>
                        );
                      })
                    )}
                  </Table.Body>
                </Table.Root>
              </Box>
              <PaginationBar
                page={pageWindow.page}
                pageCount={pageWindow.pageCount}
                onPageChange={(next) => setPaging({ key: pagingKey, page: next })}
                summary={
                  <FormattedMessage
                    id="dashboard.inventory.showing"
                    values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
                  />
                }
              />
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}
