import type { ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { genericApiMessage } from '../../../lib/validation-message';

/**
 * Why the server refused a step of a count, in the reader's language; undefined
 * when it gave no reason a person could act on (the caller says its default).
 * `batchName` names a batch of the sheet by id (the refusals say which).
 */
export function countErrorMessage(
  intl: IntlShape,
  apiError: ApiError | undefined,
  details: Record<string, unknown>,
  batchName: (batchId: string) => string | undefined = () => undefined,
): string | undefined {
  if (!apiError) return undefined;
  const batch = typeof details.batchId === 'string' ? batchName(details.batchId) : undefined;
  switch (apiError.code) {
    case 'VARIANCE_REASON_REQUIRED':
      return batch === undefined
        ? intl.formatMessage({ id: 'counts.error.reasonRequired' })
        : intl.formatMessage({ id: 'counts.error.reasonRequiredFor' }, { batch });
    case 'COUNT_BELOW_ZERO':
      return batch !== undefined && typeof details.quantity === 'number'
        ? intl.formatMessage({ id: 'counts.error.belowZero' }, { batch, quantity: details.quantity })
        : apiError.message;
    case 'COUNT_LINE_UNKNOWN':
      return intl.formatMessage({ id: 'counts.error.lineUnknown' });
    case 'COUNT_NOT_FOUND':
      return intl.formatMessage({ id: 'counts.error.notOpen' });
    case 'FORBIDDEN':
      return intl.formatMessage({ id: 'counts.error.postForbidden' });
    case 'PHARMACY_FORBIDDEN':
      return intl.formatMessage({ id: 'counts.error.pharmacyForbidden' });
    default:
      return genericApiMessage(intl, apiError);
  }
}
