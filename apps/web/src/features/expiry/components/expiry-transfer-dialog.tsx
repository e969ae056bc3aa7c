import type { ExpiringBatch } from '@pharmacy/contracts';
import { Dialog, Grid, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { useExpiryTransfer } from '../api/expiry';
import { useFailureToast } from '../hooks/use-failure-toast';
import { useFieldProblem } from '../hooks/use-field-problem';
import { validateExpiryTransfer, type ExpiryTransferErrors } from '../utils/expiry-forms';
import { useFocusReturn } from '../../../lib/focus-return';

/** An active pharmacy, named in the reader's language. */
export interface PharmacyOption {
  id: string;
  name: string;
}

export interface ExpiryTransferDialogProps {
  /** The batch to move; null: closed. */
  batch: ExpiringBatch | null;
  /** Every active pharmacy; the batch's own is left out of the destinations (specification 001 §5). */
  pharmacies: readonly PharmacyOption[];
  /** The batch's pharmacy, named in the reader's language. */
  pharmacyName: string;
  onClose(): void;
}

/** 'Transfer to Another Location' (specification 001 §2, §5, §7): this batch's packs to another pharmacy. */
export function ExpiryTransferDialog({ batch, pharmacies, pharmacyName, onClose }: ExpiryTransferDialogProps) {
  return (
    <Dialog.Root open={batch !== null} onOpenChange={(open) => !open && onClose()}>
      {batch && (
        <TransferForm
          key={batch.batchId}
          batch={batch}
          pharmacies={pharmacies}
          pharmacyName={pharmacyName}
          onDone={onClose}
        />
      )}
    </Dialog.Root>
  );
}

function TransferForm({
  batch,
  pharmacies,
  pharmacyName,
  onDone,
}: {
  batch: ExpiringBatch;
  pharmacies: readonly PharmacyOption[];
  pharmacyName: string;
  onDone(): void;
}) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const day = useDayFormatter();
  const transfer = useExpiryTransfer();
  const failed = useFailureToast();
  const problem = useFieldProblem();
  const name = localizedName(batch.productName, batch.productNameAr, language);
  const destinations = pharmacies.filter((pharmacy) => pharmacy.id !== batch.pharmacyId);
  const [to, setTo] = useState('');
  const [quantity, setQuantity] = useState(String(batch.quantity));
  const [notes, setNotes] = useState(() => intl.formatMessage({ id: 'expiry.transfer.defaultNote' }, { name }));
  const [errors, setErrors] = useState<ExpiryTransferErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const isPending = transfer.isPending;

  const check = (values: { to: string; quantity: string }) =>
    validateExpiryTransfer({ toPharmacyId: values.to, quantity: values.quantity, available: batch.quantity });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = check({ to, quantity });
    setErrors(result.errors);
    if (!result.valid) return;
    const destination = destinations.find((pharmacy) => pharmacy.id === to);
    transfer.mutate(
      {
        fromPharmacyId: batch.pharmacyId,
        toPharmacyId: to,
        items: [{ productId: batch.productId, quantity: result.quantity, batchId: batch.batchId }],
        notes: notes.trim() === '' ? null : notes.trim(),
      },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage(
              { id: 'expiry.transfer.done' },
              { count: result.quantity, name, pharmacy: destination?.name ?? '' },
            ),
          });
          onDone();
        },
        onError: (error) => {
          const fieldErrors: ExpiryTransferErrors = {};
          for (const item of apiErrorOf(error)?.errors ?? []) {
            if (item.field === 'toPharmacyId') fieldErrors.toPharmacyId = item.message;
            if (item.field.startsWith('items')) fieldErrors.quantity = item.message;
          }
          setErrors(fieldErrors);
          failed(error, { id: 'expiry.transfer.failed' }, { id: 'expiry.transfer.failedDefault' });
        },
      },
    );
  };

  // After a first attempt, each change says at once whether it is fixed.
  const revalidate = (values: { to: string; quantity: string }) => {
    if (submitted) setErrors(check(values).errors);
  };

  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="520px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Title>
          <FormattedMessage id="expiry.transfer.title" />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage
            id="expiry.transfer.description"
            values={{
              name: <bdi>{name}</bdi>,
              batch: <bdi className="code-value">{batch.batchNumber}</bdi>,
              date: day(batch.expiryDate),
              pharmacy: <bdi>{pharmacyName}</bdi>,
            }}
          />
        </Dialog.Description>

        <Grid columns="1" gap="3">
          <FormField label={<FormattedMessage id="expiry.transfer.to" />} error={problem(errors.toPharmacyId)} required>
            {({ id, ...aria }) => (
              <Select.Root
                value={to || undefined}
                onValueChange={(value) => {
                  setTo(value);
                  revalidate({ to: value, quantity });
                }}
                disabled={isPending}
              >
                <Select.Trigger
                  id={id}
                  {...aria}
                  placeholder={intl.formatMessage({ id: 'expiry.transfer.toPlaceholder' })}
                  style={{ width: '100%' }}
                />
                <Select.Content position="popper">
                  {destinations.map((pharmacy) => (
                    <Select.Item key={pharmacy.id} value={pharmacy.id}>
                      {pharmacy.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </FormField>
          {destinations.length === 0 && (
            <Text size="2" color="gray">
              <FormattedMessage id="expiry.transfer.noDestinations" />
            </Text>
          )}
          <FormField
            label={<FormattedMessage id="expiry.transfer.quantity" />}
            error={problem(errors.quantity)}
            hint={<FormattedMessage id="expiry.transfer.quantityHint" values={{ count: batch.quantity }} />}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                max={batch.quantity}
                step={1}
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.target.value);
                  revalidate({ to, quantity: event.target.value });
                }}
                disabled={isPending}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="expiry.transfer.notes" />}>
            {(props) => (
              <TextArea
                {...props}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                disabled={isPending}
              />
            )}
          </FormField>
        </Grid>

        <FormDialogFooter
          isPending={isPending}
          submitDisabled={destinations.length === 0}
          submitLabel={<FormattedMessage id="expiry.transfer.submit" />}
          pendingLabel={<FormattedMessage id="expiry.transfer.submitting" />}
        />
      </form>
    </Dialog.Content>
  );
}
