import type { Product } from '@pharmacy/contracts';
import { Badge, Box, Button, Callout, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { productSchema } from '@pharmacy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DataTable } from '../../../components/data-table';
import { HistoryDrawer } from '../../../components/history-drawer';
import { DownloadIcon, HistoryIcon, PencilIcon, PlusIcon, TrashIcon, WarningIcon } from '../../../components/icons';
import { PaginationBar } from '../../../components/pagination-bar';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';
import { isScannedCode } from '../../../lib/gs1';
import { useMoneyFormatter } from '../../../lib/money';
import { paginate } from '../../../lib/pagination';
import { fetchAllPages, useServerPage } from '../../../lib/server-page';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteProduct } from '../api/delete-product';
import { useExportProducts } from '../hooks/use-export-products';
import { deleteProductFailure } from '../utils/delete-feedback';
import { productSortFor } from '../utils/product-sort';
import { ProductFormDialog } from './product-form-dialog';
import { SearchField } from '../../../components/search-field';
import { RowTooltip } from '../../../components/row-tooltip';

/**
 * /products (specification 001 §2): Product Management. The server pages,
 * sorts and searches the catalogue (GET /api/products with limit, offset,
 * sort and q); a scanned code goes to GET /api/products/search, which reads
 * every form of it and ranks exact codes first.
 */
