import type { ShortageItem, ShortageSort, ShortageSummaryCounts } from '@pharmacy/contracts';
import { Badge, Box, Button, Card, Flex, Grid, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { PaginationBar } from '../../../components/pagination-bar';
import { DownloadIcon, TransferIcon } from '../../../components/icons';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { usePharmacies } from '../../../lib/pharmacies';
import { usePageNavigation } from '../../../lib/route-exists';
import { useSignedInUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { fetchAllShortages, useShortagePage, useShortageSummary } from '../api/shortages';
import { useExportShortages } from '../hooks/use-export-shortages';
import { deficitSeverity, isCritical, suggestedTransfer, type DeficitSeverity } from '../utils/shortages';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { SearchField } from '../../../components/search-field';
import { RowTooltip } from '../../../components/row-tooltip';

const TRANSFERS_PATH = '/transfers';

type Color = ComponentProps<typeof Text>['color'];

const cards: readonly { key: keyof ShortageSummaryCounts; label: { id: MessageId }; color?: Color }[] = [
  { key: 'total', label: { id: 'shortages.card.total' } },
  { key: 'critical', label: { id: 'shortages.card.critical' }, color: 'red' },
  { key: 'canFulfill', label: { id: 'shortages.card.canFulfill' }, color: 'green' },
  { key: 'deficit', label: { id: 'shortages.card.deficit' }, color: 'amber' },
];

const statusLooks: Record<
  ShortageItem['status'],
  Pick<ComponentProps<typeof Badge>, 'color'> & { label: { id: MessageId } }
> = {
  can_fulfill: { color: 'green', label: { id: 'shortages.status.can_fulfill' } },
  partial: { color: 'amber', label: { id: 'shortages.status.partial' } },
  no_source: { color: 'red', label: { id: 'shortages.status.no_source' } },
};

// Specification 001 §4, §9: the more is missing, the stronger the colour.
const deficitColors: Record<DeficitSeverity, Color> = { high: 'red', medium: 'amber', low: undefined };

/** /shortages (specification 001 §2, §4, §8, §9): what is at or below its minimum, and where to get it. */
export function ShortagesPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const { canWrite } = usePermissions();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const [pharmacyId, setPharmacyId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  // The server searches as one stops typing; a new search starts on the first page.
  const settledQuery = useDebouncedValue(query, 250);
  const [sort, setSort] = useState<ShortageSort>('-deficit');
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState(settledQuery);
  if (searched !== settledQuery) {
    setSearched(settledQuery);
    setPage(1);
  }
  const list = { pharmacyId, q: settledQuery, sort };
  const shortages = useShortagePage({ ...list, page });
  const totals = useShortageSummary(pharmacyId, settledQuery);
  const exportCsv = useExportShortages();
  const [exporting, setExporting] = useState(false);
  const openTransfers = usePageNavigation(TRANSFERS_PATH);
  const pageWindow = shortages.window;
  // A transfer or a receipt can empty the last page: show the one before it.
  if (shortages.data && !shortages.isPlaceholderData && page > pageWindow.pageCount) setPage(pageWindow.pageCount);
  const summary = totals.data;

  // A pharmacist looks at the pharmacies they work at; the server answers only for those anyway.
  const options = useMemo(() => {
    const mine = new Set(user.pharmacies.map((pharmacy) => pharmacy.id));
    return (pharmacies.data ?? [])
      .filter((pharmacy) => pharmacy.isActive && (role !== 'pharmacist' || mine.has(pharmacy.id)))
      .map((pharmacy) => ({ id: pharmacy.id, name: localizedName(pharmacy.name, pharmacy.nameAr, language) }));
  }, [pharmacies.data, user.pharmacies, role, language]);

  const renderRow = (item: ShortageItem) => {
    const name = localizedName(item.productName, item.productNameAr, language);
    const pharmacy = localizedName(item.pharmacyName, item.pharmacyNameAr, language);
    const critical = isCritical(item);
    const severity = deficitSeverity(item.deficit);
    const transfer = suggestedTransfer(item);
    const status = statusLooks[item.status];
    return (
      <Table.Row
        key={`${item.pharmacyId}:${item.productId}`}
        data-critical={critical || undefined}
        data-severity={severity}
        className="shortage-row"
      >
        <Table.RowHeaderCell>
          <Text weight="medium">
            <bdi>{name}</bdi>
          </Text>
        </Table.RowHeaderCell>
        <Table.Cell>
          <span className="code-value">{item.productSku}</span>
        </Table.Cell>
        <Table.Cell>
          <bdi>{pharmacy}</bdi>
        </Table.Cell>
        <Table.Cell justify="end">
          <Text color={critical ? 'red' : undefined} weight={critical ? 'bold' : undefined} data-cell="current">
            {intl.formatNumber(item.currentStock)}
          </Text>
        </Table.Cell>
        <Table.Cell justify="end">{intl.formatNumber(item.minStockLevel)}</Table.Cell>
        <Table.Cell justify="end">
          <Text
            color={deficitColors[severity]}
            weight={severity === 'low' ? 'medium' : 'bold'}
            data-cell="deficit"
            data-severity={severity}
          >
            {intl.formatNumber(item.deficit)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          {item.suggestedSource ? (
            <>
              <Text as="div">
                <bdi>{localizedName(item.suggestedSource, item.suggestedSourceNameAr, language)}</bdi>
              </Text>
              <Text as="div" size="1" color="gray">
                <FormattedMessage id="shortages.source.spare" values={{ count: item.suggestedSourceStock }} />
              </Text>
            </>
          ) : (
            <Text color="gray">
              <FormattedMessage id="shortages.source.none" />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell justify="end">{intl.formatNumber(item.otherLocationsCount)}</Table.Cell>
        <Table.Cell>
          <Badge color={status.color} variant="soft">
            <FormattedMessage {...status.label} />
          </Badge>
        </Table.Cell>
        <Table.Cell>
          {transfer && openTransfers && canWrite && (
            <RowTooltip content={intl.formatMessage({ id: 'shortages.request' })}>
              <IconButton
                size="2"
                variant="soft"
                aria-label={intl.formatMessage({ id: 'shortages.requestLabel' }, { name, pharmacy })}
                onClick={() => openTransfers(transfer)}
              >
                <TransferIcon />
              </IconButton>
            </RowTooltip>
          )}
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align={{ sm: 'end' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="shortages.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="shortages.subtitle" />
          </Text>
        </Box>
        <Flex gap="2" direction={{ initial: 'column', xs: 'row' }}>
          <PharmacyFilter
            value={pharmacyId}
            onChange={(next) => {
              setPharmacyId(next);
              setPage(1);
            }}
            options={options}
            label={{ id: 'shortages.pharmacyFilter' }}
            allLabel={{ id: 'shortages.allPharmacies' }}
          />
          <Button
            variant="soft"
            onClick={() => {
              setExporting(true);
              void exportCsv(() => fetchAllShortages(list)).finally(() => setExporting(false));
            }}
            disabled={shortages.isPending}
            loading={exporting}
          >
            <DownloadIcon />
            <FormattedMessage id="shortages.export" />
          </Button>
        </Flex>
      </Flex>

      <Grid columns={{ initial: '2', md: '4' }} gap="3" asChild>
        <ul className="plain-list" aria-label={intl.formatMessage({ id: 'shortages.summary' })}>
          {cards.map((card) => (
            <Card asChild key={card.key} className="summary-card" data-card={card.key}>
              <li>
                <Text as="div" size="2" color="gray">
                  {intl.formatMessage(card.label)}
                </Text>
                <Text as="div" size="6" weight="bold" color={summary && summary[card.key] > 0 ? card.color : undefined}>
                  {summary ? intl.formatNumber(summary[card.key]) : '—'}
                </Text>
              </li>
            </Card>
          ))}
        </ul>
      </Grid>

      <SearchField
        className="search-field"
        value={query}
        onValueChange={setQuery}
        label={intl.formatMessage({ id: 'shortages.search' })}
      />

      <DataTable
        label={intl.formatMessage({ id: 'shortages.table.label' })}
        size="1"
        columns={[
          { id: 'shortages.column.product', minWidth: '160px', sortKey: 'name' },
          { id: 'shortages.column.sku' },
          { id: 'shortages.column.pharmacy', minWidth: '130px', sortKey: 'pharmacy' },
          { id: 'shortages.column.current', justify: 'end', sortKey: 'stock' },
          { id: 'shortages.column.minimum', justify: 'end' },
          { id: 'shortages.column.deficit', justify: 'end', sortKey: 'deficit', firstDirection: 'desc' },
          { id: 'shortages.column.source', minWidth: '140px' },
          { id: 'shortages.column.others', justify: 'end' },
          { id: 'shortages.column.status' },
          { id: 'shortages.column.actions' },
        ]}
        loadError={
          shortages.isError
            ? {
                title: <FormattedMessage id="shortages.error.fetch" />,
                children: <FormattedMessage id="shortages.error.tryAgain" />,
                onRetry: () => void shortages.refetch(),
                isRetrying: shortages.isFetching,
              }
            : undefined
        }
        isLoading={shortages.isPending}
        rows={pageWindow.rows}
        renderRow={renderRow}
        sort={sort}
        onSortChange={(next) => {
          setSort(next as ShortageSort);
          setPage(1);
        }}
        empty={
          settledQuery.trim() === '' ? (
            <FormattedMessage id="shortages.empty" />
          ) : (
            <FormattedMessage id="shortages.emptySearch" />
          )
        }
      />

      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="shortages.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />
    </Flex>
  );
}
