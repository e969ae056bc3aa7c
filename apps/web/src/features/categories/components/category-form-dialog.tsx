import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema, type Category, type CategoryInput, type CategoryInputValues } from '@pharmacy/contracts';
import { Dialog, Grid, TextArea, TextField } from '@radix-ui/themes';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useSaveCategory } from '../api/save-category';

export interface CategoryFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  category: Category | null;
}

/** Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function CategoryFormDialog({ open, onOpenChange, category }: CategoryFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <CategoryFormContent category={category} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

const fields = ['name', 'nameAr', 'description', 'descriptionAr'] as const;

function CategoryFormContent({ category, onDone }: { category: Category | null; onDone(): void }) {
  const intl = useIntl();
  const { toast } = useToast();
  const save = useSaveCategory();
  const isEdit = category !== null;
  const form = useForm<CategoryInputValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      nameAr: category?.nameAr ?? '',
      description: category?.description ?? '',
      descriptionAr: category?.descriptionAr ?? '',
    },
  });
  // Specification 001 §5: the submit button stays disabled while the name is empty.
  const name = useWatch({ control: form.control, name: 'name' });

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: category?.id, input },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: isEdit
              ? intl.formatMessage({ id: 'categories.toast.updated' })
              : intl.formatMessage({ id: 'categories.toast.created' }),
          });
          onDone();
        },
        onError: (error) => {
          const apiError = apiErrorOf(error);
          for (const item of apiError?.errors ?? []) {
            if ((fields as readonly string[]).includes(item.field)) {
              form.setError(item.field as FieldPath<CategoryInputValues>, { type: 'server', message: item.message });
            }
          }
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'common.error' }),
            description: isEdit
              ? intl.formatMessage({ id: 'categories.toast.updateFailed' })
              : intl.formatMessage({ id: 'categories.toast.createFailed' }),
          });
        },
      },
    );
  });

  const errorText = (field: FieldPath<CategoryInputValues>) =>
    translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message);
  const keepOpenWhilePending = (event: Event) => {
    if (save.isPending) event.preventDefault();
  };

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
            <FormattedMessage id="categories.form.editTitle" />
          ) : (
            <FormattedMessage id="categories.form.createTitle" />
          )}
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage id="categories.form.description" />
        </Dialog.Description>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField label={<FormattedMessage id="categories.form.name" />} error={errorText('name')} required>
            {(props) => (
              <TextField.Root {...props} {...form.register('name')} disabled={save.isPending} autoComplete="off" />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="categories.form.nameAr" />} error={errorText('nameAr')}>
            {(props) => (
              <TextField.Root
                {...props}
                {...form.register('nameAr')}
                disabled={save.isPending}
                dir="rtl"
                lang="ar"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField label={<FormattedMessage id="categories.form.descriptionEn" />} error={errorText('description')}>
            {(props) => <TextArea {...props} {...form.register('description')} rows={3} disabled={save.isPending} />}
          </FormField>
          <FormField label={<FormattedMessage id="categories.form.descriptionAr" />} error={errorText('descriptionAr')}>
            {(props) => (
              <TextArea
                {...props}
                {...form.register('descriptionAr')}
                rows={3}
                dir="rtl"
                lang="ar"
                disabled={save.isPending}
              />
            )}
          </FormField>
        </Grid>
        <FormDialogFooter
          isPending={save.isPending}
          submitDisabled={!name?.trim()}
          submitLabel={
            isEdit ? <FormattedMessage id="categories.form.update" /> : <FormattedMessage id="categories.form.create" />
          }
        />
      </form>
    </Dialog.Content>
  );
}
