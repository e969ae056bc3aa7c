import { transferSchema, type Transfer, type TransferSort, type TransferSummary } from '@pharmacy/contracts';
import { Button, Flex, Link, Table, Text } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckIcon, EyeIcon, PlusIcon } from '../../../components/icons';
import { ListPage } from '../../../components/list-page';
import { SummaryCards } from '../../../components/summary-cards';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { usePermissions, useRole } from '../../../lib/authorization';
import { localizedName } from '../../../lib/catalogue';
import { useListSearch } from '../../../lib/list-search';
import { usePharmacies } from '../../../lib/pharmacies';
import { useServerPage } from '../../../lib/server-page';
import { useSignedInUser } from '../../../lib/session';
import { useTransferStep, useTransferSummary } from '../api/transfers';
import { transferListDefaults, transferListRequest, transferListSearch } from '../transfer-list';
import { useStepFailure } from '../hooks/use-step-failure';
import { transferNumber } from '../utils/transfers';
import { CreateTransferDialog, type PharmacyOption, type TransferPrefill } from './create-transfer-dialog';
import { TransferDetailDialog } from './transfer-detail-dialog';
import { TransferStatusBadge } from './transfer-status-badge';
import { PharmacyFilter } from '../../../components/pharmacy-filter';
import { RowIconButton } from '../../../components/row-tooltip';

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
  const list = useListSearch(transferListSearch, transferListDefaults);
  const pharmacyId = list.values.pharmacy ?? null;
  const { sort } = list.values;
  // The server searches (number, either pharmacy's name, notes), filters, sorts and pages.
  const transfers = useServerPage(transferSchema, transferListRequest(list.values));
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

  const searching = list.text.trim() !== '';
  const pageWindow = transfers.window;

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
            <RowIconButton
              tooltip={intl.formatMessage({ id: 'transfers.view' })}
              label={intl.formatMessage({ id: 'transfers.viewLabel' }, { number })}
              onClick={() => setShownId(transfer.id)}
            >
              <EyeIcon />
            </RowIconButton>
            {transfer.status === 'pending' && approvable.has(transfer.id) && (
              <RowIconButton
                tooltip={intl.formatMessage({ id: 'transfers.detail.approve' })}
                label={intl.formatMessage({ id: 'transfers.approveLabel' }, { number })}
                color="green"
                disabled={step.isPending}
                onClick={() => approve(transfer)}
              >
                <CheckIcon />
              </RowIconButton>
            )}
          </Flex>
        </Table.Cell>
      </Table.Row>
    );
  };

  return (
    <ListPage
      title={{ id: 'transfers.title' }}
      subtitle={{ id: 'transfers.subtitle' }}
      actions={
        canWrite && (
          <Button onClick={openCreate}>
            <PlusIcon />
            <FormattedMessage id="transfers.new" />
          </Button>
        )
      }
      summary={
        <SummaryCards
          label={{ id: 'transfers.summary' }}
          columns={{ initial: '2', md: '4' }}
          attribute="tile"
          cards={tiles.map((tile) => ({
            key: tile.key,
            label: intl.formatMessage(tile.label),
            value: summary.data ? intl.formatNumber(summary.data[tile.count]) : '—',
          }))}
        />
      }
      search={{ list, label: { id: 'transfers.search' }, className: 'grow' }}
      filters={
        <PharmacyFilter
          value={pharmacyId}
          onChange={(next) => list.update({ pharmacy: next ?? undefined })}
          options={filterOptions}
          label={{ id: 'transfers.pharmacyFilter' }}
          allLabel={{ id: 'transfers.allPharmacies' }}
        />
      }
      table={{
        label: { id: 'transfers.table.label' },
        columns: [
          { id: 'transfers.column.id' },
          { id: 'transfers.column.from', minWidth: '160px' },
          { id: 'transfers.column.to', minWidth: '160px' },
          { id: 'transfers.column.date', sortKey: 'created', firstDirection: 'desc' },
          { id: 'transfers.column.status', sortKey: 'status' },
          { id: 'transfers.column.notes' },
          { id: 'transfers.column.actions' },
        ],
        query: transfers,
        window: pageWindow,
        loadError: { title: { id: 'transfers.error.fetch' }, description: { id: 'transfers.error.tryAgain' } },
        renderRow,
        sort: { value: sort, onChange: (next) => list.update({ sort: next as TransferSort }) },
        empty: (
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
        ),
        paging: { list, showing: { id: 'transfers.showing' } },
      }}
    >
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
    </ListPage>
  );
}
