import { validationMessageKey } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';

/**
 * Form and server validation messages are the English texts of
 * `validationMessages` (libs/contracts); their key names the translation.
 * An unknown text is shown as it is rather than hidden.
 */
export function translateValidationMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationMessageKey(message);
  return key ? intl.formatMessage({ id: `validation.${key}` }) : message;
}
