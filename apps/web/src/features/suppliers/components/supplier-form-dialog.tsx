import { zodResolver } from '@hookform/resolvers/zod';
import { supplierInputSchema, type Supplier, type SupplierInput, type SupplierInputValues } from '@pharmacy/contracts';
import { Box, Dialog, Grid, TextArea, TextField } from '@radix-ui/themes';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ActiveSwitchField } from '../../../components/active-switch-field';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useSaveSupplier } from '../api/save-supplier';

export interface SupplierFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  supplier: Supplier | null;
}

/** Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function SupplierFormDialog({ open, onOpenChange, supplier }: SupplierFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <SupplierFormContent supplier={supplier} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

const fields = ['name', 'contactPerson', 'phone', 'email', 'address', 'isActive'] as const;

function SupplierFormContent({ supplier, onDone }: { supplier: Supplier | null; onDone(): void }) {
  const intl = useIntl();
  const { toast } = useToast();
  const save = useSaveSupplier();
  const isEdit = supplier !== null;
  const form = useForm<SupplierInputValues, unknown, SupplierInput>({
    resolver: zodResolver(supplierInputSchema),
    defaultValues: {
      name: supplier?.name ?? '',
      contactPerson: supplier?.contactPerson ?? '',
      phone: supplier?.phone ?? '',
      email: supplier?.email ?? '',
      address: supplier?.address ?? '',
      // Specification 001 §2: on by default.
      isActive: supplier?.isActive ?? true,
    },
  });
  // Specification 001 §5: the submit button stays disabled while the name is empty.
  const name = useWatch({ control: form.control, name: 'name' });

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: supplier?.id, input },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: isEdit
              ? intl.formatMessage({ id: 'suppliers.toast.updated' })
              : intl.formatMessage({ id: 'suppliers.toast.created' }),
          });
          onDone();
        },
        onError: (error) => {
          for (const item of apiErrorOf(error)?.errors ?? []) {
            if ((fields as readonly string[]).includes(item.field)) {
              form.setError(item.field as FieldPath<SupplierInputValues>, { type: 'server', message: item.message });
            }
          }
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'common.error' }),
            description: isEdit
              ? intl.formatMessage({ id: 'suppliers.toast.updateFailed' })
              : intl.formatMessage({ id: 'suppliers.toast.createFailed' }),
          });
        },
      },
    );
  });

  const errorText = (field: FieldPath<SupplierInputValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);
  const keepOpenWhilePending = (event: Event) => {
    if (save.isPending) event.preventDefault();
  };
  const disabled = save.isPending;

  return (
    <Dialog.Content
      maxWidth="560px"
      onEscapeKeyDown={keepOpenWhilePending}
      onPointerDownOutside={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Dialog.Title>
          {isEdit ? (
            <FormattedMessage id="suppliers.form.editTitle" />
          ) : (
            <FormattedMessage id="suppliers.form.createTitle" />
          )}
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage id="suppliers.form.description" />
        </Dialog.Description>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label={<FormattedMessage id="suppliers.form.name" />} error={errorText('name')} required>
            {(props) => <TextField.Root {...props} {...form.register('name')} disabled={disabled} autoComplete="off" />}
          </FormField>
          <FormField label={<FormattedMessage id="suppliers.form.contactPerson" />} error={errorText('contactPerson')}>
            {(props) => (
              <TextField.Root {...props} {...form.register('contactPerson')} disabled={disabled} autoComplete="off" />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="suppliers.form.phone" />} error={errorText('phone')}>
            {(props) => (
              <TextField.Root {...props} {...form.register('phone')} type="tel" dir="ltr" disabled={disabled} />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="suppliers.form.email" />} error={errorText('email')}>
            {(props) => (
              <TextField.Root {...props} {...form.register('email')} type="email" dir="ltr" disabled={disabled} />
            )}
          </FormField>
          <Box gridColumn={{ sm: 'span 2' }}>
            <FormField label={<FormattedMessage id="suppliers.form.address" />} error={errorText('address')}>
              {(props) => <TextArea {...props} {...form.register('address')} rows={2} disabled={disabled} />}
            </FormField>
          </Box>
        </Grid>
        <ActiveSwitchField
          control={form.control}
          name="isActive"
          disabled={disabled}
          label={<FormattedMessage id="suppliers.form.isActive" />}
          hint={<FormattedMessage id="suppliers.form.isActiveHint" />}
        />
        <FormDialogFooter
          isPending={disabled}
          submitDisabled={!name?.trim()}
          submitLabel={
            isEdit ? <FormattedMessage id="suppliers.form.update" /> : <FormattedMessage id="suppliers.form.create" />
          }
        />
      </form>
    </Dialog.Content>
  );
}
