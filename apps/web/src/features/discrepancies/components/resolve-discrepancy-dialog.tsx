import { zodResolver } from '@hookform/resolvers/zod';
import { resolveDiscrepancySchema, type ResolveDiscrepancyInput, type StockDiscrepancy } from '@pharmacy/contracts';
import { Callout, Dialog, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useResolveDiscrepancy } from '../api/discrepancies';
import { resolveErrorMessage } from '../utils/discrepancy-errors';
import { discrepancyKindLabels, discrepancySaleNumber } from '../utils/discrepancies';
import { useFocusReturn } from '../../../lib/focus-return';

/** The limit of `resolveDiscrepancySchema`, told to the browser too. */
const NOTE_MAX_LENGTH = 1000;

/** Answers after which sending the note again cannot succeed: resolved already, gone, or not this user's to resolve. */
const finalRefusals = new Set([
  'DISCREPANCY_RESOLVED',
  'DISCREPANCY_NOT_FOUND',
  'PHARMACY_FORBIDDEN',
  'FORBIDDEN',
  'READ_ONLY',
]);

export interface ResolveDiscrepancyDialogProps {
  /** The discrepancy to resolve; null: closed. */
  discrepancy: StockDiscrepancy | null;
  /** Its pharmacy, named in the reader's language. */
  pharmacyName: string;
  onClose(): void;
}

/** Records what was found or done about a discrepancy; the note is kept with it and in the audit trail. */
export function ResolveDiscrepancyDialog({ discrepancy, pharmacyName, onClose }: ResolveDiscrepancyDialogProps) {
  return (
    <Dialog.Root open={discrepancy !== null} onOpenChange={(open) => !open && onClose()}>
      {discrepancy && (
        <ResolveForm key={discrepancy.id} discrepancy={discrepancy} pharmacyName={pharmacyName} onDone={onClose} />
      )}
    </Dialog.Root>
  );
}

function ResolveForm({
  discrepancy,
  pharmacyName,
  onDone,
}: {
  discrepancy: StockDiscrepancy;
  pharmacyName: string;
  onDone(): void;
}) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { toast } = useToast();
  const resolve = useResolveDiscrepancy();
  const [refusal, setRefusal] = useState<{ message: string; final: boolean } | null>(null);
  const number = discrepancySaleNumber(discrepancy);
  const isPending = resolve.isPending;
  const form = useForm<{ note: string }, unknown, ResolveDiscrepancyInput>({
    // The request's own schema (libs/contracts): the same messages as the server's 400.
    resolver: zodResolver(resolveDiscrepancySchema),
    defaultValues: { note: '' },
  });

  const onValid = (input: ResolveDiscrepancyInput) => {
    setRefusal(null);
    resolve.mutate(
      { id: discrepancy.id, input },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'discrepancies.resolve.doneTitle' }),
            description: intl.formatMessage({ id: 'discrepancies.resolve.done' }, { number }),
          });
          onDone();
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          const noteProblem = apiError?.errors?.find((item) => item.field === 'note');
          if (noteProblem) {
            form.setError('note', { type: 'server', message: noteProblem.message });
            return;
          }
          setRefusal({
            message:
              resolveErrorMessage(intl, apiError) ?? intl.formatMessage({ id: 'discrepancies.resolve.failedDefault' }),
            final: apiError !== undefined && finalRefusals.has(apiError.code),
          });
        },
      },
    );
  };

  const noteError = translateValidationMessage(intl, form.formState.errors.note?.message);
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
      <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
        <Dialog.Title>
          <FormattedMessage id="discrepancies.resolve.title" values={{ number }} />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage
            id="discrepancies.resolve.description"
            values={{
              type: intl.formatMessage(discrepancyKindLabels[discrepancy.kind]),
              number: <bdi className="code-value">{number}</bdi>,
              pharmacy: <bdi>{pharmacyName}</bdi>,
            }}
          />
        </Dialog.Description>

        <FormField
          label={<FormattedMessage id="discrepancies.resolve.note" />}
          error={noteError}
          hint={<FormattedMessage id="discrepancies.resolve.noteHint" />}
          required
        >
          {(props) => (
            <TextArea
              {...props}
              {...form.register('note')}
              rows={4}
              maxLength={NOTE_MAX_LENGTH}
              disabled={isPending}
              autoFocus
            />
          )}
        </FormField>

        {refusal && (
          <Callout.Root color="red" role="alert" size="1" mt="4">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Callout.Text>{refusal.message}</Callout.Text>
          </Callout.Root>
        )}

        <FormDialogFooter
          isPending={isPending}
          submitDisabled={refusal?.final === true}
          submitLabel={<FormattedMessage id="discrepancies.resolve.submit" />}
        />
      </form>
    </Dialog.Content>
  );
}
