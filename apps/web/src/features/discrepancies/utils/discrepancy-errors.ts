import type { ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { genericApiMessage } from '../../../lib/validation-message';

/**
 * Why the server refused to resolve a discrepancy, in the reader's language;
 * undefined when it gave no reason a person could act on (a server fault, no
 * network), for the caller's default text.
 */
export function resolveErrorMessage(intl: IntlShape, apiError: ApiError | undefined): string | undefined {
  if (!apiError) return undefined;
  switch (apiError.code) {
    case 'DISCREPANCY_RESOLVED':
      return intl.formatMessage({ id: 'discrepancies.error.alreadyResolved' });
    case 'DISCREPANCY_NOT_FOUND':
      return intl.formatMessage({ id: 'discrepancies.error.notFound' });
    case 'PHARMACY_FORBIDDEN':
    case 'FORBIDDEN':
      return intl.formatMessage({ id: 'discrepancies.error.forbidden' });
    default:
      return genericApiMessage(intl, apiError);
  }
}
