import type { StockDiscrepancy } from '@pharmacy/contracts';
import { Box, Button, Flex, Heading, Select, Table, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { ReceiptIcon } from '../../../components/icons';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { StatusBadge, type StatusLook } from '../../../components/status-badge';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter } from '../../../lib/dates';
import { usePharmacies } from '../../../lib/pharmacies';
import { salesUnitLabels } from '../../../lib/sales-units';
import { useSignedInUser } from '../../../lib/session';
import {
  DISCREPANCY_LIST_LIMIT,
  discrepancyStatusFilters,
  useDiscrepancies,
  type DiscrepancyStatusFilter,
} from '../api/discrepancies';
import { discrepancyKindLabels, discrepancySaleNumber } from '../utils/discrepancies';
import { ResolveDiscrepancyDialog } from './resolve-discrepancy-dialog';

const statusFilterLabels = {
  open: { id: 'discrepancies.filter.open' },
  resolved: { id: 'discrepancies.filter.resolved' },
  all: { id: 'discrepancies.filter.all' },
} as const satisfies Record<DiscrepancyStatusFilter, { id: MessageId }>;

const emptyMessages = {
  open: { id: 'discrepancies.empty.open' },
  resolved: { id: 'discrepancies.empty.resolved' },
  all: { id: 'discrepancies.empty.all' },
} as const satisfies Record<DiscrepancyStatusFilter, { id: MessageId }>;

const statusLooks: Record<StockDiscrepancy['status'], StatusLook> = {
  open: { color: 'red', variant: 'soft', label: { id: 'discrepancies.status.open' } },
  resolved: { color: 'green', variant: 'soft', label: { id: 'discrepancies.status.resolved' } },
};

export interface DiscrepancyFilters {
  status: DiscrepancyStatusFilter;
  /** One pharmacy, or null for all the pharmacies the user sees. */
  pharmacyId: string | null;
}

export interface DiscrepanciesPageProps {
  /** The filters, when the route keeps them in the address; without them the page keeps its own. */
  filters?: DiscrepancyFilters;
  onFiltersChange?(filters: DiscrepancyFilters): void;
  /** Opens a sale's details; without it the sale's number is shown without a button. */
  onOpenSale?(saleId: string): void;
}

/**
 * /discrepancies (issue 15): what sales made offline left for a person to
 * review — units sold that the books no longer held when the sale arrived,
 * and sales priced from a copy of the price list older than allowed — and
 * recording what was found or done about each.
 */
