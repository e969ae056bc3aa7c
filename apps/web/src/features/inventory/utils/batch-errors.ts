import type { ApiError, BatchInput } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { utcMidnight } from '../../../lib/dates';
import { translateValidationMessage } from '../../../lib/validation-message';

/**
 * Why the server refused a batch, in the reader's language. Refusals with a
 * known code are worded from the catalogue (the server's own English texts);
 * anything else is the server's message as it came (or a translated validation
 * message). Undefined when the server gave no reason a person could act on.
 */
export function batchErrorMessage(
  intl: IntlShape,
  apiError: ApiError | undefined,
  details: Record<string, unknown>,
  input: Pick<BatchInput, 'batchNumber' | 'expiryDate'>,
): string | undefined {
  if (!apiError) return undefined;
  switch (apiError.code) {
    case 'BATCH_EXPIRY_MISMATCH':
      return typeof details.expiryDate === 'string'
        ? intl.formatMessage(
            { id: 'inventory.error.expiryMismatch' },
            { batch: input.batchNumber, recorded: day(intl, details.expiryDate), expiry: day(intl, input.expiryDate) },
          )
        : apiError.message;
    case 'BATCH_LOCATION_CHANGE':
      return intl.formatMessage({ id: 'inventory.error.locationChange' });
    case 'BATCH_NUMBER_TAKEN':
      return intl.formatMessage({ id: 'inventory.error.batchNumberTaken' }, { batch: input.batchNumber });
    case 'PHARMACY_FORBIDDEN':
      return intl.formatMessage({ id: 'inventory.error.pharmacyForbidden' });
    case 'BATCH_NOT_FOUND':
      return intl.formatMessage({ id: 'inventory.error.batchNotFound' });
    case 'STALE_EDIT':
      return intl.formatMessage({ id: 'inventory.error.staleEdit' });
    case 'INSUFFICIENT_STOCK':
      return intl.formatMessage(
        { id: 'inventory.error.insufficientStock' },
        { available: typeof details.available === 'number' ? details.available : 0 },
      );
    case 'PRODUCT_BEING_DELETED':
      return intl.formatMessage({ id: 'inventory.error.productBeingDeleted' });
    case 'PRODUCT_NOT_FOUND':
      return intl.formatMessage({ id: 'inventory.error.productNotFound' });
    case 'PHARMACY_NOT_FOUND':
      return intl.formatMessage({ id: 'inventory.error.pharmacyNotFound' });
    case 'VALIDATION_FAILED':
      // The fields show their own messages.
      return apiError.errors?.length ? intl.formatMessage({ id: 'inventory.error.checkFields' }) : apiError.message;
    default:
      return apiError.statusCode >= 500 ? undefined : translateValidationMessage(intl, apiError.message);
  }
}

function day(intl: IntlShape, iso: string): string {
  return intl.formatDate(utcMidnight(iso), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
