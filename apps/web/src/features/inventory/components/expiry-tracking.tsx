import type { SalesUnit } from '@pharmacy/contracts';
import { Badge, Box, Button, Callout, Flex, Heading, Select, Spinner, Table, Text } from '@radix-ui/themes';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RefreshIcon, WarningIcon } from '../../../components/icons';
import { ListPaging, ListSearchField } from '../../../components/list-page';
import { SummaryCards } from '../../../components/summary-cards';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { daysBetween, todayIso, useDayFormatter, utcMidnight } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { useRole } from '../../../lib/authorization';
import { useListSearch } from '../../../lib/list-search';
import { useSignedInUser } from '../../../lib/session';
import { useBatchPage, useExpirySummary } from '../api/inventory-pages';
import { inventorySearch } from '../inventory-list';
import { trackingStatus, trackingStatuses, type TrackingStatus } from '../utils/batch-status';
import { serverStatus, shortProductId } from '../utils/expiry-tracking';
import { TrackingStatusBadge, trackingLooks } from './status-badges';

const ALL = 'all';

const filterLabels = {
  expired: { id: 'inventory.tracking.filter.expired' },
  critical: { id: 'inventory.tracking.filter.critical' },
  expiresSoon: { id: 'inventory.tracking.filter.expiresSoon' },
  expiring: { id: 'inventory.tracking.filter.expiring' },
  good: { id: 'inventory.tracking.filter.good' },
} as const satisfies Record<TrackingStatus, { id: MessageId }>;

const cardLabels = {
  expired: { id: 'inventory.tracking.card.expired' },
  critical: { id: 'inventory.tracking.card.critical' },
  expiresSoon: { id: 'inventory.tracking.card.expiresSoon' },
  expiring: { id: 'inventory.tracking.card.expiring' },
  good: { id: 'inventory.tracking.card.good' },
} as const satisfies Record<TrackingStatus, { id: MessageId }>;

const unitLabels = {
  whole: { id: 'inventory.tracking.unit.whole' },
  sachet: { id: 'inventory.tracking.unit.sachet' },
  pill: { id: 'inventory.tracking.unit.pill' },
  blister: { id: 'inventory.tracking.unit.blister' },
} as const satisfies Record<SalesUnit, { id: MessageId }>;

/**
 * Inventory → Expiry Tracking (specification 001 §2): the batches holding
 * units, most urgent first, a page at a time; search, location and status
 * filter on the server. The cards and the urgent banner come from the
 * server's summary of everything that matches, not from the page shown.
 */
