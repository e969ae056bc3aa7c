import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toaster';
import type { MessageId } from '../../../i18n/messages';
import { apiErrorDetailsOf, apiErrorOf } from '../../../lib/api';
import { transferErrorMessage } from '../utils/transfer-errors';

/**
 * The failure toast of a transfer step: the server's reason in the reader's language, or the step's default.
 * `productName` names the transfer's products (an approval refused for want of stock says which).
 */
export function useStepFailure(): (
  error: unknown,
  failure: { id: MessageId },
  productName?: (productId: string) => string | undefined,
) => void {
  const intl = useIntl();
  const { toast } = useToast();
  return useCallback(
    (error: unknown, failure: { id: MessageId }, productName?: (productId: string) => string | undefined) => {
      const reason = transferErrorMessage(intl, apiErrorOf(error), apiErrorDetailsOf(error), productName);
      const title = intl.formatMessage(failure);
      toast(
        reason
          ? { variant: 'error', title, description: reason }
          : { variant: 'error', title: intl.formatMessage({ id: 'common.error' }), description: title },
      );
    },
    [intl, toast],
  );
}
