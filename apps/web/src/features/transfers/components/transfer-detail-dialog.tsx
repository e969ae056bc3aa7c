import type { TransferDetail, TransferStep } from '@pharmacy/contracts';
import { Box, Button, Callout, Dialog, Flex, Heading, Spinner, Table, Text, TextArea } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { CheckIcon, ClockIcon, CloseIcon, WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import { useDateTimeFormatter, useDayFormatter } from '../../../lib/dates';
import { useTransfer, useTransferStep } from '../api/transfers';
import { useStepFailure } from '../hooks/use-step-failure';
import { transferNumber } from '../utils/transfers';
import { ReceiveTransferForm } from './receive-transfer-form';
import { TransferStatusBadge } from './transfer-status-badge';
import { usePermissions } from '../../../lib/authorization';
import { useFocusReturn } from '../../../lib/focus-return';

export interface TransferDetailDialogProps {
  /** The transfer to show; null: closed. */
  transferId: string | null;
  onClose(): void;
}

const stepLabels: Record<string, { id: MessageId }> = {
  requested: { id: 'transfers.step.requested' },
  approved: { id: 'transfers.step.approved' },
  dispatched: { id: 'transfers.step.dispatched' },
  received: { id: 'transfers.step.received' },
  arrived: { id: 'transfers.step.arrived' },
  cancelled: { id: 'transfers.step.cancelled' },
  released: { id: 'transfers.step.released' },
  returned: { id: 'transfers.step.returned' },
};

type Mode = 'view' | 'receive' | 'cancel';

/** A transfer's items, batches, quantities sent and received, its timeline, and the steps the caller may take. */
export function TransferDetailDialog({ transferId, onClose }: TransferDetailDialogProps) {
  return (
    <Dialog.Root open={transferId !== null} onOpenChange={(open) => !open && onClose()}>
      {transferId !== null && <TransferDetailContent key={transferId} transferId={transferId} />}
    </Dialog.Root>
  );
}

function TransferDetailContent({ transferId }: { transferId: string }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const transfer = useTransfer(transferId);
  const step = useTransferStep();
  const [mode, setMode] = useState<Mode>('view');
  const number = transferNumber(transferId);
  const keepOpenWhilePending = (event: Event) => {
    if (step.isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="820px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <Flex justify="between" align="start" gap="3" mb="3">
        <Flex align="center" gap="3" wrap="wrap">
          <Dialog.Title mb="0">
            <FormattedMessage id="transfers.detail.title" values={{ number: <bdi>{number}</bdi> }} />
          </Dialog.Title>
          {transfer.data && <TransferStatusBadge status={transfer.data.status} />}
        </Flex>
        <Dialog.Close>
          <Button variant="ghost" color="gray" aria-label={intl.formatMessage({ id: 'common.close' })}>
            <CloseIcon />
          </Button>
        </Dialog.Close>
      </Flex>
      {transfer.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="transfers.detail.failed" />
          </Callout.Text>
        </Callout.Root>
      ) : !transfer.data ? (
        <Flex align="center" gap="3" py="6" justify="center" role="status">
          <Spinner />
          <Text color="gray">
            <FormattedMessage id="transfers.detail.loading" />
          </Text>
        </Flex>
      ) : (
        <>
          <Dialog.Description size="2" color="gray" mb="3">
            <FormattedMessage id="transfers.detail.description" />
          </Dialog.Description>
          <TransferFacts transfer={transfer.data} />
          <AwaitingApproval transfer={transfer.data} />
          {mode === 'receive' ? (
            <ReceiveTransferForm transfer={transfer.data} step={step} onBack={() => setMode('view')} />
          ) : (
            <>
              <TransferItems transfer={transfer.data} />
              <Discrepancy transfer={transfer.data} />
              <Timeline transfer={transfer.data} />
              {mode === 'cancel' ? (
                <CancelTransfer transfer={transfer.data} step={step} onBack={() => setMode('view')} />
              ) : (
                <Actions
                  transfer={transfer.data}
                  step={step}
                  onReceive={() => setMode('receive')}
                  onCancel={() => setMode('cancel')}
                />
              )}
            </>
          )}
        </>
      )}
    </Dialog.Content>
  );
}

function usePharmacyName(transfer: TransferDetail) {
  const { language } = useLanguage();
  return (pharmacyId: string | null): string | null => {
    if (pharmacyId === transfer.fromPharmacyId)
      return localizedName(transfer.fromPharmacyName, transfer.fromPharmacyNameAr, language);
    if (pharmacyId === transfer.toPharmacyId)
      return localizedName(transfer.toPharmacyName, transfer.toPharmacyNameAr, language);
    return null;
  };
}

function TransferFacts({ transfer }: { transfer: TransferDetail }) {
  const dateTime = useDateTimeFormatter();
  const pharmacyName = usePharmacyName(transfer);
  const facts: { label: { id: MessageId }; value: ReactNode }[] = [
    { label: { id: 'transfers.column.from' }, value: <bdi>{pharmacyName(transfer.fromPharmacyId)}</bdi> },
    { label: { id: 'transfers.column.to' }, value: <bdi>{pharmacyName(transfer.toPharmacyId)}</bdi> },
    { label: { id: 'transfers.detail.created' }, value: dateTime(transfer.createdAt) },
    { label: { id: 'transfers.detail.requestedBy' }, value: <bdi>{transfer.initiatedByName ?? '—'}</bdi> },
    {
      label: { id: 'transfers.column.notes' },
      value: transfer.notes ? <bdi>{transfer.notes}</bdi> : <FormattedMessage id="transfers.noNotes" />,
    },
  ];
  if (transfer.cancelReason) {
    facts.push({ label: { id: 'transfers.detail.cancelReason' }, value: <bdi>{transfer.cancelReason}</bdi> });
  }
  return (
    <dl className="transfer-facts">
      {facts.map((fact) => (
        <div key={fact.label.id}>
          <dt>
            <Text size="1" color="gray">
              <FormattedMessage {...fact.label} />
            </Text>
          </dt>
          <dd>
            <Text size="2">{fact.value}</Text>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A request from outside the source: nothing is held there until the source approves it. */
function AwaitingApproval({ transfer }: { transfer: TransferDetail }) {
  const pharmacyName = usePharmacyName(transfer);
  if (!transfer.awaitingSourceApproval) return null;
  const source = <bdi>{pharmacyName(transfer.fromPharmacyId)}</bdi>;
  return (
    <Callout.Root color="blue" mt="4" role="status">
      <Callout.Icon>
        <ClockIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text weight="bold" size="2">
          <FormattedMessage id="transfers.awaitingApproval" values={{ pharmacy: source }} />
        </Text>
        <Callout.Text>
          <FormattedMessage id="transfers.detail.awaitingApproval" values={{ pharmacy: source }} />
        </Callout.Text>
      </Flex>
    </Callout.Root>
  );
}

function TransferItems({ transfer }: { transfer: TransferDetail }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const day = useDayFormatter();
  return (
    <Box className="table-scroll" mt="4">
      <Table.Root variant="surface" size="1" aria-label={intl.formatMessage({ id: 'transfers.detail.items' })}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>
              <FormattedMessage id="transfers.detail.column.product" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <FormattedMessage id="transfers.detail.column.batch" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <FormattedMessage id="transfers.detail.column.expiry" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="transfers.detail.column.sent" />
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <FormattedMessage id="transfers.detail.column.received" />
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {transfer.items.map((item) => {
            const short = item.receivedQuantity !== null && item.receivedQuantity < item.quantity;
            return (
              <Table.Row key={item.batchId} data-short={short || undefined}>
                <Table.RowHeaderCell>
                  <Text as="div" weight="medium">
                    <bdi>{localizedName(item.productName, item.productNameAr, language)}</bdi>
                  </Text>
                  <Text as="div" size="1" color="gray">
                    <span className="code-value">{item.productSku}</span>
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <span className="code-value">{item.batchNumber}</span>
                </Table.Cell>
                <Table.Cell>{day(item.expiryDate)}</Table.Cell>
                <Table.Cell justify="end">{intl.formatNumber(item.quantity)}</Table.Cell>
                <Table.Cell justify="end">
                  {item.receivedQuantity === null ? (
                    <Text color="gray">—</Text>
                  ) : (
                    <Text color={short ? 'red' : undefined} weight={short ? 'bold' : undefined}>
                      {intl.formatNumber(item.receivedQuantity)}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Discrepancy({ transfer }: { transfer: TransferDetail }) {
  const missing = transfer.items.reduce(
    (sum, item) => sum + (item.receivedQuantity === null ? 0 : Math.max(0, item.quantity - item.receivedQuantity)),
    0,
  );
  if (missing === 0 && !transfer.discrepancyReason) return null;
  return (
    <Callout.Root color="amber" mt="4" role="status">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Text weight="bold" size="2">
          <FormattedMessage id="transfers.detail.discrepancy" />
        </Text>
        {missing > 0 && (
          <Callout.Text>
            <FormattedMessage id="transfers.detail.missing" values={{ count: missing }} />
          </Callout.Text>
        )}
        {transfer.discrepancyReason && (
          <Callout.Text>
            <FormattedMessage
              id="transfers.detail.discrepancyReason"
              values={{ reason: <bdi>{transfer.discrepancyReason}</bdi> }}
            />
          </Callout.Text>
        )}
      </Flex>
    </Callout.Root>
  );
}

function Timeline({ transfer }: { transfer: TransferDetail }) {
  const intl = useIntl();
  const dateTime = useDateTimeFormatter();
  const pharmacyName = usePharmacyName(transfer);
  const label = (step: TransferStep) =>
    Object.hasOwn(stepLabels, step.step) ? intl.formatMessage(stepLabels[step.step]!) : step.step;
  return (
    <Box mt="4">
      <Heading as="h3" size="3" mb="2" id="transfer-timeline">
        <FormattedMessage id="transfers.detail.timeline" />
      </Heading>
      <ol className="transfer-timeline" aria-labelledby="transfer-timeline">
        {transfer.timeline.map((step, index) => {
          const at = pharmacyName(step.pharmacyId);
          return (
            <li key={`${step.step}-${index}`} className="transfer-timeline-step" data-step={step.step}>
              <Flex justify="between" gap="3" wrap="wrap">
                <Text size="2" weight="bold">
                  {label(step)}
                </Text>
                <Text size="1" color="gray">
                  {dateTime(step.at)}
                </Text>
              </Flex>
              <Text as="div" size="1" color="gray">
                {step.userName && (
                  <FormattedMessage id="transfers.step.by" values={{ name: <bdi>{step.userName}</bdi> }} />
                )}
                {step.userName && at && ' · '}
                {at && <FormattedMessage id="transfers.step.at" values={{ pharmacy: <bdi>{at}</bdi> }} />}
              </Text>
              {step.note && (
                <Text as="div" size="2" mt="1" className="wrap-anywhere">
                  <bdi>{step.note}</bdi>
                </Text>
              )}
            </li>
          );
        })}
      </ol>
    </Box>
  );
}

type Step = ReturnType<typeof useTransferStep>;

function Actions({
  transfer,
  step,
  onReceive,
  onCancel,
}: {
  transfer: TransferDetail;
  step: Step;
  onReceive(): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const failed = useStepFailure();
  // The server says what the caller may do; an auditor may do nothing, whatever a stale answer says.
  const { canWrite } = usePermissions();
  const productName = (productId: string) => {
    const item = transfer.items.find((entry) => entry.productId === productId);
    return item && localizedName(item.productName, item.productNameAr, language);
  };
  const approve = () =>
    step.mutate(
      { action: 'approve', id: transfer.id },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage({ id: 'transfers.toast.approved' }),
          }),
        onError: (error) => failed(error, { id: 'transfers.toast.approveFailed' }, productName),
      },
    );
  return (
    <Flex gap="3" mt="5" justify="end" wrap="wrap">
      {canWrite && transfer.canCancel && (
        <Button type="button" variant="soft" color="red" onClick={onCancel} disabled={step.isPending}>
          <CloseIcon />
          <FormattedMessage id="transfers.detail.cancel" />
        </Button>
      )}
      {canWrite && transfer.canReceive && (
        <Button type="button" onClick={onReceive} disabled={step.isPending}>
          <FormattedMessage id="transfers.detail.receive" />
        </Button>
      )}
      {canWrite && transfer.canApprove && (
        <Button type="button" onClick={approve} loading={step.isPending}>
          <CheckIcon />
          <FormattedMessage id="transfers.detail.approve" />
        </Button>
      )}
    </Flex>
  );
}

function CancelTransfer({ transfer, step, onBack }: { transfer: TransferDetail; step: Step; onBack(): void }) {
  const intl = useIntl();
  const { toast } = useToast();
  const failed = useStepFailure();
  const [reason, setReason] = useState('');
  const confirm = () =>
    step.mutate(
      { action: 'cancel', id: transfer.id, input: { reason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage({ id: 'transfers.toast.cancelled' }),
          });
          onBack();
        },
        onError: (error) => failed(error, { id: 'transfers.toast.cancelFailed' }),
      },
    );
  return (
    <Box mt="5" className="transfer-confirm" role="group" aria-labelledby="transfer-cancel-title">
      <Heading as="h3" size="3" id="transfer-cancel-title">
        <FormattedMessage id="transfers.cancel.title" />
      </Heading>
      <Text as="p" size="2" color="gray" mt="1" mb="3">
        {transfer.status === 'approved' ? (
          <FormattedMessage id="transfers.cancel.approved" />
        ) : transfer.awaitingSourceApproval ? (
          <FormattedMessage id="transfers.cancel.awaiting" />
        ) : (
          <FormattedMessage id="transfers.cancel.pending" />
        )}
      </Text>
      <FormField label={<FormattedMessage id="transfers.cancel.reason" />}>
        {(props) => (
          <TextArea
            {...props}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            disabled={step.isPending}
            autoFocus
          />
        )}
      </FormField>
      <Flex gap="3" mt="3" justify="end">
        <Button type="button" variant="soft" color="gray" onClick={onBack} disabled={step.isPending}>
          <FormattedMessage id="transfers.cancel.keep" />
        </Button>
        <Button type="button" color="red" onClick={confirm} disabled={step.isPending}>
          {step.isPending ? (
            <FormattedMessage id="transfers.cancel.cancelling" />
          ) : (
            <FormattedMessage id="transfers.cancel.confirm" />
          )}
        </Button>
      </Flex>
    </Box>
  );
}
