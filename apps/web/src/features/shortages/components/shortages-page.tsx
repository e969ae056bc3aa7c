import type { ShortageItem, ShortageSort, ShortageSummaryCounts } from '@pharmacy/contracts';
import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon, TransferIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { SummaryCards } from '../../../components/summary-cards';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useCsvExport } from '../../../lib/csv-export';
import { useListSearch } from '../../../lib/list-search';
import { usePharmacies } from '../../../lib/pharmacies';
import { usePageNavigation } from '../../../lib/route-exists';
import { useSignedInUser } from '../../../lib/session';
import { fetchAllShortages, useShortagePage, useShortageSummary } from '../api/shortages';
import { shortageListDefaults, shortageListRequest, shortageListSearch } from '../shortage-list';
import { shortageCsvColumns, shortageCsvExport, shortageStatusLabels } from '../utils/shortages-csv';
import { deficitSeverity, isCritical, suggestedTransfer, type DeficitSeverity } from '../utils/shortages';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { RowIconButton } from '../../../components/row-tooltip';

const TRANSFERS_PATH = '/transfers';

type Color = ComponentProps<typeof Text>['color'];

const cards: readonly { key: keyof ShortageSummaryCounts; label: { id: MessageId }; color?: Color }[] = [
  { key: 'total', label: { id: 'shortages.card.total' } },
  { key: 'critical', label: { id: 'shortages.card.critical' }, color: 'red' },
  { key: 'canFulfill', label: { id: 'shortages.card.canFulfill' }, color: 'green' },
  { key: 'deficit', label: { id: 'shortages.card.deficit' }, color: 'amber' },
];

const statusColors: Record<ShortageItem['status'], ComponentProps<typeof Badge>['color']> = {
  can_fulfill: 'green',
  partial: 'amber',
  no_source: 'red',
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
  const list = useListSearch(shortageListSearch, shortageListDefaults);
  const request = shortageListRequest(list.values);
  const { pharmacyId, q, sort } = request;
  const shortages = useShortagePage(request);
  const totals = useShortageSummary(pharmacyId, q);
  const csv = useCsvExport(shortageCsvColumns, shortageCsvExport);
  const openTransfers = usePageNavigation(TRANSFERS_PATH);
  const pageWindow = shortages.window;
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
          <Badge color={statusColors[item.status]} variant="soft">
            <FormattedMessage {...shortageStatusLabels[item.status]} />
          </Badge>
        </Table.Cell>
        <Table.Cell>
          {transfer && openTransfers && canWrite && (
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'shortages.request' })}
              label={intl.formatMessage({ id: 'shortages.requestLabel' }, { name, pharmacy })}
              variant="soft"
              size="2"
              onClick={() => openTransfers(transfer)}
            >
              <TransferIcon />
            </RowIconButton>
          )}
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      title={{ id: 'shortages.title' }}
      subtitle={{ id: 'shortages.subtitle' }}
      actions={
        <Flex gap="2" direction={{ initial: 'column', xs: 'row' }}>
          <PharmacyFilter
            value={pharmacyId}
            onChange={(next) => list.update({ pharmacy: next ?? undefined })}
            options={options}
            label={{ id: 'shortages.pharmacyFilter' }}
            allLabel={{ id: 'shortages.allPharmacies' }}
          />
          <Button
            variant="soft"
            onClick={() => void csv.download(() => fetchAllShortages(request))}
            disabled={shortages.isPending}
            loading={csv.isPending}
          >
            <DownloadIcon />
            <FormattedMessage id="shortages.export" />
          </Button>
        </Flex>
      }
      summary={
        <SummaryCards
          label={{ id: 'shortages.summary' }}
          columns={{ initial: '2', md: '4' }}
          cards={cards.map((card) => ({
            key: card.key,
            label: intl.formatMessage(card.label),
            value: summary ? intl.formatNumber(summary[card.key]) : '—',
            color: summary && summary[card.key] > 0 ? card.color : undefined,
          }))}
        />
      }
      search={{ list, label: { id: 'shortages.search' }, className: 'search-field' }}
      table={{
        label: { id: 'shortages.table.label' },
        size: '1',
        columns: [
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
        ],
        query: shortages,
        window: pageWindow,
        loadError: { title: { id: 'shortages.error.fetch' }, description: { id: 'shortages.error.tryAgain' } },
        renderRow,
        sort: { value: sort, onChange: (next) => list.update({ sort: next as ShortageSort }) },
        empty: q === '' ? <FormattedMessage id="shortages.empty" /> : <FormattedMessage id="shortages.emptySearch" />,
        paging: { list, showing: { id: 'shortages.showing' } },
      }}
    />
  );
}
