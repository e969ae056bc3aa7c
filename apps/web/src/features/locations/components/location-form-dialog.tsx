import { zodResolver } from '@hookform/resolvers/zod';
import {
  pharmacyInputSchema,
  pharmacySchema,
  type Pharmacy,
  type PharmacyInput,
  type PharmacyInputValues,
} from '@pharmacy/contracts';
import { Box, Dialog, Grid, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ActiveSwitchField } from '../../../components/active-switch-field';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { StaleEditCallout } from '../../../components/stale-edit-callout';
import { useToast } from '../../../components/toaster';
import { apiErrorDetailsOf, apiErrorOf, HttpError } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useCreatePharmacy } from '../api/create-pharmacy';
import { useUpdatePharmacy } from '../api/update-pharmacy';
import { useFocusReturn } from '../../../lib/focus-return';

export interface LocationFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The location to edit; absent to add a new one. */
  location: Pharmacy | null;
}

/** Give it a new `key` for each opening: the form takes its starting values when it mounts. */
export function LocationFormDialog({ open, onOpenChange, location }: LocationFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <LocationFormContent location={location} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

/** Fields that show their own message; a server error on any other field gets the generic toast. */
const formFields = ['name', 'nameAr', 'address', 'addressAr', 'phone', 'email', 'isActive'] as const;

function isFormField(field: string): field is (typeof formFields)[number] {
  return (formFields as readonly string[]).includes(field);
}

/** The form's starting values: the location as it is (or empty for a new one). */
function valuesOf(location: Pharmacy | null): PharmacyInputValues {
  return {
    name: location?.name ?? '',
    nameAr: location?.nameAr ?? '',
    address: location?.address ?? '',
    addressAr: location?.addressAr ?? '',
    phone: location?.phone ?? '',
    email: location?.email ?? '',
    // Not editable here yet, but a PUT replaces the whole record, so it must travel with the form.
    managerId: location?.managerId ?? null,
    isActive: location?.isActive ?? true,
    // The version the form was loaded at: an edit made on an older one is refused (409 STALE_EDIT).
    version: location?.version ?? null,
  };
}

function LocationFormContent({ location, onDone }: { location: Pharmacy | null; onDone(): void }) {
  const focusReturn = useFocusReturn();
  const intl = useIntl();
  const { toast } = useToast();
  const isEdit = location !== null;
  // The location as someone else saved it while this form was open (the edit was refused).
  const [changedMeanwhile, setChangedMeanwhile] = useState<Pharmacy | null>(null);
  const createMutation = useCreatePharmacy();
  const updateMutation = useUpdatePharmacy();
  const isPending = createMutation.isPending || updateMutation.isPending;

  const form = useForm<PharmacyInputValues, unknown, PharmacyInput>({
    // The server's request schema: the form rejects exactly what the server would, with the same messages.
    resolver: zodResolver(pharmacyInputSchema),
    defaultValues: valuesOf(location),
  });
  const { errors } = form.formState;

  const failureTitle = isEdit
    ? intl.formatMessage({ id: 'locations.toast.updateFailed' })
    : intl.formatMessage({ id: 'locations.toast.createFailed' });

  function handleError(error: unknown) {
    const apiError = apiErrorOf(error);
    const fieldErrors = (apiError?.errors ?? []).filter((item) => isFormField(item.field));
    for (const item of fieldErrors) {
      form.setError(item.field as FieldPath<PharmacyInputValues>, { type: 'server', message: item.message });
    }
    const current = apiError?.code === 'STALE_EDIT' ? pharmacySchema.safeParse(apiErrorDetailsOf(error).current) : null;
    if (current?.success) {
      setChangedMeanwhile(current.data);
    } else if (fieldErrors.length > 0) {
      toast({
        variant: 'error',
        title: failureTitle,
        description: intl.formatMessage({ id: 'locations.toast.checkFields' }),
      });
    } else if (error instanceof HttpError && error.status === 404) {
      toast({
        variant: 'error',
        title: failureTitle,
        description: intl.formatMessage({ id: 'locations.toast.notFound' }),
      });
      onDone();
    } else {
      toast({
        variant: 'error',
        title: failureTitle,
        description: intl.formatMessage({ id: 'locations.toast.tryAgain' }),
      });
    }
  }

  const onSubmit = form.handleSubmit((input) => {
    if (location) {
      updateMutation.mutate(
        { id: location.id, input },
        {
          onSuccess: () => {
            toast({
              title: intl.formatMessage({ id: 'locations.toast.updated.title' }),
              description: intl.formatMessage({ id: 'locations.toast.updated.description' }),
            });
            onDone();
          },
          onError: handleError,
        },
      );
    } else {
      // A new location has no version yet: the request is the specification's fields alone.
      const { version: _none, ...details } = input;
      createMutation.mutate(details, {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'locations.toast.created.title' }),
            description: intl.formatMessage({ id: 'locations.toast.created.description' }),
          });
          onDone();
        },
        onError: handleError,
      });
    }
  });

  const errorText = (field: FieldPath<PharmacyInputValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);

  // While a save is in flight the dialog stays: closing it would drop the answer (and its toast) on the floor.
  const keepOpenWhilePending = (event: Event) => {
    if (isPending) event.preventDefault();
  };

  return (
    <Dialog.Content
      {...focusReturn}
      maxWidth="560px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Dialog.Title>
          {isEdit ? (
            <FormattedMessage id="locations.form.editTitle" />
          ) : (
            <FormattedMessage id="locations.form.createTitle" />
          )}
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {isEdit ? (
            <FormattedMessage id="locations.form.editDescription" />
          ) : (
            <FormattedMessage id="locations.form.createDescription" />
          )}
        </Dialog.Description>

        {changedMeanwhile && (
          <StaleEditCallout
            onUseCurrent={() => {
              form.reset(valuesOf(changedMeanwhile));
              setChangedMeanwhile(null);
            }}
          >
            <FormattedMessage
              id="locations.staleEdit.now"
              values={{ name: changedMeanwhile.name, address: changedMeanwhile.address }}
            />
          </StaleEditCallout>
        )}
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Field label={<FormattedMessage id="locations.form.name" />} error={errorText('name')} required>
            {(props) => (
              <TextField.Root {...props} {...form.register('name')} disabled={isPending} autoComplete="off" />
            )}
          </Field>
          <Field label={<FormattedMessage id="locations.form.nameAr" />} error={errorText('nameAr')}>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('nameAr')}
                disabled={isPending}
                dir="rtl"
                lang="ar"
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={<FormattedMessage id="locations.form.address" />} error={errorText('address')} required>
            {(props) => (
              <TextField.Root {...props} {...form.register('address')} disabled={isPending} autoComplete="off" />
            )}
          </Field>
          <Field label={<FormattedMessage id="locations.form.addressAr" />} error={errorText('addressAr')}>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('addressAr')}
                disabled={isPending}
                dir="rtl"
                lang="ar"
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={<FormattedMessage id="locations.form.phone" />} error={errorText('phone')}>
            {(props) => (
              <TextField.Root {...props} {...form.register('phone')} disabled={isPending} type="tel" dir="ltr" />
            )}
          </Field>
          <Field label={<FormattedMessage id="locations.form.email" />} error={errorText('email')}>
            {(props) => (
              <TextField.Root {...props} {...form.register('email')} disabled={isPending} type="email" dir="ltr" />
            )}
          </Field>
        </Grid>

        {isEdit && (
          <ActiveSwitchField
            control={form.control}
            name="isActive"
            disabled={isPending}
            label={<FormattedMessage id="locations.form.isActive" />}
            hint={<FormattedMessage id="locations.form.isActiveHint" />}
          />
        )}
        {errors.isActive && (
          <Text as="p" size="1" color="red" className="location-form-error">
            {errorText('isActive')}
          </Text>
        )}

        <FormDialogFooter
          isPending={isPending}
          submitLabel={
            isEdit ? <FormattedMessage id="locations.form.update" /> : <FormattedMessage id="locations.form.create" />
          }
          pendingLabel={
            isEdit ? (
              <FormattedMessage id="locations.form.updating" />
            ) : (
              <FormattedMessage id="locations.form.creating" />
            )
          }
        />
      </form>
    </Dialog.Content>
  );
}

interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

function Field({
  label,
  error,
  required,
  children,
}: {
  label: ReactNode;
  error: string | undefined;
  required?: boolean;
  children(props: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' *'}
          </Text>
        )}
      </Text>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
        'aria-required': required || undefined,
      })}
      {error && (
        <Text as="p" id={errorId} size="1" color="red" className="location-form-error">
          {error}
        </Text>
      )}
    </Box>
  );
}
