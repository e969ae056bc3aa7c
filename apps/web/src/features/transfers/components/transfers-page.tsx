import { transferSchema, type Transfer, type TransferSort, type TransferSummary } from '@pharmacy/contracts';
import { Box, Button, Card, Flex, Grid, Heading, IconButton, Link, Table, Text } from '@radix-ui/themes';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DataTable } from '../../../components/data-table';
import { PaginationBar } from '../../../components/pagination-bar';
import { CheckIcon, EyeIcon, PlusIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { usePharmacies } from '../../../lib/pharmacies';
import { useServerPage } from '../../../lib/server-page';
import { useSignedInUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { defaultTransferSort, transferPageRequest, useTransferStep, useTransferSummary } from '../api/transfers';
import { useStepFailure } from '../hooks/use-step-failure';
import { transferNumber } from '../utils/transfers';
import { CreateTransferDialog, type PharmacyOption, type TransferPrefill } from './create-transfer-dialog';
import { TransferDetailDialog } from './transfer-detail-dialog';
import { TransferStatusBadge } from './transfer-status-badge';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { SearchField } from '../../../components/search-field';
import { RowTooltip } from '../../../components/row-tooltip';

/** Specification 001 §2 and §4: four tiles; "In Progress" counts approved transfers (dispatched, on the way). */
const tiles: readonly { key: string; count: keyof TransferSummary; label: { id: MessageId } }[] = [
  { key: 'pending', count: 'pending', label: { id: 'transfers.tile.pending' } },
  { key: 'completed', count: 'completed', label: { id: 'transfers.tile.completed' } },
  { key: 'inProgress', count: 'approved', label: { id: 'transfers.tile.inProgress' } },
  { key: 'total', count: 'total', label: { id: 'transfers.tile.total' } },
];

export interface TransfersPageProps {
  /** From a link (`?from=&to=&product=&quantity=`): the create dialog opens filled in. */
  prefill?: TransferPrefill | undefined;
  /** The dialog the link opened has closed: the route drops the parameters so a reload does not reopen it. */
  onPrefillDone?(): void;
}

/** /transfers (specification 001 §2, §4, §5, §8): stock transfers between pharmacies. */
export function TransfersPage({ prefill, onPrefillDone }: TransfersPageProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const role = useRole();
  const { canWrite } = usePermissions();
  const user = useSignedInUser();
  const pharmacies = usePharmacies();
  const [pharmacyId, setPharmacyId] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TransferSort>(defaultTransferSort);
  const settledQuery = useDebouncedValue(query.trim(), 250);
  // The server searches (number, either pharmacy's name, notes), filters, sorts and pages.
  const transfers = useServerPage(transferSchema, transferPageRequest({ page, sort, q: settledQuery, pharmacyId }));
  // The tiles count every transfer of the pharmacy filter, not the page.
  const summary = useTransferSummary(pharmacyId);
  const [createOpen, setCreateOpen] = useState(prefill !== undefined && canWrite);
  const [createSession, setCreateSession] = useState(0);
  const [shownId, setShownId] = useState<string | null>(null);
  const step = useTransferStep();
  const failed = useStepFailure();

  const { active, own, filterOptions } = useMemo(() => {
    const named = (pharmacy: { id: string; name: string; nameAr: string | null }): PharmacyOption => ({
      id: pharmacy.id,
      name: localizedName(pharmacy.name, pharmacy.nameAr, language),
    });
    const all = pharmacies.data ?? [];
    const own: ReadonlySet<string> | 'all' = role !== 'pharmacist' ? 'all' : new Set(user.pharmacies.map((p) => p.id));
    return {
      active: all.filter((pharmacy) => pharmacy.isActive).map(named),
      own,
      // A pharmacist reads the transfers of the pharmacies they work at.
      filterOptions: all.filter((pharmacy) => own === 'all' || own.has(pharmacy.id)).map(named),
    };
  }, [pharmacies.data, user.pharmacies, role, language]);

  const searching = query.trim() !== '';
  const pageWindow = transfers.window;
  // A page emptied meanwhile (fewer transfers than before): show the page that is now last.
  useEffect(() => {
    if (transfers.isSuccess && !transfers.isPlaceholderData && page > pageWindow.pageCount)
      setPage(pageWindow.pageCount);
  }, [transfers.isSuccess, transfers.isPlaceholderData, page, pageWindow.pageCount]);

  // The server says, per transfer, what the caller may do with it.
  const approvable = new Set(
    pageWindow.rows.filter((transfer) => canWrite && transfer.canApprove).map((transfer) => transfer.id),
  );

  const openCreate = () => {
    setCreateSession((session) => session + 1);
    setCreateOpen(true);
  };
  const approve = (transfer: Transfer) =>
    step.mutate(
      { action: 'approve', id: transfer.id },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage({ id: 'transfers.toast.approved' }),
          }),
        onError: (error) => failed(error, { id: 'transfers.toast.approveFailed' }),
      },
    );

  const renderRow = (transfer: Transfer) => {
    const number = transferNumber(transfer.id);
    return (
      <Table.Row key={transfer.id}>
        <Table.RowHeaderCell>
          <span className="code-value">{number}</span>
        </Table.RowHeaderCell>
        <Table.Cell>
          <bdi>{localizedName(transfer.fromPharmacyName, transfer.fromPharmacyNameAr, language)}</bdi>
        </Table.Cell>
        <Table.Cell>
          <bdi>{localizedName(transfer.toPharmacyName, transfer.toPharmacyNameAr, language)}</bdi>
        </Table.Cell>
        <Table.Cell className="nowrap">{intl.formatDate(transfer.createdAt, { dateStyle: 'medium' })}</Table.Cell>
        <Table.Cell>
          <TransferStatusBadge status={transfer.status} />
          {transfer.awaitingSourceApproval && (
            <Text as="div" size="1" color="gray" mt="1">
              <FormattedMessage
                id="transfers.awaitingApproval"
                values={{
                  pharmacy: (
                    <bdi>{localizedName(transfer.fromPharmacyName, transfer.fromPharmacyNameAr, language)}</bdi>
                  ),
                }}
              />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell maxWidth="240px">
          {transfer.notes ? (
            <Text className="wrap-anywhere">
              <bdi>{transfer.notes}</bdi>
            </Text>
          ) : (
            <Text color="gray">
              <FormattedMessage id="transfers.noNotes" />
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>
          <Flex gap="3" align="center">
            <RowTooltip content={intl.formatMessage({ id: 'transfers.view' })}>
              <IconButton
                variant="ghost"
                size="1"
                aria-label={intl.formatMessage({ id: 'transfers.viewLabel' }, { number })}
                onClick={() => setShownId(transfer.id)}
              >
                <EyeIcon />
              </IconButton>
            </RowTooltip>
            {transfer.status === 'pending' && approvable.has(transfer.id) && (
              <RowTooltip content={intl.formatMessage({ id: 'transfers.detail.approve' })}>
                <IconButton
                  variant="ghost"
                  size="1"
                  color="green"
                  aria-label={intl.formatMessage({ id: 'transfers.approveLabel' }, { number })}
                  onClick={() => approve(transfer)}
                  disabled={step.isPending}
                >
                  <CheckIcon />
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
      <Flex justify="between" align={{ sm: 'end' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="transfers.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="transfers.subtitle" />
          </Text>
        </Box>
        {canWrite && (
          <Button onClick={openCreate}>
            <PlusIcon />
            <FormattedMessage id="transfers.new" />
          </Button>
        )}
      </Flex>

      <Grid columns={{ initial: '2', md: '4' }} gap="3" asChild>
        <ul className="plain-list" aria-label={intl.formatMessage({ id: 'transfers.summary' })}>
          {tiles.map((tile) => (
            <Card asChild key={tile.key} className="summary-card" data-tile={tile.key}>
              <li>
                <Text as="div" size="2" color="gray">
                  {intl.formatMessage(tile.label)}
                </Text>
                <Text as="div" size="6" weight="bold">
                  {summary.data ? intl.formatNumber(summary.data[tile.count]) : '—'}
                </Text>
              </li>
            </Card>
          ))}
        </ul>
      </Grid>

      <Flex gap="2" direction={{ initial: 'column', sm: 'row' }}>
        <SearchField
          className="grow"
          value={query}
          onValueChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
          label={intl.formatMessage({ id: 'transfers.search' })}
        />
        <PharmacyFilter
          value={pharmacyId}
          onChange={(next) => {
            setPharmacyId(next);
            setPage(1);
          }}
          options={filterOptions}
          label={{ id: 'transfers.pharmacyFilter' }}
          allLabel={{ id: 'transfers.allPharmacies' }}
        />
      </Flex>

      <DataTable
        label={intl.formatMessage({ id: 'transfers.table.label' })}
        columns={[
          { id: 'transfers.column.id' },
          { id: 'transfers.column.from', minWidth: '160px' },
          { id: 'transfers.column.to', minWidth: '160px' },
          { id: 'transfers.column.date', sortKey: 'created', firstDirection: 'desc' },
          { id: 'transfers.column.status', sortKey: 'status' },
          { id: 'transfers.column.notes' },
          { id: 'transfers.column.actions' },
        ]}
        loadError={
          transfers.isError
            ? {
                title: <FormattedMessage id="transfers.error.fetch" />,
                children: <FormattedMessage id="transfers.error.tryAgain" />,
                onRetry: () => void transfers.refetch(),
                isRetrying: transfers.isFetching,
              }
            : undefined
        }
        isLoading={transfers.isPending}
        rows={pageWindow.rows}
        renderRow={renderRow}
        sort={sort}
        onSortChange={(next) => {
          setSort(next as TransferSort);
          setPage(1);
        }}
        empty={
          <>
            <FormattedMessage id="transfers.empty" />
            {!searching && canWrite && (
              <>
                {' '}
                <Link asChild>
                  <button type="button" className="link-button" onClick={openCreate}>
                    <FormattedMessage id="transfers.empty.create" />
                  </button>
                </Link>
              </>
            )}
          </>
        }
      />

      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="transfers.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />

      <CreateTransferDialog
        key={createSession}
        open={createOpen}
        onOpenChange={(open) => {
          setCreateOpen(open);
          if (!open) onPrefillDone?.();
        }}
        pharmacies={active}
        own={own}
        prefill={createSession === 0 ? prefill : undefined}
      />
      <TransferDetailDialog transferId={shownId} onClose={() => setShownId(null)} />
    </Flex>
  );
}
