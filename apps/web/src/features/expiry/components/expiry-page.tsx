import type { ExpiringBatch, ExpiringSort } from '@pharmacy/contracts';
import { Badge, Button, Flex, Select, Table, Text } from '@radix-ui/themes';
import type { ComponentProps } from 'react';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DownloadIcon, PackageMinusIcon, PercentIcon, TransferIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { SummaryCards } from '../../../components/summary-cards';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { useCsvExport } from '../../../lib/csv-export';
import { useListSearch } from '../../../lib/list-search';
import { useSignedInUser } from '../../../lib/session';
import { fetchAllExpiring, useExpiringPage, useExpiringSummary } from '../api/expiry';
import { expiryListDefaults, expiryListRequest, expiryListSearch } from '../expiry-list';
import { expiryCsvColumns, expiryCsvExport } from '../utils/expiry-csv';
import {
  discountPercentOf,
  EXPIRY_WINDOWS,
  expiryStatus,
  isPastExpiry,
  shortSku,
  type ExpiryWindow,
} from '../utils/expiry';
import { DiscountDialog } from './discount-dialog';
import { ExpiryScanCard } from './expiry-scan-card';
import { ExpiryStatusBadge } from './expiry-status-badge';
import { ExpiryTransferDialog, type PharmacyOption } from './expiry-transfer-dialog';
import { WriteOffDialog } from './write-off-dialog';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { RowIconButton } from '../../../components/row-tooltip';

type Color = ComponentProps<typeof Text>['color'];

const cards: readonly {
  key: 'expired' | 'expiringSoon' | 'total';
  units: 'expiredUnits' | 'expiringSoonUnits' | 'totalUnits';
  label: { id: MessageId };
  color?: Color;
}[] = [
  { key: 'expired', units: 'expiredUnits', label: { id: 'expiry.card.expired' }, color: 'red' },
  { key: 'expiringSoon', units: 'expiringSoonUnits', label: { id: 'expiry.card.expiringSoon' }, color: 'orange' },
  { key: 'total', units: 'totalUnits', label: { id: 'expiry.card.total' } },
];

type Action = { kind: 'discount' | 'transfer' | 'writeOff'; batch: ExpiringBatch } | null;

/**
 * /expiry (specification 001 §2, §4, §5, §7, §8, §9): batches expiring within a
 * window (expired ones too), what to do with each (discount, transfer, write
 * off), a CSV of them and, for administrators, the nightly expiry scan.
 */
