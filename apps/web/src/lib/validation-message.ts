import { validationMessageKey, type ApiError } from '@pharmacy/contracts';
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

/**
 * A refusal no screen words on its own: the first field message of a
 * validation failure, else the server's message (translated when it is a
 * shared validation message); undefined for a server fault (5xx), so the
 * caller falls back to its default text.
 */
export function genericApiMessage(intl: IntlShape, apiError: ApiError): string | undefined {
  if (apiError.code === 'VALIDATION_FAILED' && apiError.errors?.length) {
    return translateValidationMessage(intl, apiError.errors[0]?.message) ?? apiError.message;
  }
  if (apiError.code === 'VALIDATION_FAILED') return translateValidationMessage(intl, apiError.message);
  return apiError.statusCode >= 500 ? undefined : translateValidationMessage(intl, apiError.message);
}
