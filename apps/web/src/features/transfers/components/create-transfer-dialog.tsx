import { zodResolver } from '@hookform/resolvers/zod';
import { createTransferSchema, type AvailabilityRow, type CreateTransferInput } from '@pharmacy/contracts';
import { Box, Dialog, Flex, Grid, Heading, IconButton, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver, type ResolverOptions } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { MinusIcon, PlusIcon, SearchIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { localizedName } from '../../../lib/catalogue';
import { translateValidationMessage } from '../../../lib/validation-message';
import { availabilityQueryOptions, useAvailability, useCreateTransfer } from '../api/transfers';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { transferErrorMessage } from '../utils/transfer-errors';
import { transferLines, type TransferLine, type TransferLineAction } from '../utils/transfer-lines';
import { useFocusReturn } from '../../../lib/focus-return';

/** A pharmacy the form can offer, already named in the reader's language. */
export interface PharmacyOption {
  id: string;
  name: string;
}

/** What a link may fill in (`/transfers?from=&to=&product=&quantity=`): from Shortages or Batch Management. */
export interface TransferPrefill {
  from?: string;
  to?: string;
  product?: string;
  quantity?: number;
}

export interface CreateTransferDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Every active pharmacy (specification 001 §5: inactive ones neither send nor receive). */
  pharmacies: readonly PharmacyOption[];
  /**
   * The pharmacies the user works at ('all' for administrators). A transfer needs one of
   * them on either end: the destination asks, or the source offers.
   */
  own: ReadonlySet<string> | 'all';
  prefill?: TransferPrefill | undefined;
}

const SEARCH_DEBOUNCE_MS = 250;

interface TransferFormValues {
  fromPharmacyId: string;
  toPharmacyId: string;
  items: TransferLine[];
  notes: string;
}

const requestResolver = zodResolver(createTransferSchema);
/**
 * The form carries each line's name and ceiling for display; the request,
 * which refuses unknown fields (issue 28), takes each line's product and packs.
 */
const transferResolver = ((
  values: TransferFormValues,
  context: unknown,
  options: ResolverOptions<TransferFormValues>,
) =>
  requestResolver(
    { ...values, items: values.items.map(({ productId, quantity }) => ({ productId, quantity })) },
    context,
    options as unknown as Parameters<typeof requestResolver>[2],
  )) as unknown as Resolver<TransferFormValues, unknown, CreateTransferInput>;

/** Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function CreateTransferDialog({ open, onOpenChange, ...props }: CreateTransferDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && <CreateTransferForm {...props} onDone={() => onOpenChange(false)} />}
    </Dialog.Root>
  );
}

function CreateTransferForm({
  pharmacies,
  own,
  prefill,
  onDone,
}: Omit<CreateTransferDialogProps, 'open' | 'onOpenChange'> & { onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const create = useCreateTransfer();
  const isPending = create.isPending;
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const form = useForm<TransferFormValues, unknown, CreateTransferInput>({
    resolver: transferResolver,
    defaultValues: {
      fromPharmacyId: prefill?.from ?? '',
      toPharmacyId: prefill?.to && prefill.to !== prefill.from ? prefill.to : '',
      items: [],
      notes: '',
    },
  });
  const from = useWatch({ control: form.control, name: 'fromPharmacyId' });
  const to = useWatch({ control: form.control, name: 'toPharmacyId' });
  const lines = useWatch({ control: form.control, name: 'items' });
  const available = useAvailability(from || null, q);
  const name = (line: { name: string; nameAr: string | null }) => localizedName(line.name, line.nameAr, language);

  const apply = (action: TransferLineAction) => {
    const result = transferLines(form.getValues('items'), action);
    if (result.refused === 'duplicate') {
      toast({
        variant: 'error',
        title: intl.formatMessage({ id: 'transfers.toast.duplicate' }),
        description: intl.formatMessage({ id: 'validation.productAlreadyInTransfer' }),
      });
      return;
    }
    form.setValue('items', result.lines, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  // A link from Shortages or Batch Management names the product by id: find what the source holds of it.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !prefill?.from || !prefill.product) return;
    prefilled.current = true;
    const { from: source, product: productId, quantity } = prefill;
    void (async () => {
      try {
        const rows = await queryClient.fetchQuery(availabilityQueryOptions(source, '', productId));
        const row = rows.find((candidate) => candidate.productId === productId);
        if (row && form.getValues('fromPharmacyId') === source) {
          form.setValue('items', transferLines(form.getValues('items'), { type: 'add', product: row, quantity }).lines);
        }
      } catch {
        toast({ variant: 'error', title: intl.formatMessage({ id: 'transfers.error.fetchAvailable' }) });
      }
    })();
  }, [prefill, queryClient, form, toast, intl]);

  const chooseSource = (pharmacyId: string) => {
    if (pharmacyId === form.getValues('fromPharmacyId')) return;
    // Specification 001 §4: another source clears the chosen products and the search.
    form.setValue('fromPharmacyId', pharmacyId, { shouldValidate: form.formState.isSubmitted });
    form.setValue('items', []);
    const to = form.getValues('toPharmacyId');
    if (to === pharmacyId || (to && !isOwn(pharmacyId) && !isOwn(to))) form.setValue('toPharmacyId', '');
    setSearch('');
  };

  const isOwn = (pharmacyId: string) => own === 'all' || own.has(pharmacyId);
  // Not the source; and when the source is not the user's, one of the user's (they are asking for stock).
  const destinationOptions = useMemo(
    () =>
      pharmacies.filter(
        (pharmacy) => pharmacy.id !== from && (own === 'all' || !from || own.has(from) || own.has(pharmacy.id)),
      ),
    [pharmacies, from, own],
  );

  const failure = intl.formatMessage({ id: 'transfers.toast.createFailed' });
  const onValid = (input: CreateTransferInput) => {
    create.mutate(input, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'common.success' }),
          description: intl.formatMessage({ id: 'transfers.toast.created' }),
        });
        onDone();
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        for (const item of apiError?.errors ?? []) {
          if (item.field === 'fromPharmacyId' || item.field === 'toPharmacyId' || item.field === 'notes') {
            form.setError(item.field, { type: 'server', message: item.message });
          }
        }
        const reason = transferErrorMessage(intl, apiError, apiErrorDetailsOf(error), (productId) => {
          const line = form.getValues('items').find((candidate) => candidate.productId === productId);
          return line && name(line);
        });
        toast(
          reason
            ? { variant: 'error', title: failure, description: reason }
            : { variant: 'error', title: intl.formatMessage({ id: 'common.error' }), description: failure },
        );
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.getValues('items').length === 0) {
      toast({ variant: 'error', title: intl.formatMessage({ id: 'transfers.toast.noItems' }) });
      return;
    }
    void form.handleSubmit(onValid)(event);
  };

  const errorText = (field: FieldPath<TransferFormValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);
  const itemsError = translateValidationMessage(
    intl,
    form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message,
  );

  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="720px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={submit} noValidate>
        <Dialog.Title>
          <FormattedMessage id="transfers.form.title" />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage id="transfers.form.description" />
        </Dialog.Description>

        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label={<FormattedMessage id="transfers.form.from" />} error={errorText('fromPharmacyId')} required>
            {({ id, ...aria }) => (
              <Select.Root value={from || undefined} onValueChange={chooseSource} disabled={isPending}>
                <Select.Trigger
                  id={id}
                  {...aria}
                  placeholder={intl.formatMessage({ id: 'transfers.form.fromPlaceholder' })}
                  style={{ width: '100%' }}
                />
                <Select.Content position="popper">
                  {pharmacies.map((pharmacy) => (
                    <Select.Item key={pharmacy.id} value={pharmacy.id}>
                      {pharmacy.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </FormField>
          <FormField label={<FormattedMessage id="transfers.form.to" />} error={errorText('toPharmacyId')} required>
            {({ id, ...aria }) => (
              <Select.Root
                value={to || undefined}
                onValueChange={(value) =>
                  form.setValue('toPharmacyId', value, { shouldValidate: form.formState.isSubmitted })
                }
                disabled={isPending}
              >
                <Select.Trigger
                  id={id}
                  {...aria}
                  placeholder={intl.formatMessage({ id: 'transfers.form.toPlaceholder' })}
                  style={{ width: '100%' }}
                />
                <Select.Content position="popper">
                  {destinationOptions.map((pharmacy) => (
                    <Select.Item key={pharmacy.id} value={pharmacy.id}>
                      {pharmacy.name}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </FormField>
        </Grid>

        {from ? (
          <Box mt="4">
            <TextField.Root
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              // Enter in the search box must not submit the transfer.
              onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
              placeholder={intl.formatMessage({ id: 'transfers.form.search' })}
              aria-label={intl.formatMessage({ id: 'transfers.form.search' })}
              disabled={isPending}
              autoComplete="off"
            >
              <TextField.Slot>
                <SearchIcon />
              </TextField.Slot>
            </TextField.Root>
            <Box mt="2" aria-live="polite">
              <AvailableProducts
                rows={available.data}
                isError={available.isError}
                isPending={available.isPending}
                disabled={isPending}
                onAdd={(product) => apply({ type: 'add', product })}
              />
            </Box>
          </Box>
        ) : (
          <Text as="p" size="2" color="gray" mt="4">
            <FormattedMessage id="transfers.form.chooseSource" />
          </Text>
        )}

        <Box mt="4">
          <Heading as="h3" size="3" mb="2">
            <FormattedMessage id="transfers.form.chosen" values={{ count: lines.length }} />
          </Heading>
          {lines.length === 0 ? (
            <Text as="p" size="2" color="gray">
              <FormattedMessage id="transfers.form.chosenEmpty" />
            </Text>
          ) : (
            <ul
              className="transfer-lines"
              aria-label={intl.formatMessage({ id: 'transfers.form.chosen' }, { count: lines.length })}
            >
              {lines.map((line) => {
                const shown = name(line);
                return (
                  <li key={line.productId} className="transfer-line">
                    <Box minWidth="0" flexGrow="1">
                      <Text as="div" size="2" weight="medium" className="wrap-anywhere">
                        <bdi>{shown}</bdi>
                      </Text>
                      <Text as="div" size="1" color="gray">
                        <span className="code-value">{line.sku}</span> ·{' '}
                        <FormattedMessage id="transfers.form.available" values={{ count: line.available }} />
                      </Text>
                    </Box>
                    <Flex gap="1" align="center" flexShrink="0">
                      <IconButton
                        type="button"
                        size="1"
                        variant="soft"
                        aria-label={intl.formatMessage({ id: 'transfers.form.decrease' }, { name: shown })}
                        onClick={() => apply({ type: 'decrease', productId: line.productId })}
                        disabled={isPending || line.quantity <= 1}
                      >
                        <MinusIcon />
                      </IconButton>
                      <TextField.Root
                        className="transfer-qty"
                        size="1"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={line.available}
                        step={1}
                        aria-label={intl.formatMessage({ id: 'transfers.form.quantity' }, { name: shown })}
                        value={String(line.quantity)}
                        onChange={(event) =>
                          apply({ type: 'type', productId: line.productId, text: event.target.value })
                        }
                        disabled={isPending}
                      />
                      <IconButton
                        type="button"
                        size="1"
                        variant="soft"
                        aria-label={intl.formatMessage({ id: 'transfers.form.increase' }, { name: shown })}
                        onClick={() => apply({ type: 'increase', productId: line.productId })}
                        disabled={isPending || line.quantity >= line.available}
                      >
                        <PlusIcon />
                      </IconButton>
                      <IconButton
                        type="button"
                        size="1"
                        variant="ghost"
                        color="red"
                        className="transfer-remove"
                        aria-label={intl.formatMessage({ id: 'transfers.form.remove' }, { name: shown })}
                        onClick={() => apply({ type: 'remove', productId: line.productId })}
                        disabled={isPending}
                      >
                        <TrashIcon />
                      </IconButton>
                    </Flex>
                  </li>
                );
              })}
            </ul>
          )}
          {itemsError && (
            <Text as="p" size="1" color="red" className="form-field-message" role="alert">
              {itemsError}
            </Text>
          )}
        </Box>

        <Box mt="4">
          <FormField label={<FormattedMessage id="transfers.form.notes" />} error={errorText('notes')}>
            {(props) => (
              <TextArea
                {...props}
                {...form.register('notes')}
                placeholder={intl.formatMessage({ id: 'transfers.form.notesPlaceholder' })}
                disabled={isPending}
              />
            )}
          </FormField>
        </Box>

        <FormDialogFooter
          isPending={isPending}
          submitDisabled={lines.length === 0}
          submitLabel={<FormattedMessage id="transfers.form.submit" values={{ count: lines.length }} />}
          pendingLabel={<FormattedMessage id="transfers.form.submitting" />}
        />
      </form>
    </Dialog.Content>
  );
}

function AvailableProducts({
  rows,
  isError,
  isPending,
  disabled,
  onAdd,
}: {
  rows: AvailabilityRow[] | undefined;
  isError: boolean;
  isPending: boolean;
  disabled: boolean;
  onAdd(product: AvailabilityRow): void;
}) {
  const intl = useIntl();
  const { language } = useLanguage();
  if (isError) {
    return (
      <Text size="2" color="red">
        <FormattedMessage id="transfers.error.fetchAvailable" />
      </Text>
    );
  }
  if (isPending || !rows) {
    return (
      <Text size="2" color="gray">
        <FormattedMessage id="common.loading" />
      </Text>
    );
  }
  if (rows.length === 0) {
    return (
      <Text size="2" color="gray">
        <FormattedMessage id="transfers.form.noProducts" />
      </Text>
    );
  }
  return (
    <ul className="transfer-available" aria-label={intl.formatMessage({ id: 'transfers.form.availableList' })}>
      {rows.map((row) => {
        const shown = localizedName(row.name, row.nameAr, language);
        return (
          <li key={row.productId} className="transfer-available-row">
            <Box minWidth="0" flexGrow="1">
              <Text as="div" size="2" weight="medium" className="wrap-anywhere">
                <bdi>{shown}</bdi>
              </Text>
              <Text as="div" size="1" color="gray">
                <span className="code-value">{row.sku}</span> ·{' '}
                <FormattedMessage id="transfers.form.available" values={{ count: row.availableQty }} />
              </Text>
            </Box>
            <IconButton
              type="button"
              size="1"
              variant="soft"
              aria-label={intl.formatMessage({ id: 'transfers.form.add' }, { name: shown })}
              onClick={() => onAdd(row)}
              disabled={disabled}
            >
              <PlusIcon />
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}
