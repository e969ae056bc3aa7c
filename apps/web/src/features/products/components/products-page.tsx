import { productSchema, type Product, type ProductSort } from '@pharmacy/contracts';
import { Badge, Button, Callout, Flex, Table, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { HistoryDrawer } from '../../../components/history-drawer';
import { DownloadIcon, HistoryIcon, PencilIcon, PlusIcon, TrashIcon, WarningIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';
import { useCsvExport } from '../../../lib/csv-export';
import { isScannedCode } from '../../../lib/gs1';
import { useListSearch } from '../../../lib/list-search';
import { useMoneyFormatter } from '../../../lib/money';
import { paginate } from '../../../lib/pagination';
import { fetchAllPages, useServerPage } from '../../../lib/server-page';
import { useDeleteProduct } from '../api/delete-product';
import { productListDefaults, productListSearch } from '../product-list';
import { deleteProductFailure } from '../utils/delete-feedback';
import { productSortFor } from '../utils/product-sort';
import { productCsvColumns, productCsvExport } from '../utils/products-csv';
import { ProductFormDialog } from './product-form-dialog';
import { RowIconButton } from '../../../components/row-tooltip';

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
  const list = useListSearch(productListSearch, productListDefaults);
  // The name is the reader's (Arabic in Arabic), whichever language chose the order.
  const sort = productSortFor(list.values.sort, language);
  const settledQuery = list.q;
  // A scanned code (a GTIN or a 2D code's GS1 string) is matched by the server, which reads every form of it.
  const scanned = isScannedCode(settledQuery);
  const search = useQuery({ ...productSearchQueryOptions(settledQuery), enabled: scanned });
  const products = useServerPage(productSchema, {
    path: '/api/products',
    page: list.page,
    sort,
    q: settledQuery,
    enabled: !scanned,
  });
  const csv = useCsvExport(productCsvColumns, productCsvExport);

  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Product | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Product | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyTarget, setHistoryTarget] = useState<Product | null>(null);
  const deletion = useDeleteProduct();

  const pageWindow = scanned ? paginate(search.data ?? [], list.page) : products.window;
  const nameOf = (product: Product) => localizedName(product.name, product.nameAr, language);

  /** Every product that matches (every page, in the table's order), as CSV. */
  const exportAll = () =>
    csv.download(async () =>
      scanned
        ? (search.data ?? [])
        : await fetchAllPages(productSchema, '/api/products', { q: settledQuery || undefined, sort }),
    );

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
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'history.open' })}
              label={intl.formatMessage({ id: 'products.historyLabel' }, { name })}
              color="gray"
              onClick={() => {
                setHistoryTarget(product);
                setHistoryOpen(true);
              }}
            >
              <HistoryIcon />
            </RowIconButton>
            {canWrite && (
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'common.edit' })}
                label={intl.formatMessage({ id: 'products.editLabel' }, { name })}
                onClick={() => openForm(product)}
              >
                <PencilIcon />
              </RowIconButton>
            )}
            {canDeleteProducts && (
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'common.delete' })}
                label={intl.formatMessage({ id: 'products.deleteLabel' }, { name })}
                color="red"
                onClick={() => {
                  setDeleteTarget(product);
                  setDeleteOpen(true);
                }}
              >
                <TrashIcon />
              </RowIconButton>
            )}
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      title={{ id: 'products.title' }}
      subtitle={{ id: 'products.subtitle' }}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button
            variant="soft"
            onClick={() => void exportAll()}
            disabled={pageWindow.total === 0}
            loading={csv.isPending}
          >
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
      }
      search={{
        list,
        size: '3',
        maxWidth: '480px',
        label: { id: 'products.search.label' },
        placeholder: { id: 'products.search.placeholder' },
      }}
      notice={
        scanned &&
        search.isError && (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Callout.Text dir="auto">
              {apiErrorOf(search.error)?.message ?? intl.formatMessage({ id: 'products.search.failed' })}
            </Callout.Text>
          </Callout.Root>
        )
      }
      table={{
        label: { id: 'products.table.label' },
        columns: [
          { id: 'products.column.product', minWidth: '260px', sortKey: productSortFor('name', language) },
          { id: 'products.column.category' },
          { id: 'products.column.supplier' },
          { id: 'products.column.price', sortKey: 'price' },
          { id: 'products.column.stockLimits' },
          { id: 'products.column.status' },
          { id: 'inventory.column.actions' },
        ],
        // A scanned code's matches are read whole, and their failure is said above the table.
        query: scanned ? { ...search, isError: false, isPlaceholderData: false } : products,
        window: pageWindow,
        loadError: { title: { id: 'inventory.error.fetchProducts' }, description: { id: 'inventory.error.tryAgain' } },
        renderRow,
        empty: <FormattedMessage id="products.empty" />,
        // A scanned code's matches come ranked (exact codes first), not sorted by a column.
        sort: scanned ? undefined : { value: sort, onChange: (next) => list.update({ sort: next as ProductSort }) },
        paging: { list, showing: { id: 'products.showing' } },
      }}
    >
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
    </ListPage>
  );
}
