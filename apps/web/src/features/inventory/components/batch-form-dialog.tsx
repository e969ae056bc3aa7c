import { zodResolver } from '@hookform/resolvers/zod';
import {
  adjustmentReasons,
  batchInputSchema,
  inventoryBatchSchema,
  validationMessages,
  type AdjustmentReason,
  type BatchInput,
  type BatchInputValues,
  type InventoryBatch,
} from '@pharmacy/contracts';
import { Box, Dialog, Grid, Select, TextField } from '@radix-ui/themes';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { DatePicker } from '../../../components/date-picker';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { StaleEditCallout } from '../../../components/stale-edit-callout';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { todayIso, utcMidnight } from '../../../lib/dates';
import { textToNumber } from '../../../lib/number-text';
import { localizedPharmacy, useSignedInUser } from '../../../lib/session';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useCorrectBatch } from '../api/correct-batch';
import { useReceiveBatch } from '../api/receive-batch';
import { adjustmentReasonLabels } from '../../../lib/adjustment-reasons';
import { batchErrorMessage } from '../utils/batch-errors';
import { ProductCombobox, type ProductChoice } from './product-combobox';
import { ScanPackField } from './scan-pack-field';
import { useFocusReturn } from '../../../lib/focus-return';

export interface BatchFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The batch to edit; null to receive a new one. */
  batch: InventoryBatch | null;
}

/** Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function BatchFormDialog({ open, onOpenChange, batch }: BatchFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <BatchFormContent batch={batch} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

const formFields = ['productId', 'pharmacyId', 'batchNumber', 'quantity', 'purchasePrice', 'expiryDate'] as const;
const isFormField = (field: string): field is (typeof formFields)[number] =>
  (formFields as readonly string[]).includes(field);

/** The form's values for a batch as it is recorded. */
function valuesOf(batch: InventoryBatch): BatchInputValues {
  return {
    productId: batch.productId,
    pharmacyId: batch.pharmacyId,
    batchNumber: batch.batchNumber,
    quantity: batch.quantity,
    purchasePrice: batch.purchasePrice === null ? '' : String(Number(batch.purchasePrice)),
    expiryDate: batch.expiryDate,
  };
}

