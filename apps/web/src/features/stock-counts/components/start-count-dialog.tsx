import { startCountSchema, type StockCountDetail } from '@pharmacy/contracts';
import { Dialog, Grid, Select, TextArea, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName, useCategories } from '../../../lib/catalogue';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useStartCount } from '../api/stock-counts';
import { useCountFailure } from '../hooks/use-count-failure';
import { useFocusReturn } from '../../../lib/focus-return';

const ALL = 'all';

export interface StartCountDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The pharmacies the user may count (theirs; every active one for administrators), named in their language. */
  pharmacies: readonly { id: string; name: string }[];
  /** Pre-chosen: the pharmacy the user works in now. */
  defaultPharmacyId: string | null;
  onStarted(count: StockCountDetail): void;
}

/** 'Start count': a pharmacy, all products or one category's, and a note. */
export function StartCountDialog({ open, onOpenChange, ...props }: StartCountDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && <StartCountForm {...props} onDone={() => onOpenChange(false)} />}
    </Dialog.Root>
  );
}

function StartCountForm({
  pharmacies,
  defaultPharmacyId,
  onStarted,
  onDone,
}: Omit<StartCountDialogProps, 'open' | 'onOpenChange'> & { onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const categories = useCategories();
  const start = useStartCount();
  const failed = useCountFailure();
  const [pharmacyId, setPharmacyId] = useState(
    defaultPharmacyId && pharmacies.some((pharmacy) => pharmacy.id === defaultPharmacyId)
      ? defaultPharmacyId
      : pharmacies.length === 1
        ? (pharmacies[0]?.id ?? '')
        : '',
  );
  const [categoryId, setCategoryId] = useState<string>(ALL);
  const [note, setNote] = useState('');
  const [shelfLocation, setShelfLocation] = useState('');
  const [pharmacyError, setPharmacyError] = useState<string | undefined>();
  const isPending = start.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = startCountSchema.safeParse({
      pharmacyId,
      categoryId: categoryId === ALL ? null : categoryId,
      shelfLocation,
      note,
    });
    if (!parsed.success) {
      setPharmacyError(parsed.error.issues.find((issue) => issue.path[0] === 'pharmacyId')?.message);
      return;
    }
    setPharmacyError(undefined);
    start.mutate(parsed.data, {
      onSuccess: (count) => {
        toast({
          title: intl.formatMessage({ id: 'counts.start.doneTitle' }),
          description: intl.formatMessage({ id: 'counts.start.done' }, { count: count.lineCount }),
        });
        onDone();
        onStarted(count);
      },
      onError: (error) => failed(error, { id: 'counts.start.failed' }, { id: 'counts.start.failedDefault' }),
    });
  };

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
      <form onSubmit={submit} noValidate>
        <Dialog.Title>
          <FormattedMessage id="counts.start.title" />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage id="counts.start.description" />
        </Dialog.Description>
        <Grid columns="1" gap="3">
          <FormField
            label={<FormattedMessage id="counts.start.pharmacy" />}
            error={translateValidationMessage(intl, pharmacyError)}
            required
          >
            {({ id, ...aria }) => (
              <Select.Root
                value={pharmacyId || undefined}
                onValueChange={(value) => {
                  setPharmacyId(value);
                  setPharmacyError(undefined);
                }}
                disabled={isPending}
              >
                <Select.Trigger
                  id={id}
                  {...aria}
                  placeholder={intl.formatMessage({ id: 'counts.start.pharmacyPlaceholder' })}
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
          <FormField
            label={<FormattedMessage id="counts.start.category" />}
            hint={<FormattedMessage id="counts.start.categoryHint" />}
          >
            {({ id, ...aria }) => (
              <Select.Root value={categoryId} onValueChange={setCategoryId} disabled={isPending}>
                <Select.Trigger id={id} {...aria} style={{ width: '100%' }} />
                <Select.Content position="popper">
                  <Select.Item value={ALL}>
                    <FormattedMessage id="counts.start.allCategories" />
                  </Select.Item>
                  {(categories.data ?? []).map((category) => (
                    <Select.Item key={category.id} value={category.id}>
                      {localizedName(category.name, category.nameAr, language)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </FormField>
          <FormField
            label={<FormattedMessage id="counts.start.shelf" />}
            hint={<FormattedMessage id="counts.start.shelfHint" />}
          >
            {(props) => (
              <TextField.Root
                {...props}
                value={shelfLocation}
                onChange={(event) => setShelfLocation(event.target.value)}
                placeholder={intl.formatMessage({ id: 'counts.start.shelfPlaceholder' })}
                disabled={isPending}
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="counts.start.note" />}>
            {(props) => (
              <TextArea
                {...props}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                placeholder={intl.formatMessage({ id: 'counts.start.notePlaceholder' })}
                disabled={isPending}
              />
            )}
          </FormField>
        </Grid>
        <FormDialogFooter
          isPending={isPending}
          submitLabel={<FormattedMessage id="counts.start.submit" />}
          pendingLabel={<FormattedMessage id="counts.start.submitting" />}
        />
      </form>
    </Dialog.Content>
  );
}
