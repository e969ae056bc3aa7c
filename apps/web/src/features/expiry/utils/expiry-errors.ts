import type { ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { genericApiMessage, translateValidationMessage } from '../../../lib/validation-message';

/**
 * Why the server refused a discount, a transfer or a write-off, in the reader's
 * language: known codes from the catalogue, otherwise the server's own message
 * (a shared validation message is translated). Undefined when the server gave no
 * reason a person could act on (a 5xx, a network failure): the caller then says
 * its default ('Failed to ...').
 */
export function expiryErrorMessage(
  intl: IntlShape,
  apiError: ApiError | undefined,
  details: Record<string, unknown>,
): string | undefined {
  if (!apiError) return undefined;
  switch (apiError.code) {
    case 'BATCH_EXPIRED':
      return intl.formatMessage({ id: 'expiry.error.batchExpired' });
    case 'BATCH_EMPTY':
      return intl.formatMessage({ id: 'expiry.error.batchEmpty' });
    case 'NO_DISCOUNT':
      return intl.formatMessage({ id: 'expiry.error.noDiscount' });
    case 'BATCH_NOT_FOUND':
      return intl.formatMessage({ id: 'expiry.error.batchNotFound' });
    case 'INSUFFICIENT_STOCK':
      return typeof details.available === 'number'
        ? intl.formatMessage({ id: 'expiry.error.insufficientStock' }, { available: details.available })
        : translateValidationMessage(intl, apiError.message);
    case 'PHARMACY_INACTIVE':
      return intl.formatMessage({ id: 'expiry.error.pharmacyInactive' });
    case 'PHARMACY_FORBIDDEN':
    case 'FORBIDDEN':
      return intl.formatMessage({ id: 'expiry.error.forbidden' });
    default:
      return genericApiMessage(intl, apiError);
  }
}