function BatchFormContent({ batch, onDone }: { batch: InventoryBatch | null; onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const user = useSignedInUser();
  const receive = useReceiveBatch();
  const correct = useCorrectBatch();
  const isEdit = batch !== null;
  const isPending = receive.isPending || correct.isPending;
  const today = todayIso();
  const comboboxOpen = useRef(false);
  const [scanNote, setScanNote] = useState<string | null>(null);
  // An edit names the batch as the form was loaded; a batch changed since (a sale too) is refused and shown here.
  const [loaded, setLoaded] = useState<InventoryBatch | null>(batch);
  const [changedMeanwhile, setChangedMeanwhile] = useState<InventoryBatch | null>(null);
  const [reason, setReason] = useState<AdjustmentReason>('count_correction');

  // The product the box names: the batch's own when editing, then whatever is picked or scanned.
  const [chosenProduct, setChosenProduct] = useState<ProductChoice | null>(
    batch ? { id: batch.productId, name: batch.productName, nameAr: batch.productNameAr, sku: batch.productSku } : null,
  );

  const locations = useMemo(() => {
    const list = user.pharmacies.map((pharmacy) => ({
      id: pharmacy.id,
      name: localizedPharmacy(pharmacy, language).name,
    }));
    if (batch && !list.some((pharmacy) => pharmacy.id === batch.pharmacyId)) {
      list.push({ id: batch.pharmacyId, name: localizedName(batch.pharmacyName, batch.pharmacyNameAr, language) });
    }
    return list;
  }, [user.pharmacies, batch, language]);

  // The server refuses a receipt that expired already; an edit may keep a past date (correcting a count).
  const schema = useMemo(
    () =>
      isEdit
        ? batchInputSchema
        : batchInputSchema.refine((input) => input.expiryDate >= today, {
            message: validationMessages.expiryDateInPast,
            path: ['expiryDate'],
          }),
    [isEdit, today],
  );

  const form = useForm<BatchInputValues, unknown, BatchInput>({
    resolver: zodResolver(schema),
    defaultValues: batch
      ? valuesOf(batch)
      : {
          productId: '',
          // Specification 001 §5: pre-set to the pharmacy the user works in.
          pharmacyId: user.currentPharmacyId ?? '',
          batchNumber: '',
          quantity: 0,
          // Left empty ("unknown") rather than the specification's 0: a receipt with a price
          // replaces the batch's recorded purchase price, and 0.00 would be a false one.
          purchasePrice: '',
          expiryDate: today,
        },
  });

  const failure = isEdit
    ? intl.formatMessage({ id: 'inventory.toast.updateFailed' })
    : intl.formatMessage({ id: 'inventory.toast.createFailed' });

  const quantity = form.watch('quantity');
  const quantityChanged = loaded !== null && quantity !== loaded.quantity;

  function handleError(error: unknown, input: BatchInput) {
    const apiError = apiErrorOf(error);
    if (apiError?.code === 'STALE_EDIT') {
      const current = inventoryBatchSchema.safeParse(apiErrorDetailsOf(error).current);
      if (current.success) setChangedMeanwhile(current.data);
    }
    const fieldErrors = (apiError?.errors ?? []).filter((item) => isFormField(item.field));
    for (const item of fieldErrors) {
      form.setError(item.field as FieldPath<BatchInputValues>, { type: 'server', message: item.message });
    }
    // A past expiry comes back as a plain message: it belongs under the date.
    if (apiError?.code === 'EXPIRY_IN_PAST') {
      form.setError('expiryDate', { type: 'server', message: apiError.message });
    }
    const reason = batchErrorMessage(intl, apiError, apiErrorDetailsOf(error), input);
    toast(
      reason
        ? { variant: 'error', title: failure, description: reason }
        : { variant: 'error', title: intl.formatMessage({ id: 'common.error' }), description: failure },
    );
  }

  function restartFrom(current: InventoryBatch) {
    form.reset(valuesOf(current));
    setChosenProduct({
      id: current.productId,
      name: current.productName,
      nameAr: current.productNameAr,
      sku: current.productSku,
    });
    setLoaded(current);
    setChangedMeanwhile(null);
  }

  const onSubmit = form.handleSubmit((input) => {
    if (batch) {
      correct.mutate(
        {
          id: batch.id,
          input: { ...input, version: loaded?.version ?? null, adjustmentReason: reason, adjustmentNote: null },
        },
        {
          onSuccess: () => {
            toast({
              title: intl.formatMessage({ id: 'common.success' }),
              description: intl.formatMessage({ id: 'inventory.toast.updated' }),
            });
            onDone();
          },
          onError: (error) => handleError(error, input),
        },
      );
    } else {
      receive.mutate(input, {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage({ id: 'inventory.toast.created' }),
          });
          onDone();
        },
        onError: (error) => handleError(error, input),
      });
    }
  });

  const errorText = (field: FieldPath<BatchInputValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);

  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="600px"
      onEscapeKeyDown={(event) => {
        // Escape in the product list closes the list, not the dialog.
        if (isPending || comboboxOpen.current) event.preventDefault();
      }}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Dialog.Title>
          {isEdit ? (
            <FormattedMessage id="inventory.batchForm.editTitle" />
          ) : (
            <FormattedMessage id="inventory.batchForm.createTitle" />
          )}
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {isEdit ? (
            <FormattedMessage id="inventory.batchForm.editDescription" />
          ) : (
            <FormattedMessage id="inventory.batchForm.createDescription" />
          )}
        </Dialog.Description>

        {changedMeanwhile && (
          <StaleEditCallout onUseCurrent={() => restartFrom(changedMeanwhile)}>
            <FormattedMessage
              id="inventory.staleEdit.now"
              values={{
                quantity: changedMeanwhile.quantity,
                batch: changedMeanwhile.batchNumber,
                expiry: intl.formatDate(utcMidnight(changedMeanwhile.expiryDate), {
                  year: 'numeric',
                  month: 'short',
                  day: 'numeric',
                  timeZone: 'UTC',
                }),
              }}
            />
          </StaleEditCallout>
        )}

        {!isEdit && (
          <Box mb="4">
            <ScanPackField
              disabled={isPending}
              note={scanNote}
              onFound={({ product, batch: batchNumber, expiryDate }) => {
                setChosenProduct(product);
                form.setValue('productId', product.id, { shouldValidate: true, shouldDirty: true });
                if (batchNumber) form.setValue('batchNumber', batchNumber, { shouldValidate: true, shouldDirty: true });
                if (expiryDate) form.setValue('expiryDate', expiryDate, { shouldValidate: true, shouldDirty: true });
                setScanNote(
                  intl.formatMessage(
                    { id: 'inventory.scan.filled' },
                    { name: localizedName(product.name, product.nameAr, language) },
                  ),
                );
              }}
            />
          </Box>
        )}

        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Box gridColumn={{ sm: 'span 2' }}>
            <FormField
              label={<FormattedMessage id="inventory.batchForm.product" />}
              error={errorText('productId')}
              required
            >
              {(props) => (
                <Controller
                  control={form.control}
                  name="productId"
                  render={({ field }) => (
                    <ProductCombobox
                      {...props}
                      value={field.value}
                      selected={chosenProduct}
                      onChange={(product) => {
                        setChosenProduct(product);
                        field.onChange(product.id);
                      }}
                      // New stock only for products on sale; an edit keeps its own product listed.
                      keepProductId={batch?.productId ?? null}
                      disabled={isPending}
                      onListOpenChange={(open) => (comboboxOpen.current = open)}
                    />
                  )}
                />
              )}
            </FormField>
          </Box>
          <FormField
            label={<FormattedMessage id="inventory.batchForm.location" />}
            error={errorText('pharmacyId')}
            required
          >
            {({ id, ...aria }) => (
              <Controller
                control={form.control}
                name="pharmacyId"
                render={({ field }) => (
                  <Select.Root value={field.value || undefined} onValueChange={field.onChange} disabled={isPending}>
                    <Select.Trigger
                      id={id}
                      {...aria}
                      placeholder={intl.formatMessage({ id: 'inventory.batchForm.locationPlaceholder' })}
                      style={{ width: '100%' }}
                    />
                    <Select.Content position="popper">
                      {locations.map((location) => (
                        <Select.Item key={location.id} value={location.id}>
                          {location.name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              />
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="inventory.batchForm.batchNumber" />}
            error={errorText('batchNumber')}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('batchNumber')}
                disabled={isPending}
                dir="ltr"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="inventory.batchForm.quantity" />}
            error={errorText('quantity')}
            required
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('quantity', { setValueAs: textToNumber })}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                disabled={isPending}
              />
            )}
          </FormField>
          {quantityChanged && (
            <Box gridColumn={{ sm: 'span 2' }}>
              <FormField label={<FormattedMessage id="inventory.batchForm.adjustmentReason" />}>
                {({ id, ...aria }) => (
                  <Select.Root
                    value={reason}
                    onValueChange={(value) => setReason(value as AdjustmentReason)}
                    disabled={isPending}
                  >
                    <Select.Trigger id={id} {...aria} style={{ width: '100%' }} />
                    <Select.Content position="popper">
                      {adjustmentReasons.map((value) => (
                        <Select.Item key={value} value={value}>
                          {intl.formatMessage(adjustmentReasonLabels[value])}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </FormField>
            </Box>
          )}
          <FormField
            label={<FormattedMessage id="inventory.batchForm.purchasePrice" />}
            error={errorText('purchasePrice')}
          >
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('purchasePrice')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                placeholder="0.00"
                disabled={isPending}
              />
            )}
          </FormField>
          <Box gridColumn={{ sm: 'span 2' }}>
            <FormField
              label={<FormattedMessage id="inventory.batchForm.expiryDate" />}
              error={errorText('expiryDate')}
              required
            >
              {(props) => (
                <Controller
                  control={form.control}
                  name="expiryDate"
                  render={({ field }) => (
                    <DatePicker
                      {...props}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      label={intl.formatMessage({ id: 'inventory.batchForm.expiryDate' })}
                      placeholder={intl.formatMessage({ id: 'datePicker.placeholder' })}
                      min={today}
                      disabled={isPending}
                    />
                  )}
                />
              )}
            </FormField>
          </Box>
        </Grid>

        <FormDialogFooter
          isPending={isPending}
          submitLabel={
            isEdit ? (
              <FormattedMessage id="inventory.batchForm.update" />
            ) : (
              <FormattedMessage id="inventory.batchForm.create" />
            )
          }
        />
      </form>
    </Dialog.Content>
  );
}
