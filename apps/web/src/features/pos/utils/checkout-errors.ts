import type { ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import { salesUnitLabels } from '../../../lib/sales-units';
import type { OfflineSaleProblem } from '../offline/offline-sale';
import type { CartLine } from './cart';

/**
 * Why the server refused a sale, in the reader's language: known codes are
 * worded from the catalogue with the details the answer carries; anything else
 * is the server's message ("Checkout Failed" shows the server's message field
 * when there is one, specification 001 §8). Undefined: nothing to say beyond
 * the generic failure.
 */
export function checkoutErrorMessage(
  intl: IntlShape,
  apiError: ApiError | undefined,
  details: Record<string, unknown>,
  lines: readonly CartLine[],
  nameOf: (line: CartLine) => string,
): string | undefined {
  if (!apiError) return undefined;
  const line = lines.find((candidate) => candidate.product.id === details.productId);
  const name = line ? nameOf(line) : '';
  switch (apiError.code) {
    case 'INSUFFICIENT_STOCK': {
      if (!line || typeof details.available !== 'number') return apiError.message;
      const unit = intl.formatMessage(salesUnitLabels[line.salesUnit]);
      return intl.formatMessage(
        { id: 'pos.error.insufficientStock' },
        { available: `${intl.formatNumber(details.available)} × ${unit}`, name },
      );
    }
    case 'INSUFFICIENT_CASH':
      return intl.formatMessage({ id: 'pos.checkout.insufficientCash' });
    case 'BATCH_EXPIRED':
      return intl.formatMessage({ id: 'pos.error.batchExpired' });
    case 'PRODUCT_NOT_FOR_SALE':
      return line ? intl.formatMessage({ id: 'pos.error.notForSale' }, { name }) : apiError.message;
    case 'SALES_UNIT_NOT_OFFERED':
      return line ? intl.formatMessage({ id: 'pos.error.unitNotOffered' }, { name }) : apiError.message;
    case 'NO_CURRENT_PHARMACY':
      return intl.formatMessage({ id: 'pos.error.noPharmacy' });
    case 'PHARMACY_INACTIVE':
      return intl.formatMessage({ id: 'pos.error.pharmacyInactive' });
    default:
      return apiError.statusCode < 500 ? apiError.message : undefined;
  }
}

/** Why the till cannot make a sale from its offline copy, in the reader's language. */
export function offlineSaleProblemMessage(
  intl: IntlShape,
  problem: OfflineSaleProblem | { code: 'NO_STORAGE' },
  lines: readonly CartLine[],
  nameOf: (line: CartLine) => string,
): string {
  const line =
    'productId' in problem ? lines.find((candidate) => candidate.product.id === problem.productId) : undefined;
  const name = line ? nameOf(line) : '';
  switch (problem.code) {
    case 'NO_STORAGE':
      return intl.formatMessage({ id: 'pos.offline.noStorage' });
    case 'NO_COPY':
      return intl.formatMessage({ id: 'pos.offline.problem.noCopy' });
    case 'NOT_IN_COPY':
      return intl.formatMessage({ id: 'pos.offline.problem.notInCopy' }, { name });
    case 'SALES_UNIT_NOT_OFFERED':
      return intl.formatMessage({ id: 'pos.error.unitNotOffered' }, { name });
    case 'BATCH_EXPIRED':
      return intl.formatMessage({ id: 'pos.error.batchExpired' });
    case 'INSUFFICIENT_CASH':
      return intl.formatMessage({ id: 'pos.checkout.insufficientCash' });
  }
}
