import { AlertDialog, Box, Button, Callout, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import type { useCountStep } from '../api/stock-counts';
import type { useCountFailure } from '../hooks/use-count-failure';
import type { PostBlocker, VarianceReport } from '../utils/count-sheet';
import { useFocusReturn } from '../../../lib/focus-return';

const blockerMessages: Record<PostBlocker, { id: MessageId }> = {
  invalid: { id: 'counts.blocker.invalid' },
  unsaved: { id: 'counts.blocker.unsaved' },
  missingReason: { id: 'counts.blocker.missingReason' },
  nothingCounted: { id: 'counts.blocker.nothingCounted' },
};

export interface CountPostingProps {
  countId: string;
  isOpen: boolean;
  /** The caller may post (else the count can only be cancelled here). */
  canPost: boolean;
  report: VarianceReport;
  /** Why it cannot be posted yet; null: it can. */
  blocker: PostBlocker | null;
  /** Counts are being saved, or a step is under way. */
  busy: boolean;
  step: ReturnType<typeof useCountStep>;
  failed: ReturnType<typeof useCountFailure>;
}

/** Posting an open count (after confirming what it moves) or cancelling it (with a reason). */
export function CountPosting({ countId, isOpen, canPost, report, blocker, busy, step, failed }: CountPostingProps) {
  const intl = useIntl();
  const { toast } = useToast();
  const [confirmPost, setConfirmPost] = useState(false);
  const focusReturn = useFocusReturn(confirmPost);
  const [cancelling, setCancelling] = useState(false);
  const [cancelReason, setCancelReason] = useState('');

  const post = () =>
    step.mutate(
      { action: 'post', id: countId },
      {
        onSuccess: () => {
          setConfirmPost(false);
          toast({
            title: intl.formatMessage({ id: 'counts.post.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.post.done' }, { count: report.lines.length }),
          });
        },
        onError: (error) => {
          setConfirmPost(false);
          failed(error, { id: 'counts.post.failed' }, { id: 'counts.post.failedDefault' });
        },
      },
    );

  const cancel = () =>
    step.mutate(
      { action: 'cancel', id: countId, reason: cancelReason.trim() === '' ? null : cancelReason.trim() },
      {
        onSuccess: () => {
          setCancelling(false);
          toast({
            title: intl.formatMessage({ id: 'counts.cancel.doneTitle' }),
            description: intl.formatMessage({ id: 'counts.cancel.done' }),
          });
        },
        onError: (error) => failed(error, { id: 'counts.cancel.failed' }, { id: 'counts.cancel.failedDefault' }),
      },
    );

  return (
    <>
      {isOpen && (
        <Card>
          <Flex justify="between" align={{ sm: 'center' }} gap="3" direction={{ initial: 'column', sm: 'row' }}>
            <Box>
              {canPost ? (
                <Text as="p" size="2" color={blocker ? 'orange' : 'gray'} data-testid="post-hint">
                  {blocker ? (
                    intl.formatMessage(blockerMessages[blocker], { count: report.missingReasons })
                  ) : (
                    <FormattedMessage id="counts.post.ready" values={{ count: report.lines.length }} />
                  )}
                </Text>
              ) : (
                <Text as="p" size="2" color="gray">
                  <FormattedMessage id="counts.post.notAllowed" />
                </Text>
              )}
            </Box>
            <Flex gap="2" wrap="wrap">
              <Button variant="soft" color="red" onClick={() => setCancelling(true)} disabled={busy || cancelling}>
                <FormattedMessage id="counts.cancel.open" />
              </Button>
              {canPost && (
                <Button onClick={() => setConfirmPost(true)} disabled={busy || blocker !== null}>
                  <FormattedMessage id="counts.post.open" />
                </Button>
              )}
            </Flex>
          </Flex>
          {cancelling && (
            <Box mt="4" className="transfer-confirm" role="group" aria-labelledby="count-cancel-title">
              <Heading as="h3" size="3" id="count-cancel-title">
                <FormattedMessage id="counts.cancel.title" />
              </Heading>
              <Text as="p" size="2" color="gray" mt="1" mb="3">
                <FormattedMessage id="counts.cancel.description" />
              </Text>
              <FormField label={<FormattedMessage id="counts.cancel.reason" />}>
                {(props) => (
                  <TextArea
                    {...props}
                    value={cancelReason}
                    onChange={(event) => setCancelReason(event.target.value)}
                    disabled={step.isPending}
                    autoFocus
                  />
                )}
              </FormField>
              <Flex gap="3" mt="3" justify="end">
                <Button
                  type="button"
                  variant="soft"
                  color="gray"
                  onClick={() => setCancelling(false)}
                  disabled={step.isPending}
                >
                  <FormattedMessage id="counts.cancel.keep" />
                </Button>
                <Button type="button" color="red" onClick={cancel} disabled={step.isPending}>
                  <FormattedMessage id="counts.cancel.confirm" />
                </Button>
              </Flex>
            </Box>
          )}
        </Card>
      )}

      <AlertDialog.Root open={confirmPost} onOpenChange={(open) => !step.isPending && setConfirmPost(open)}>
        <AlertDialog.Content {...focusReturn} maxWidth="480px">
          <AlertDialog.Title>
            <FormattedMessage id="counts.post.title" />
          </AlertDialog.Title>
          <AlertDialog.Description size="2">
            <FormattedMessage
              id="counts.post.description"
              values={{ count: report.lines.length, available: report.over, quantity: report.short }}
            />
          </AlertDialog.Description>
          {report.uncounted > 0 && (
            <Callout.Root color="orange" size="1" mt="3">
              <Callout.Text>
                <FormattedMessage id="counts.post.uncounted" values={{ count: report.uncounted }} />
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" disabled={step.isPending}>
                <FormattedMessage id="common.cancel" />
              </Button>
            </AlertDialog.Cancel>
            <Button onClick={post} disabled={step.isPending}>
              {step.isPending ? (
                <FormattedMessage id="counts.post.posting" />
              ) : (
                <FormattedMessage id="counts.post.confirm" />
              )}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