export function ProductsPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const { canDeleteProducts, canWrite } = usePermissions();
  const money = useMoneyFormatter();
  const exportProducts = useExportProducts();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // By name unless a column header says otherwise; the name is the reader's (Arabic in Arabic).
  const [sortChoice, setSortChoice] = useState('name');
  const sort = productSortFor(sortChoice, language);
  const settledQuery = useDebouncedValue(query.trim(), 250);
  // A scanned code (a GTIN or a 2D code's GS1 string) is matched by the server, which reads every form of it.
  const scanned = isScannedCode(settledQuery);
  const search = useQuery({ ...productSearchQueryOptions(settledQuery), enabled: scanned });
  const products = useServerPage(productSchema, {
    path: '/api/products',
    page,
    sort,
    q: settledQuery,
    enabled: !scanned,
  });
  const [exporting, setExporting] = useState(false);

  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Product | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Product | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyTarget, setHistoryTarget] = useState<Product | null>(null);
  const deletion = useDeleteProduct();

  const pageWindow = scanned ? paginate(search.data ?? [], page) : products.window;
  // The last product of the last page deleted: show the page that is now last.
  useEffect(() => {
    if (!scanned && products.isSuccess && !products.isPlaceholderData && page > pageWindow.pageCount) {
      setPage(pageWindow.pageCount);
    }
  }, [scanned, products.isSuccess, products.isPlaceholderData, page, pageWindow.pageCount]);
  const nameOf = (product: Product) => localizedName(product.name, product.nameAr, language);

  /** Every product that matches (every page, in the table's order), as CSV. */
  const exportAll = async () => {
    setExporting(true);
    try {
      const all = scanned
        ? (search.data ?? [])
        : await fetchAllPages(productSchema, '/api/products', { q: settledQuery || undefined, sort });
      exportProducts(all);
    } catch {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'products.export.failed' }),
        description: intl.formatMessage({ id: 'products.export.failedDescription' }),
      });
    } finally {
      setExporting(false);
    }
  };

  const openForm = (product: Product | null) => {
    setFormTarget(product);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'common.success' }),
          description: intl.formatMessage({ id: 'products.toast.deleted' }),
        });
        setDeleteOpen(false);
      },
      onError: (error) => {
        const failure = deleteProductFailure(error);
        toast({
          variant: 'error',
          title: intl.formatMessage(failure.title),
          description: intl.formatMessage(failure.description),
        });
        setDeleteOpen(false);
      },
    });
  };

  const loading = scanned ? search.isPending : products.isPending;
  const renderRow = (product: Product) => {
    const name = nameOf(product);
    return (
      <Table.Row key={product.id}>
        <Table.RowHeaderCell>
          <Text as="div" weight="medium">
            <bdi>{name}</bdi>
          </Text>
          <Text as="div" size="1" color="gray">
            <span className="code-value">
              {product.sku}
              {product.barcode ? ` · ${product.barcode}` : ''}
            </span>
          </Text>
          {(product.genericName || product.brand) && (
            <Text as="div" size="1" color="gray">
              <bdi>
                {[localizedName(product.genericName ?? '', product.genericNameAr, language), product.brand]
                  .filter(Boolean)
                  .join(' · ')}
              </bdi>
            </Text>
          )}
        </Table.RowHeaderCell>
        <Table.Cell>
          {product.categoryName ? (
            <bdi>{localizedName(product.categoryName, product.categoryNameAr, language)}</bdi>
          ) : (
            '—'
          )}
        </Table.Cell>
        <Table.Cell>{product.supplierName ? <bdi>{product.supplierName}</bdi> : '—'}</Table.Cell>
        <Table.Cell>
          <Text as="div" wrap="nowrap">
            {money(product.price)}
          </Text>
          {product.cost && (
            <Text as="div" size="1" color="gray" wrap="nowrap">
              <FormattedMessage id="products.table.cost" values={{ amount: money(product.cost) }} />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <span className="code-value">
            {intl.formatNumber(product.minStockLevel)} / {intl.formatNumber(product.maxStockLevel)}
          </span>
        </Table.Cell>
        <Table.Cell>
          <Flex gap="1" wrap="wrap">
            {product.requiresPrescription && (
              <Badge color="amber">
                <FormattedMessage id="products.badge.prescription" />
              </Badge>
            )}
            {product.isActive ? (
              <Badge color="green">
                <FormattedMessage id="products.badge.active" />
              </Badge>
            ) : (
              <Badge color="gray">
                <FormattedMessage id="products.badge.inactive" />
              </Badge>
            )}
          </Flex>
        </Table.Cell>
        <Table.Cell>
          <Flex gap="3" align="center">
            <RowTooltip content={intl.formatMessage({ id: 'history.open' })}>
              <IconButton
                variant="ghost"
                size="1"
                color="gray"
                aria-label={intl.formatMessage({ id: 'products.historyLabel' }, { name })}
                onClick={() => {
                  setHistoryTarget(product);
                  setHistoryOpen(true);
                }}
              >
                <HistoryIcon />
              </IconButton>
            </RowTooltip>
            {canWrite && (
              <RowTooltip content={intl.formatMessage({ id: 'common.edit' })}>
                <IconButton
                  variant="ghost"
                  size="1"
                  aria-label={intl.formatMessage({ id: 'products.editLabel' }, { name })}
                  onClick={() => openForm(product)}
                >
                  <PencilIcon />
                </IconButton>
              </RowTooltip>
            )}
            {canDeleteProducts && (
              <RowTooltip content={intl.formatMessage({ id: 'common.delete' })}>
                <IconButton
                  variant="ghost"
                  size="1"
                  color="red"
                  aria-label={intl.formatMessage({ id: 'products.deleteLabel' }, { name })}
                  onClick={() => {
                    setDeleteTarget(product);
                    setDeleteOpen(true);
                  }}
                >
                  <TrashIcon />
                </IconButton>
              </RowTooltip>
            )}
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Flex direction="column" gap="5">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        justify="between"
        align={{ initial: 'stretch', sm: 'end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="products.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="products.subtitle" />
          </Text>
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button variant="soft" onClick={() => void exportAll()} disabled={pageWindow.total === 0} loading={exporting}>
            <DownloadIcon />
            <FormattedMessage id="products.export" />
          </Button>
          {canWrite && (
            <Button onClick={() => openForm(null)}>
              <PlusIcon />
              <FormattedMessage id="products.add" />
            </Button>
          )}
        </Flex>
      </Flex>

      <Box maxWidth={{ initial: '100%', sm: '480px' }}>
        <SearchField
          size="3"
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
          placeholder={intl.formatMessage({ id: 'products.search.placeholder' })}
          label={intl.formatMessage({ id: 'products.search.label' })}
        />
      </Box>

      {scanned && search.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text dir="auto">
            {apiErrorOf(search.error)?.message ?? intl.formatMessage({ id: 'products.search.failed' })}
          </Callout.Text>
        </Callout.Root>
      )}

      <DataTable
        label={intl.formatMessage({ id: 'products.table.label' })}
        columns={[
          { id: 'products.column.product', minWidth: '260px', sortKey: productSortFor('name', language) },
          { id: 'products.column.category' },
          { id: 'products.column.supplier' },
          { id: 'products.column.price', sortKey: 'price' },
          { id: 'products.column.stockLimits' },
          { id: 'products.column.status' },
          { id: 'inventory.column.actions' },
        ]}
        loadError={
          !scanned && products.isError
            ? {
                title: <FormattedMessage id="inventory.error.fetchProducts" />,
                children: <FormattedMessage id="inventory.error.tryAgain" />,
                onRetry: () => void products.refetch(),
                isRetrying: products.isFetching,
              }
            : undefined
        }
        isLoading={loading}
        rows={pageWindow.rows}
        renderRow={renderRow}
        empty={<FormattedMessage id="products.empty" />}
        // A scanned code's matches come ranked (exact codes first), not sorted by a column.
        sort={scanned ? undefined : sort}
        onSortChange={
          scanned
            ? undefined
            : (next) => {
                setSortChoice(next);
                setPage(1);
              }
        }
      />

      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="products.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />

      <ProductFormDialog key={formSession} open={formOpen} onOpenChange={setFormOpen} product={formTarget} />
      {canDeleteProducts && (
        <ConfirmDeleteDialog
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          isPending={deletion.isPending}
          onConfirm={confirmDelete}
          title={<FormattedMessage id="products.delete.title" />}
          description={
            <>
              <FormattedMessage id="products.delete.confirm" />{' '}
              <FormattedMessage
                id="products.delete.detail"
                values={{ name: <bdi>{deleteTarget ? nameOf(deleteTarget) : ''}</bdi> }}
              />
            </>
          }
        />
      )}
      <HistoryDrawer
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        subject={historyTarget ? { kind: 'product', id: historyTarget.id } : null}
        title={historyTarget ? nameOf(historyTarget) : ''}
      />
    </Flex>
  );
}
