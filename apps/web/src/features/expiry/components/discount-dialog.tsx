import { zodResolver } from '@hookform/resolvers/zod';
import { batchDiscountSchema, type BatchDiscountInput, type ExpiringBatch } from '@pharmacy/contracts';
import { Button, Callout, Dialog, Flex, Grid, TextArea, TextField } from '@radix-ui/themes';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { useDayFormatter } from '../../../lib/dates';
import { textToNumber } from '../../../lib/number-text';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useBatchDiscount } from '../api/expiry';
import { useFailureToast } from '../hooks/use-failure-toast';
import { discountPercentOf } from '../utils/expiry';
import { useFocusReturn } from '../../../lib/focus-return';

export interface DiscountDialogProps {
  /** The batch to discount; null: closed. */
  batch: ExpiringBatch | null;
  onClose(): void;
}

/** The percentage as a number (what the request takes), blank while none is typed. */
type DiscountFormValues = z.input<typeof batchDiscountSchema>;

/** 'Apply Discount' (specification 001 §2, §5): a percentage from 1 to 90 and a reason; an existing one can be changed or ended. */
export function DiscountDialog({ batch, onClose }: DiscountDialogProps) {
  return (
    <Dialog.Root open={batch !== null} onOpenChange={(open) => !open && onClose()}>
      {batch && <DiscountForm key={batch.batchId} batch={batch} onDone={onClose} />}
    </Dialog.Root>
  );
}

function DiscountForm({ batch, onDone }: { batch: ExpiringBatch; onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const day = useDayFormatter();
  const discount = useBatchDiscount();
  const failed = useFailureToast();
  const current = discountPercentOf(batch);
  const name = localizedName(batch.productName, batch.productNameAr, language);
  const isPending = discount.isPending;
  const percent = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

  const form = useForm<DiscountFormValues, unknown, BatchDiscountInput>({
    // The schema is the request's (libs/contracts): the same messages as the server's 400.
    resolver: zodResolver(batchDiscountSchema),
    defaultValues: { batchId: batch.batchId, discountPercentage: current ?? undefined, reason: '' },
  });

  const serverErrors = (error: unknown) => {
    for (const item of apiErrorOf(error)?.errors ?? []) {
      if (item.field === 'discountPercentage' || item.field === 'reason') {
        form.setError(item.field, { type: 'server', message: item.message });
      }
    }
  };

  const onValid = (input: BatchDiscountInput) => {
    const value = Number(input.discountPercentage);
    discount.mutate(
      { action: 'set', input: { batchId: input.batchId, discountPercentage: value, reason: input.reason } },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'expiry.discount.doneTitle' }),
            description: intl.formatMessage({ id: 'expiry.discount.done' }, { name, value: percent(value) }),
          });
          onDone();
        },
        onError: (error) => {
          serverErrors(error);
          failed(error, { id: 'expiry.discount.failed' }, { id: 'expiry.discount.failedDefault' });
        },
      },
    );
  };

  const end = async () => {
    // Ending needs a reason too (endBatchDiscountSchema); the percentage does not matter.
    if (!(await form.trigger('reason'))) return;
    discount.mutate(
      { action: 'end', batchId: batch.batchId, input: { reason: form.getValues('reason').trim() } },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'expiry.discount.endedTitle' }),
            description: intl.formatMessage({ id: 'expiry.discount.ended' }, { name }),
          });
          onDone();
        },
        onError: (error) => {
          serverErrors(error);
          failed(error, { id: 'expiry.discount.failed' }, { id: 'expiry.discount.endFailedDefault' });
        },
      },
    );
  };

  const errorText = (field: FieldPath<DiscountFormValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);
  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="480px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
        <Dialog.Title>
          <FormattedMessage id="expiry.discount.title" />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage
            id="expiry.discount.description"
            values={{
              name: <bdi>{name}</bdi>,
              batch: <bdi className="code-value">{batch.batchNumber}</bdi>,
              date: day(batch.expiryDate),
            }}
          />
        </Dialog.Description>

        {current !== null && (
          <Callout.Root color="blue" size="1" mb="4">
            <Callout.Text>
              <FormattedMessage id="expiry.discount.current" values={{ value: percent(current) }} />
            </Callout.Text>
          </Callout.Root>
        )}

        <Grid columns="1" gap="3">
          <FormField
            label={<FormattedMessage id="expiry.discount.percentage" />}
            error={errorText('discountPercentage')}
            hint={<FormattedMessage id="expiry.discount.percentageHint" />}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('discountPercentage', { setValueAs: textToNumber })}
                type="number"
                inputMode="decimal"
                min={1}
                max={90}
                step={0.01}
                disabled={isPending}
                autoFocus
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="expiry.discount.reason" />} error={errorText('reason')} required>
            {(props) => (
              <TextArea
                {...props}
                {...form.register('reason')}
                placeholder={intl.formatMessage({ id: 'expiry.discount.reasonPlaceholder' })}
                disabled={isPending}
              />
            )}
          </FormField>
        </Grid>

        <Flex gap="3" mt="5" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" disabled={isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </Dialog.Close>
          {current !== null && (
            <Button type="button" variant="soft" color="red" onClick={() => void end()} disabled={isPending}>
              <FormattedMessage id="expiry.discount.end" />
            </Button>
          )}
          <Button type="submit" disabled={isPending}>
            {isPending ? (
              <FormattedMessage id="common.saving" />
            ) : current !== null ? (
              <FormattedMessage id="expiry.discount.update" />
            ) : (
              <FormattedMessage id="expiry.discount.submit" />
            )}
          </Button>
        </Flex>
      </form>
    </Dialog.Content>
  );
}