export function ExpiryPage() {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const { canWrite } = usePermissions();
  const user = useSignedInUser();
  const day = useDayFormatter();
  const pharmacies = usePharmacies();
  const list = useListSearch(expiryListSearch, expiryListDefaults);
  const request = expiryListRequest(list.values);
  const { days, pharmacyId, q, sort } = request;
  const expiring = useExpiringPage(request);
  const totals = useExpiringSummary(days, pharmacyId);
  const [action, setAction] = useState<Action>(null);

  const { filterOptions, destinations, pharmacyName } = useMemo(() => {
    const mine = new Set(user.pharmacies.map((pharmacy) => pharmacy.id));
    const active = (pharmacies.data ?? []).filter((pharmacy) => pharmacy.isActive);
    const named = (pharmacy: { id: string; name: string; nameAr: string | null }): PharmacyOption => ({
      id: pharmacy.id,
      name: localizedName(pharmacy.name, pharmacy.nameAr, language),
    });
    return {
      // A pharmacist looks at the pharmacies they work at; the server answers only for those anyway.
      filterOptions: active.filter((pharmacy) => role !== 'pharmacist' || mine.has(pharmacy.id)).map(named),
      // Specification 001 §5: any other active pharmacy may receive the packs.
      destinations: active.map(named),
      // The rows name the pharmacy in English only: the Arabic name comes from the pharmacy list.
      pharmacyName: (row: ExpiringBatch) => {
        const pharmacy = (pharmacies.data ?? []).find((candidate) => candidate.id === row.pharmacyId);
        return pharmacy ? named(pharmacy).name : row.pharmacyName;
      },
    };
  }, [pharmacies.data, user.pharmacies, role, language]);

  const csv = useCsvExport(
    useMemo(() => expiryCsvColumns(pharmacyName), [pharmacyName]),
    expiryCsvExport,
  );
  const pageWindow = expiring.window;
  const summary = totals.data;
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

  const daysLeft = (value: number) => {
    if (value < 0) return <FormattedMessage id="expiry.daysAgo" values={{ count: -value }} />;
    if (value === 0) return <FormattedMessage id="expiry.today" />;
    return <FormattedMessage id="expiry.daysLeft" values={{ count: value }} />;
  };

  const renderRow = (batch: ExpiringBatch) => {
    const name = localizedName(batch.productName, batch.productNameAr, language);
    const status = expiryStatus(batch.daysToExpiry);
    const discount = discountPercentOf(batch);
    const past = isPastExpiry(batch);
    const label = { name, batch: batch.batchNumber };
    return (
      <Table.Row key={batch.batchId} data-status={status} className="expiry-row">
        <Table.RowHeaderCell>
          <Text as="div" weight="medium" className="wrap-anywhere">
            <bdi>{name}</bdi>
          </Text>
          <Text as="div" size="1" color="gray">
            <FormattedMessage
              id="expiry.sku"
              values={{ id: <span className="code-value">{shortSku(batch.productId)}</span> }}
            />
          </Text>
        </Table.RowHeaderCell>
        <Table.Cell>
          <span className="code-value">{batch.batchNumber}</span>
        </Table.Cell>
        <Table.Cell>
          <bdi>{pharmacyName(batch)}</bdi>
        </Table.Cell>
        <Table.Cell justify="end">{intl.formatNumber(batch.quantity)}</Table.Cell>
        <Table.Cell className="nowrap">{day(batch.expiryDate)}</Table.Cell>
        <Table.Cell className="nowrap">
          <Text color={status === 'expired' || status === 'critical' ? 'red' : undefined} data-cell="days">
            {daysLeft(batch.daysToExpiry)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          <Flex direction="column" gap="1" align="start">
            <ExpiryStatusBadge status={status} />
            {batch.expiredOn && (
              <Text size="1" color="gray" data-cell="recorded">
                <FormattedMessage id="expiry.recordedExpired" values={{ date: day(batch.expiredOn) }} />
              </Text>
            )}
          </Flex>
        </Table.Cell>
        <Table.Cell>
          {discount === null ? (
            <Text color="gray">—</Text>
          ) : (
            <Badge color="green" variant="soft" data-cell="discount">
              <FormattedMessage id="expiry.discountBadge" values={{ value: percent(discount) }} />
            </Badge>
          )}
        </Table.Cell>
        {canWrite && (
          <Table.Cell>
            <Flex gap="2">
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'expiry.action.discount' })}
                label={intl.formatMessage({ id: 'expiry.action.discountLabel' }, label)}
                variant="soft"
                color="green"
                disabled={past}
                onClick={() => setAction({ kind: 'discount', batch })}
              >
                <PercentIcon />
              </RowIconButton>
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'expiry.action.transfer' })}
                label={intl.formatMessage({ id: 'expiry.action.transferLabel' }, label)}
                variant="soft"
                disabled={past}
                onClick={() => setAction({ kind: 'transfer', batch })}
              >
                <TransferIcon />
              </RowIconButton>
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'expiry.action.writeOff' })}
                label={intl.formatMessage({ id: 'expiry.action.writeOffLabel' }, label)}
                variant="soft"
                color="red"
                onClick={() => setAction({ kind: 'writeOff', batch })}
              >
                <PackageMinusIcon />
              </RowIconButton>
            </Flex>
          </Table.Cell>
        )}
      </Table.Row>
    );
  };

  const close = () => setAction(null);

  return (
    <ListPage
      title={{ id: 'expiry.title' }}
      subtitle={{ id: 'expiry.subtitle' }}
      actionsFrom="md"
      actions={
        <Flex gap="2" direction={{ initial: 'column', xs: 'row' }} flexShrink="0">
          <Select.Root
            value={String(days)}
            onValueChange={(value) => list.update({ days: Number(value) as ExpiryWindow })}
          >
            <Select.Trigger aria-label={intl.formatMessage({ id: 'expiry.window.label' })} />
            <Select.Content position="popper">
              {EXPIRY_WINDOWS.map((window) => (
                <Select.Item key={window} value={String(window)}>
                  <FormattedMessage id="expiry.window" values={{ days: window }} />
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <PharmacyFilter
            value={pharmacyId}
            onChange={(next) => list.update({ pharmacy: next ?? undefined })}
            options={filterOptions}
            label={{ id: 'expiry.pharmacyFilter' }}
            allLabel={{ id: 'expiry.allPharmacies' }}
          />
          <Button
            variant="soft"
            onClick={() => void csv.download(() => fetchAllExpiring(request))}
            disabled={expiring.isPending}
            loading={csv.isPending}
          >
            <DownloadIcon />
            <FormattedMessage id="expiry.export" />
          </Button>
        </Flex>
      }
      summary={
        <>
          {role === 'admin' && <ExpiryScanCard />}
          <SummaryCards
            label={{ id: 'expiry.summary' }}
            columns={{ initial: '1', xs: '3' }}
            cards={cards.map((card) => ({
              key: card.key,
              label: intl.formatMessage(card.label),
              value: summary ? intl.formatNumber(summary[card.key]) : '—',
              color: summary && summary[card.key] > 0 ? card.color : undefined,
              note: summary ? (
                <FormattedMessage id="expiry.card.units" values={{ count: summary[card.units] }} />
              ) : (
                '\u00a0'
              ),
            }))}
          />
        </>
      }
      search={{ list, label: { id: 'expiry.search' }, className: 'search-field' }}
      table={{
        label: { id: 'expiry.table.label' },
        size: '1',
        columns: [
          { id: 'expiry.column.product', minWidth: '180px', sortKey: 'name' },
          { id: 'expiry.column.batch' },
          { id: 'expiry.column.pharmacy', minWidth: '130px', sortKey: 'pharmacy' },
          { id: 'expiry.column.quantity', justify: 'end', sortKey: 'quantity', firstDirection: 'desc' },
          { id: 'expiry.column.expiryDate', sortKey: 'expiry' },
          { id: 'expiry.column.daysLeft' },
          { id: 'expiry.column.status' },
          { id: 'expiry.column.discount' },
          // Auditors change nothing: no column of actions they could not take.
          ...(canWrite ? [{ id: 'expiry.column.actions' } as const] : []),
        ],
        query: expiring,
        window: pageWindow,
        loadError: { title: { id: 'expiry.error.fetch' }, description: { id: 'expiry.error.tryAgain' } },
        renderRow,
        sort: { value: sort, onChange: (next) => list.update({ sort: next as ExpiringSort }) },
        empty:
          q === '' ? (
            <FormattedMessage id="expiry.empty" values={{ days }} />
          ) : (
            <FormattedMessage id="expiry.emptySearch" />
          ),
        paging: { list, showing: { id: 'expiry.showing' } },
      }}
    >
      <DiscountDialog batch={action?.kind === 'discount' ? action.batch : null} onClose={close} />
      <ExpiryTransferDialog
        batch={action?.kind === 'transfer' ? action.batch : null}
        pharmacies={destinations}
        pharmacyName={action?.kind === 'transfer' ? pharmacyName(action.batch) : ''}
        onClose={close}
      />
      <WriteOffDialog
        batch={action?.kind === 'writeOff' ? action.batch : null}
        pharmacyName={action?.kind === 'writeOff' ? pharmacyName(action.batch) : ''}
        onClose={close}
      />
    </ListPage>
  );
}