export function DiscrepanciesPage({ filters, onFiltersChange, onOpenSale }: DiscrepanciesPageProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const role = useRole();
  const { canWrite } = usePermissions();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const dateTime = useDateTimeFormatter();
  const [localFilters, setLocalFilters] = useState<DiscrepancyFilters>({ status: 'open', pharmacyId: null });
  const current = filters ?? localFilters;
  const change = (patch: Partial<DiscrepancyFilters>) => {
    const next = { ...current, ...patch };
    setLocalFilters(next);
    onFiltersChange?.(next);
  };
  const discrepancies = useDiscrepancies(current);
  const [resolving, setResolving] = useState<StockDiscrepancy | null>(null);

  // A pharmacist looks at the pharmacies they work at; the server answers only for those anyway.
  const options = useMemo(() => {
    const mine = new Set(user.pharmacies.map((pharmacy) => pharmacy.id));
    return (pharmacies.data ?? [])
      .filter((pharmacy) => role !== 'pharmacist' || mine.has(pharmacy.id))
      .map((pharmacy) => ({ id: pharmacy.id, name: localizedName(pharmacy.name, pharmacy.nameAr, language) }));
  }, [pharmacies.data, user.pharmacies, role, language]);
  const pharmacyName = (discrepancy: StockDiscrepancy) =>
    options.find((pharmacy) => pharmacy.id === discrepancy.pharmacyId)?.name ?? discrepancy.pharmacyName;
  const showPharmacyFilter = role !== 'pharmacist' || options.length > 1;
  const rows = discrepancies.data ?? [];

  const renderRow = (discrepancy: StockDiscrepancy) => {
    const number = discrepancySaleNumber(discrepancy);
    return (
      <Table.Row key={discrepancy.id} data-status={discrepancy.status} data-kind={discrepancy.kind}>
        <Table.RowHeaderCell>
          <Text as="div" weight="medium">
            <FormattedMessage {...discrepancyKindLabels[discrepancy.kind]} />
          </Text>
          {discrepancy.kind === 'stale_price' && discrepancy.catalogueAsOf && (
            <Text as="div" size="1" color="gray">
              <FormattedMessage id="discrepancies.pricesAsOf" values={{ date: dateTime(discrepancy.catalogueAsOf) }} />
            </Text>
          )}
        </Table.RowHeaderCell>
        <Table.Cell className="nowrap">
          {onOpenSale ? (
            <Button
              size="1"
              variant="ghost"
              onClick={() => onOpenSale(discrepancy.saleId)}
              aria-label={intl.formatMessage({ id: 'discrepancies.openSale' }, { number })}
            >
              <ReceiptIcon />
              <bdi className="code-value">{number}</bdi>
            </Button>
          ) : (
            <bdi className="code-value">{number}</bdi>
          )}
        </Table.Cell>
        <Table.Cell>
          <bdi>{pharmacyName(discrepancy)}</bdi>
        </Table.Cell>
        <Table.Cell className="nowrap">
          <time dateTime={discrepancy.soldAt}>{dateTime(discrepancy.soldAt)}</time>
        </Table.Cell>
        <Table.Cell className="nowrap">
          <time dateTime={discrepancy.raisedAt}>{dateTime(discrepancy.raisedAt)}</time>
        </Table.Cell>
        <Table.Cell>
          <ul className="plain-list" data-cell="lines">
            {discrepancy.lines.map((line) => (
              <li key={`${line.productId}:${line.salesUnit}`}>
                <FormattedMessage
                  id="discrepancies.line"
                  values={{
                    name: <bdi>{localizedName(line.productName, line.productNameAr, language)}</bdi>,
                    quantity: intl.formatNumber(line.quantity),
                    value: intl.formatMessage(salesUnitLabels[line.salesUnit]),
                  }}
                />
              </li>
            ))}
          </ul>
        </Table.Cell>
        <Table.Cell>
          <StatusBadge status={discrepancy.status} looks={statusLooks} />
          {discrepancy.status === 'resolved' && (
            <Box mt="1" data-cell="resolution">
              <Text as="div" size="1" color="gray">
                {discrepancy.resolvedBy ? (
                  <FormattedMessage
                    id="discrepancies.resolvedBy"
                    values={{
                      name: <bdi>{discrepancy.resolvedBy}</bdi>,
                      date: discrepancy.resolvedAt ? dateTime(discrepancy.resolvedAt) : '',
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="discrepancies.resolvedAt"
                    values={{ date: discrepancy.resolvedAt ? dateTime(discrepancy.resolvedAt) : '' }}
                  />
                )}
              </Text>
              {discrepancy.resolutionNote && (
                <Text as="p" size="2" className="wrap-anywhere" style={{ whiteSpace: 'pre-line' }}>
                  <bdi>{discrepancy.resolutionNote}</bdi>
                </Text>
              )}
            </Box>
          )}
        </Table.Cell>
        <Table.Cell>
          {/* Auditors change nothing (the server refuses them anyway). */}
          {canWrite && discrepancy.status === 'open' && (
            <Button
              size="1"
              variant="soft"
              onClick={() => setResolving(discrepancy)}
              aria-label={intl.formatMessage({ id: 'discrepancies.resolveLabel' }, { number })}
            >
              <FormattedMessage id="discrepancies.resolve" />
            </Button>
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
            <FormattedMessage id="discrepancies.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="discrepancies.subtitle" />
          </Text>
        </Box>
        <Flex gap="2" direction={{ initial: 'column', xs: 'row' }}>
          <Select.Root
            value={current.status}
            onValueChange={(value) => change({ status: value as DiscrepancyStatusFilter })}
          >
            <Select.Trigger
              className="filter-select"
              aria-label={intl.formatMessage({ id: 'discrepancies.statusFilter' })}
            />
            <Select.Content position="popper">
              {discrepancyStatusFilters.map((status) => (
                <Select.Item key={status} value={status}>
                  {intl.formatMessage(statusFilterLabels[status])}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          {showPharmacyFilter && (
            <PharmacyFilter
              value={current.pharmacyId}
              onChange={(pharmacyId) => change({ pharmacyId })}
              options={options}
              label={{ id: 'discrepancies.pharmacyFilter' }}
              allLabel={{ id: 'discrepancies.allPharmacies' }}
            />
          )}
        </Flex>
      </Flex>

      <DataTable
        label={intl.formatMessage({ id: 'discrepancies.table.label' })}
        size="1"
        columns={[
          { id: 'discrepancies.column.issue', minWidth: '180px' },
          { id: 'discrepancies.column.sale' },
          { id: 'discrepancies.column.pharmacy', minWidth: '130px' },
          { id: 'discrepancies.column.soldAt' },
          { id: 'discrepancies.column.arrivedAt' },
          { id: 'discrepancies.column.products', minWidth: '200px' },
          { id: 'discrepancies.column.status', minWidth: '180px' },
          { id: 'discrepancies.column.actions' },
        ]}
        loadError={
          discrepancies.isError
            ? {
                title: <FormattedMessage id="discrepancies.error.fetch" />,
                children: <FormattedMessage id="discrepancies.error.tryAgain" />,
                onRetry: () => void discrepancies.refetch(),
                isRetrying: discrepancies.isFetching,
              }
            : undefined
        }
        isLoading={discrepancies.isPending}
        rows={rows}
        renderRow={renderRow}
        empty={<FormattedMessage {...emptyMessages[current.status]} />}
      />

      {discrepancies.isSuccess && rows.length > 0 && (
        <Text as="p" size="2" color="gray">
          {rows.length >= DISCREPANCY_LIST_LIMIT ? (
            <FormattedMessage id="discrepancies.showingNewest" values={{ count: rows.length }} />
          ) : (
            <FormattedMessage id="discrepancies.showing" values={{ count: rows.length }} />
          )}
        </Text>
      )}

      <ResolveDiscrepancyDialog
        discrepancy={resolving}
        pharmacyName={resolving ? pharmacyName(resolving) : ''}
        onClose={() => setResolving(null)}
      />
    </Flex>
  );
}
