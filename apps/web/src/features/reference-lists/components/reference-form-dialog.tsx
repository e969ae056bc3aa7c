import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, Grid } from '@radix-ui/themes';
import { useForm, useWatch, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useSaveReference } from '../api/reference-lists';
import type { ReferenceListConfig } from '../reference-list';
import { useFocusReturn } from '../../../lib/focus-return';

export interface ReferenceFormDialogProps<
  Item extends { id: string; name: string },
  Values extends FieldValues,
  Input,
> {
  config: ReferenceListConfig<Item, Values, Input>;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** null: a new one. */
  item: Item | null;
}

/** Add or edit an item of a reference list. Give it a new `key` per opening: the form takes its starting values when it mounts. */
export function ReferenceFormDialog<Item extends { id: string; name: string }, Values extends FieldValues, Input>({
  config,
  open,
  onOpenChange,
  item,
}: ReferenceFormDialogProps<Item, Values, Input>) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ReferenceFormContent config={config} item={item} onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

function ReferenceFormContent<Item extends { id: string; name: string }, Values extends FieldValues, Input>({
  config,
  item,
  onDone,
}: {
  config: ReferenceListConfig<Item, Values, Input>;
  item: Item | null;
  onDone(): void;
}) {
  const focusReturn = useFocusReturn();
  const { messages } = config;
  const intl = useIntl();
  const { toast } = useToast();
  const save = useSaveReference<Item, Input>(config);
  const isEdit = item !== null;
  const defaultValues = config.formValues(item);
  const form = useForm<Values, unknown, Input>({
    resolver: zodResolver(config.inputSchema as never) as unknown as Resolver<Values, unknown, Input>,
    defaultValues: defaultValues as never,
  });
  // Specification 001 §5: the submit button stays disabled while the name is empty.
  const name = useWatch({ control: form.control, name: 'name' as FieldPath<Values> }) as unknown;
  const fields = Object.keys(defaultValues);

  const onSubmit = form.handleSubmit((input) => {
    save.mutate(
      { id: item?.id, input },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage(isEdit ? messages.updated : messages.created),
          });
          onDone();
        },
        onError: (error) => {
          for (const problem of apiErrorOf(error)?.errors ?? []) {
            if (fields.includes(problem.field)) {
              form.setError(problem.field as FieldPath<Values>, { type: 'server', message: problem.message });
            }
          }
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'common.error' }),
            description: intl.formatMessage(isEdit ? messages.updateFailed : messages.createFailed),
          });
        },
      },
    );
  });

  const state = {
    form,
    disabled: save.isPending,
    errorText: (field: FieldPath<Values>) =>
      translateValidationMessage(intl, form.getFieldState(field, form.formState).error?.message),
  };
  const keepOpenWhilePending = (event: Event) => {
    if (save.isPending) event.preventDefault();
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
          <FormattedMessage {...(isEdit ? messages.editTitle : messages.createTitle)} />
        </Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          <FormattedMessage {...messages.formDescription} />
        </Dialog.Description>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          {config.fields(state)}
        </Grid>
        {config.after?.(state)}
        <FormDialogFooter
          isPending={save.isPending}
          submitDisabled={typeof name !== 'string' || !name.trim()}
          submitLabel={<FormattedMessage {...(isEdit ? messages.update : messages.create)} />}
        />
      </form>
    </Dialog.Content>
  );
}
