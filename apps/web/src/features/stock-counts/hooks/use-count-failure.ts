import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { countErrorMessage } from '../utils/count-errors';

/** The failure toast of a count step: the server's reason in the reader's language, or the step's default. */
export function useCountFailure(
  batchName?: (batchId: string) => string | undefined,
): (error: unknown, title: { id: MessageId }, fallback: { id: MessageId }) => void {
  const intl = useIntl();
  const { toast } = useToast();
  return useCallback(
    (error, title, fallback) => {
      const reason = countErrorMessage(intl, apiErrorOf(error), apiErrorDetailsOf(error), batchName);
      toast({
        variant: 'error',
        title: intl.formatMessage(title),
        description: reason ?? intl.formatMessage(fallback),
      });
    },
    [intl, toast, batchName],
  );
}