export function ExpiryTracking() {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const user = useSignedInUser();
  const formatDay = useDayFormatter();
  const pharmacies = usePharmacies();
  const list = useListSearch(inventorySearch);
  const { q } = list;
  const pharmacyId = list.values.pharmacy ?? null;
  const status = list.values.status ?? null;
  const today = todayIso();
  const inventory = useBatchPage({
    page: list.page,
    q,
    tracking: true,
    pharmacyId,
    status: status === null ? null : serverStatus[status],
  });
  const summary = useExpirySummary({ q, pharmacyId });

  const sources = [
    { query: inventory, message: { id: 'inventory.error.fetchInventory' } },
    { query: summary, message: { id: 'inventory.error.fetchInventory' } },
    { query: pharmacies, message: { id: 'inventory.error.fetchPharmacies' } },
  ] as const;
  // A pharmacist chooses among their own pharmacies; the server only shows them those batches anyway.
  const locationOptions = useMemo(() => {
    const allowed = new Set(user.pharmacies.map((pharmacy) => pharmacy.id));
    return (pharmacies.data ?? []).filter((pharmacy) => role === 'admin' || allowed.has(pharmacy.id));
  }, [pharmacies.data, user.pharmacies, role]);

  const units = summary.data?.units;
  const totals = Object.fromEntries(trackingStatuses.map((item) => [item, units?.[serverStatus[item]] ?? 0])) as Record<
    TrackingStatus,
    number
  >;
  const urgent = (summary.data?.urgent ?? []).map((batch) => ({
    batch,
    status: trackingStatus(batch.expiryDate, today),
  }));
  const pageWindow = inventory.window;
  const rows = pageWindow.rows.map((batch) => ({
    batch,
    status: trackingStatus(batch.expiryDate, today),
    days: daysBetween(today, batch.expiryDate),
  }));

  // The page and the summary both say "Failed to fetch inventory": once is enough.
  const failed = sources
    .filter((source) => source.query.isError)
    .filter((source, index, all) => all.findIndex((other) => other.message.id === source.message.id) === index);
  if (failed.length > 0) {
    return (
      <Flex direction="column" align="center" gap="4" py="7" role="alert" className="text-center">
        <WarningIcon width={32} height={32} className="danger-icon" />
        <Heading as="h2" size="5">
          <FormattedMessage id="inventory.tracking.failed.title" />
        </Heading>
        <ul className="plain-list">
          {failed.map((source) => (
            <li key={source.message.id}>
              <Text color="gray">{intl.formatMessage(source.message)}</Text>
            </li>
          ))}
        </ul>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button
            onClick={() =>
              sources.filter((source) => source.query.isError).forEach((source) => void source.query.refetch())
            }
            loading={sources.some((source) => source.query.isError && source.query.isFetching)}
          >
            <RefreshIcon />
            <FormattedMessage id="inventory.tracking.failed.retry" />
          </Button>
          <Button variant="soft" color="gray" onClick={() => window.location.reload()}>
            <FormattedMessage id="inventory.tracking.failed.refresh" />
          </Button>
        </Flex>
      </Flex>
    );
  }

  if (sources.some((source) => source.query.isPending)) {
    return (
      <Flex align="center" justify="center" gap="3" py="9" role="status">
        <Spinner />
        <Text color="gray">
          <FormattedMessage id="inventory.tracking.loading" />
        </Text>
      </Flex>
    );
  }

  const daysText = (days: number) =>
    days < 0 ? (
      <FormattedMessage id="inventory.tracking.daysAgo" values={{ count: -days }} />
    ) : (
      <FormattedMessage id="inventory.tracking.daysLeft" values={{ count: days }} />
    );
  const shortDay = (iso: string) =>
    intl.formatDate(utcMidnight(iso), { month: 'short', day: '2-digit', timeZone: 'UTC' });

  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="5">
        <FormattedMessage id="inventory.tracking.title" />
      </Heading>
      <Flex gap="2" direction={{ initial: 'column', md: 'row' }}>
        <ListSearchField list={list} label={{ id: 'inventory.tracking.search' }} className="grow" />
        <Select.Root
          value={pharmacyId ?? ALL}
          onValueChange={(value) => list.update({ pharmacy: value === ALL ? undefined : value })}
        >
          <Select.Trigger aria-label={intl.formatMessage({ id: 'inventory.tracking.locationFilter' })} />
          <Select.Content position="popper">
            <Select.Item value={ALL}>
              <FormattedMessage id="inventory.tracking.allLocations" />
            </Select.Item>
            {locationOptions.map((pharmacy) => (
              <Select.Item key={pharmacy.id} value={pharmacy.id}>
                {localizedName(pharmacy.name, pharmacy.nameAr, language)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root
          value={status ?? ALL}
          onValueChange={(value) => list.update({ status: value === ALL ? undefined : (value as TrackingStatus) })}
        >
          <Select.Trigger aria-label={intl.formatMessage({ id: 'inventory.tracking.statusFilter' })} />
          <Select.Content position="popper">
            <Select.Item value={ALL}>
              <FormattedMessage id="inventory.tracking.filter.all" />
            </Select.Item>
            {trackingStatuses.map((item) => (
              <Select.Item key={item} value={item}>
                {intl.formatMessage(filterLabels[item])}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>

      <SummaryCards
        label={{ id: 'inventory.tracking.summary' }}
        columns={{ initial: '2', sm: '3', md: '5' }}
        attribute="status"
        cards={trackingStatuses.map((item) => ({
          key: item,
          label: intl.formatMessage(cardLabels[item]),
          value: intl.formatNumber(totals[item]),
          color: trackingLooks[item].color,
          note: <FormattedMessage id="inventory.tracking.card.units" values={{ count: totals[item] }} />,
        }))}
      />

      {totals.expired + totals.critical > 0 && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Flex direction="column" gap="2">
            <Text weight="bold" size="2">
              <FormattedMessage id="inventory.tracking.urgent.title" />
            </Text>
            <Callout.Text>
              <FormattedMessage
                id="inventory.tracking.urgent.description"
                values={{ expired: totals.expired, critical: totals.critical }}
              />
            </Callout.Text>
            <Flex gap="2" wrap="wrap" asChild>
              <ul className="plain-list">
                {urgent.map((row) => (
                  <li key={row.batch.id}>
                    <Badge color="red" variant={row.status === 'expired' ? 'solid' : 'soft'}>
                      <bdi>{localizedName(row.batch.productName, row.batch.productNameAr, language)}</bdi>
                      {' · '}
                      {row.status === 'expired' ? (
                        <FormattedMessage id="inventory.tracking.urgent.expired" />
                      ) : (
                        <FormattedMessage
                          id="inventory.tracking.urgent.expires"
                          values={{ date: shortDay(row.batch.expiryDate) }}
                        />
                      )}
                    </Badge>
                  </li>
                ))}
              </ul>
            </Flex>
          </Flex>
        </Callout.Root>
      )}

      <Box className="table-scroll">
        <Table.Root
          variant="surface"
          aria-label={intl.formatMessage({ id: 'inventory.tracking.title' })}
          aria-busy={inventory.isPlaceholderData || undefined}
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell minWidth="220px">
                <FormattedMessage id="inventory.column.product" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.batchNumber" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.location" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.quantity" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.expiryDate" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.status" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="inventory.column.daysUntilExpiry" />
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7}>
                  <Text color="gray">
                    <FormattedMessage id="inventory.tracking.empty" />
                  </Text>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map(({ batch, status: rowStatus, days }) => {
                const unit = batch.salesUnit;
                return (
                  <Table.Row key={batch.id}>
                    <Table.RowHeaderCell>
                      <Text as="div" weight="medium">
                        <bdi>{localizedName(batch.productName, batch.productNameAr, language)}</bdi>
                      </Text>
                      <Text as="div" size="1" color="gray">
                        <FormattedMessage
                          id="inventory.tracking.sku"
                          values={{ id: <span className="code-value">{shortProductId(batch.productId)}</span> }}
                        />
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <span className="code-value">{batch.batchNumber}</span>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{localizedName(batch.pharmacyName, batch.pharmacyNameAr, language)}</bdi>
                    </Table.Cell>
                    <Table.Cell>{intl.formatMessage(unitLabels[unit], { count: batch.quantity })}</Table.Cell>
                    <Table.Cell>{formatDay(batch.expiryDate)}</Table.Cell>
                    <Table.Cell>
                      <TrackingStatusBadge status={rowStatus} />
                    </Table.Cell>
                    <Table.Cell>
                      <Text color={days < 0 ? 'red' : undefined}>{daysText(days)}</Text>
                    </Table.Cell>
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <ListPaging list={list} showing={{ id: 'inventory.batches.showing' }} query={inventory} window={pageWindow} />
    </Flex>
  );
}
