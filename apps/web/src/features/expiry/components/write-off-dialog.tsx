import { writeOffReasonNames, type ExpiringBatch, type WriteOffInput } from '@pharmacy/contracts';
import { Callout, Dialog, Grid, Select, TextArea, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { useWriteOff } from '../api/expiry';
import { useFailureToast } from '../hooks/use-failure-toast';
import { useFieldProblem } from '../hooks/use-field-problem';
import { expiryStatus } from '../utils/expiry';
import { validateWriteOff, type WriteOffErrors, type WriteOffValues } from '../utils/expiry-forms';
import { useFocusReturn } from '../../../lib/focus-return';

type WriteOffReason = WriteOffInput['reason'];

const writeOffReasonLabels: Record<WriteOffReason, MessageDescriptor> = defineMessages({
  expired: { id: 'expiry.writeOff.reason.expired' },
  damaged: { id: 'expiry.writeOff.reason.damaged' },
  recalled: { id: 'expiry.writeOff.reason.recalled' },
  other: { id: 'expiry.writeOff.reason.other' },
});

export interface WriteOffDialogProps {
  /** The batch some packs of which are destroyed; null: closed. */
  batch: ExpiringBatch | null;
  /** The batch's pharmacy, named in the reader's language. */
  pharmacyName: string;
  onClose(): void;
}

/** Writes off packs destroyed before a witness (expired, damaged, recalled): they leave stock for good. */
export function WriteOffDialog({ batch, pharmacyName, onClose }: WriteOffDialogProps) {
  return (
    <Dialog.Root open={batch !== null} onOpenChange={(open) => !open && onClose()}>
      {batch && <WriteOffForm key={batch.batchId} batch={batch} pharmacyName={pharmacyName} onDone={onClose} />}
    </Dialog.Root>
  );
}

function WriteOffForm({ batch, pharmacyName, onDone }: { batch: ExpiringBatch; pharmacyName: string; onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const day = useDayFormatter();
  const writeOff = useWriteOff();
  const failed = useFailureToast();
  const problem = useFieldProblem();
  const name = localizedName(batch.productName, batch.productNameAr, language);
  const [values, setValues] = useState<WriteOffValues>({
    quantity: String(batch.quantity),
    // Expired stock is what this screen writes off most; anything else says why.
    reason: expiryStatus(batch.daysToExpiry) === 'expired' ? 'expired' : '',
    witness: '',
    note: '',
  });
  const [errors, setErrors] = useState<WriteOffErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const isPending = writeOff.isPending;

  const change = (patch: Partial<WriteOffValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) {
      const result = validateWriteOff(next, batch.quantity);
      setErrors(result.valid ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validateWriteOff(values, batch.quantity);
    if (!result.valid) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    writeOff.mutate(
      { batchId: batch.batchId, input: result.input },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'expiry.writeOff.doneTitle' }),
            description: intl.formatMessage({ id: 'expiry.writeOff.done' }, { count: result.input.quantity, name }),
          });
          onDone();
        },
        onError: (error) => {
          const fieldErrors: WriteOffErrors = {};
          for (const item of apiErrorOf(error)?.errors ?? []) {
            if (item.field === 'quantity' || item.field === 'reason' || item.field === 'witness') {
              fieldErrors[item.field] = item.message;
            }
          }
          setErrors(fieldErrors);
          failed(error, { id: 'expiry.writeOff.failed' }, { id: 'expiry.writeOff.failedDefault' });
        },
      },
    );
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
          <FormattedMessage id="expiry.writeOff.title" />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage
            id="expiry.writeOff.description"
            values={{
              name: <bdi>{name}</bdi>,
              batch: <bdi className="code-value">{batch.batchNumber}</bdi>,
              date: day(batch.expiryDate),
              pharmacy: <bdi>{pharmacyName}</bdi>,
            }}
          />
        </Dialog.Description>
        <Callout.Root color="orange" size="1" mb="4">
          <Callout.Text>
            <FormattedMessage id="expiry.writeOff.warning" />
          </Callout.Text>
        </Callout.Root>

        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField
            label={<FormattedMessage id="expiry.writeOff.quantity" />}
            error={problem(errors.quantity)}
            hint={<FormattedMessage id="expiry.writeOff.quantityHint" values={{ count: batch.quantity }} />}
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
                value={values.quantity}
                onChange={(event) => change({ quantity: event.target.value })}
                disabled={isPending}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="expiry.writeOff.reason" />} error={problem(errors.reason)} required>
            {({ id, ...aria }) => (
              <Select.Root
                value={values.reason || undefined}
                onValueChange={(value) => change({ reason: value as WriteOffReason })}
                disabled={isPending}
              >
                <Select.Trigger
                  id={id}
                  {...aria}
                  placeholder={intl.formatMessage({ id: 'expiry.writeOff.reasonPlaceholder' })}
                  style={{ width: '100%' }}
                />
                <Select.Content position="popper">
                  {writeOffReasonNames.map((reason) => (
                    <Select.Item key={reason} value={reason}>
                      {intl.formatMessage(writeOffReasonLabels[reason])}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="expiry.writeOff.witness" />}
            error={problem(errors.witness)}
            hint={<FormattedMessage id="expiry.writeOff.witnessHint" />}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                value={values.witness}
                onChange={(event) => change({ witness: event.target.value })}
                autoComplete="off"
                disabled={isPending}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="expiry.writeOff.note" />}>
            {(props) => (
              <TextArea
                {...props}
                value={values.note}
                onChange={(event) => change({ note: event.target.value })}
                disabled={isPending}
              />
            )}
          </FormField>
        </Grid>

        <FormDialogFooter
          isPending={isPending}
          submitLabel={<FormattedMessage id="expiry.writeOff.submit" />}
          pendingLabel={<FormattedMessage id="expiry.writeOff.submitting" />}
        />
      </form>
    </Dialog.Content>
  );
}
