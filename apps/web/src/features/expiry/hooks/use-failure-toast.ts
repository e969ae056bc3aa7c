import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { expiryErrorMessage } from '../utils/expiry-errors';

/**
 * Specification 001 §8: a failed action's toast ('Transfer Failed', 'Discount
 * Failed', ...) with the server's reason in the reader's language, else the
 * action's default text.
 */
export function useFailureToast(): (error: unknown, title: { id: MessageId }, fallback: { id: MessageId }) => void {
  const intl = useIntl();
  const { toast } = useToast();
  return useCallback(
    (error, title, fallback) => {
      const reason = expiryErrorMessage(intl, apiErrorOf(error), apiErrorDetailsOf(error));
      toast({
        variant: 'error',
        title: intl.formatMessage(title),
        description: reason ?? intl.formatMessage(fallback),
      });
    },
    [intl, toast],
  );
}
