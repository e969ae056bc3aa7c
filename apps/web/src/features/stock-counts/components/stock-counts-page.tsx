import { stockCountSchema, type CountSort, type StockCount } from '@pharmacy/contracts';
import { Button, Flex, Table, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EyeIcon, PlusIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { useLanguage } from '../../../i18n/use-language';
import { useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter } from '../../../lib/dates';
import { useListSearch } from '../../../lib/list-search';
import { usePharmacies } from '../../../lib/pharmacies';
import { useServerPage } from '../../../lib/server-page';
import { localizedPharmacy, useSignedInUser } from '../../../lib/session';
import { countListDefaults, countListRequest, countListSearch } from '../count-list';
import { countNumber } from '../utils/counts';
import { CountSheet } from './count-sheet';
import { CountStatusBadge } from './count-status-badge';
import { StartCountDialog } from './start-count-dialog';
import { PharmacyFilter } from '../../../components/pharmacy-filter';

export interface StockCountsPageProps {
  /** The count whose sheet is open (`?count=`); null: the list. */
  countId: string | null;
  onOpenCount(id: string | null): void;
}

/**
 * /stock-counts: stocktakes of a pharmacy. The list of counts and 'Start count';
 * a count's sheet (scan, counted packs, reasons), its variance report, posting
 * (administrators and the pharmacy's manager) and cancelling.
 */
export function StockCountsPage({ countId, onOpenCount }: StockCountsPageProps) {
  if (countId) return <CountSheet key={countId} countId={countId} onBack={() => onOpenCount(null)} />;
  return <CountList onOpenCount={onOpenCount} />;
}

function CountList({ onOpenCount }: { onOpenCount(id: string): void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const dateTime = useDateTimeFormatter();
  const list = useListSearch(countListSearch, countListDefaults);
  const pharmacyId = list.values.pharmacy ?? null;
  const [startOpen, setStartOpen] = useState(false);
  // The server sorts (open counts first, then the newest, unless a column says otherwise) and pages.
  const counts = useServerPage(stockCountSchema, countListRequest(list.values));
  const pageWindow = counts.window;

  // Counts are of the pharmacies the user works at (administrators: every active one).
  const options = useMemo(() => {
    if (role !== 'admin') {
      return user.pharmacies.map((pharmacy) => ({ id: pharmacy.id, name: localizedPharmacy(pharmacy, language).name }));
    }
    return (pharmacies.data ?? [])
      .filter((pharmacy) => pharmacy.isActive)
      .map((pharmacy) => ({ id: pharmacy.id, name: localizedName(pharmacy.name, pharmacy.nameAr, language) }));
  }, [role, user.pharmacies, pharmacies.data, language]);
  const pharmacyName = (count: StockCount) =>
    options.find((option) => option.id === count.pharmacyId)?.name ?? count.pharmacyName;

  const renderRow = (count: StockCount) => {
    const number = countNumber(count.id);
    return (
      <Table.Row key={count.id}>
        <Table.RowHeaderCell>
          <span className="code-value">{number}</span>
        </Table.RowHeaderCell>
        <Table.Cell>
          <bdi>{pharmacyName(count)}</bdi>
        </Table.Cell>
        <Table.Cell>
          <Text as="div" className="nowrap">
            {dateTime(count.startedAt)}
          </Text>
          {count.startedBy && (
            <Text as="div" size="1" color="gray">
              <bdi>{count.startedBy}</bdi>
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <CountStatusBadge status={count.status} />
        </Table.Cell>
        <Table.Cell>
          <FormattedMessage id="counts.progress" values={{ from: count.countedCount, total: count.lineCount }} />
        </Table.Cell>
        <Table.Cell maxWidth="220px">
          {count.note ? (
            <Text className="wrap-anywhere">
              <bdi>{count.note}</bdi>
            </Text>
          ) : (
            <Text color="gray">—</Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <Button
            size="1"
            variant="soft"
            onClick={() => onOpenCount(count.id)}
            aria-label={intl.formatMessage({ id: 'counts.openLabel' }, { number })}
          >
            <EyeIcon />
            {count.status === 'open' ? (
              <FormattedMessage id="counts.continue" />
            ) : (
              <FormattedMessage id="counts.view" />
            )}
          </Button>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      title={{ id: 'counts.title' }}
      subtitle={{ id: 'counts.subtitle' }}
      actions={
        <Flex gap="2" direction={{ initial: 'column', xs: 'row' }}>
          <PharmacyFilter
            value={pharmacyId}
            onChange={(next) => list.update({ pharmacy: next ?? undefined })}
            options={options}
            label={{ id: 'counts.pharmacyFilter' }}
            allLabel={{ id: 'counts.allPharmacies' }}
          />
          <Button onClick={() => setStartOpen(true)}>
            <PlusIcon />
            <FormattedMessage id="counts.start.open" />
          </Button>
        </Flex>
      }
      table={{
        label: { id: 'counts.table.label' },
        columns: [
          { id: 'counts.column.number' },
          { id: 'counts.column.pharmacy', minWidth: '140px' },
          { id: 'counts.column.started', sortKey: 'started', firstDirection: 'desc' },
          { id: 'counts.column.status', sortKey: 'status' },
          { id: 'counts.column.progress' },
          { id: 'counts.column.note' },
          { id: 'counts.column.actions' },
        ],
        query: counts,
        window: pageWindow,
        loadError: { title: { id: 'counts.error.fetch' } },
        renderRow,
        sort: { value: list.values.sort, onChange: (next) => list.update({ sort: next as CountSort }) },
        empty: <FormattedMessage id="counts.empty" />,
        paging: { list, showing: { id: 'counts.showing' } },
      }}
    >
      <StartCountDialog
        open={startOpen}
        onOpenChange={setStartOpen}
        pharmacies={options}
        defaultPharmacyId={pharmacyId ?? user.currentPharmacyId}
        onStarted={(count) => onOpenCount(count.id)}
      />
    </ListPage>
  );
}
