import type { ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { genericApiMessage } from '../../../lib/validation-message';

/**
 * Why the server refused a transfer step, in the reader's language. Known codes
 * are worded from the catalogue; otherwise the server's message as it came (a
 * shared validation message is translated). Undefined when the server gave no
 * reason a person could act on, so the caller falls back to its default text.
 * `productName` names a product of the request by id (INSUFFICIENT_STOCK says which).
 */
export function transferErrorMessage(
  intl: IntlShape,
  apiError: ApiError | undefined,
  details: Record<string, unknown>,
  productName: (productId: string) => string | undefined = () => undefined,
): string | undefined {
  if (!apiError) return undefined;
  switch (apiError.code) {
    case 'INSUFFICIENT_STOCK': {
      const name = typeof details.productId === 'string' ? productName(details.productId) : undefined;
      return name !== undefined && typeof details.available === 'number'
        ? intl.formatMessage({ id: 'transfers.error.insufficientStock' }, { available: details.available, name })
        : apiError.message;
    }
    case 'PHARMACY_INACTIVE':
      return intl.formatMessage({ id: 'transfers.error.pharmacyInactive' });
    case 'PHARMACY_FORBIDDEN':
      return intl.formatMessage({ id: 'transfers.error.pharmacyForbidden' });
    case 'TRANSFER_STATUS_CONFLICT':
      return intl.formatMessage({ id: 'transfers.error.statusConflict' });
    case 'TRANSFER_NOT_FOUND':
      return intl.formatMessage({ id: 'transfers.error.notFound' });
    case 'DISCREPANCY_REASON_REQUIRED':
      return intl.formatMessage({ id: 'transfers.receive.reasonRequired' });
    case 'BATCH_EXPIRED':
      return intl.formatMessage({ id: 'transfers.error.batchExpired' });
    default:
      return genericApiMessage(intl, apiError);
  }
}
