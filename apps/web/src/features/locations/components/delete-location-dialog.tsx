import type { Pharmacy } from '@pharmacy/contracts';
import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { FormattedMessage, useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import { HttpError } from '../../../lib/api';
import { useDeletePharmacy } from '../api/delete-pharmacy';
import { useFocusReturn } from '../../../lib/focus-return';

export interface DeleteLocationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  location: Pharmacy | null;
  /** The name as the card shows it in the active language. */
  displayName: string;
}

export function DeleteLocationDialog({ open, onOpenChange, location, displayName }: DeleteLocationDialogProps) {
  const focusReturn = useFocusReturn(open);
  const intl = useIntl();
  const { toast } = useToast();
  const deleteMutation = useDeletePharmacy();

  function confirm() {
    if (!location) return;
    deleteMutation.mutate(location.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'locations.toast.deleted.title' }),
          description: intl.formatMessage({ id: 'locations.toast.deleted.description' }),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        const notFound = error instanceof HttpError && error.status === 404;
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'locations.toast.deleteFailed' }),
          description: notFound
            ? intl.formatMessage({ id: 'locations.toast.notFound' })
            : intl.formatMessage({ id: 'locations.toast.tryAgain' }),
        });
        onOpenChange(false);
      },
    });
  }

  return (
    <AlertDialog.Root
      open={open}
      // A delete in flight cannot be taken back, so the dialog stays until it answers.
      onOpenChange={(next) => !deleteMutation.isPending && onOpenChange(next)}
    >
      <AlertDialog.Content {...focusReturn} maxWidth="450px">
        <AlertDialog.Title>
          <FormattedMessage id="locations.delete.title" />
        </AlertDialog.Title>
        <AlertDialog.Description size="2">
          <FormattedMessage id="locations.delete.description" />{' '}
          <FormattedMessage id="locations.delete.detail" values={{ name: <bdi>{displayName}</bdi> }} />
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={deleteMutation.isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </AlertDialog.Cancel>
          {/* A plain button, not AlertDialog.Action, which would close before the server answers. */}
          <Button color="red" onClick={confirm} disabled={deleteMutation.isPending}>
            {deleteMutation.isPending ? (
              <FormattedMessage id="locations.delete.deleting" />
            ) : (
              <FormattedMessage id="locations.delete.confirm" />
            )}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
