import { validationMessageKey, type ApiError } from '@pharmacy/contracts';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../i18n/messages';

/**
 * Form and server validation messages are the English texts of
 * `validationMessages` (libs/contracts); their key names the translation.
 * An unknown text is shown as it is rather than hidden.
 */
export function translateValidationMessage(intl: IntlShape, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = validationMessageKey(message);
  if (key) return intl.formatMessage({ id: `validation.${key}` });
  const refusal = Object.hasOwn(serverRefusals, message) ? serverRefusals[message] : undefined;
  return refusal ? intl.formatMessage(refusal) : message;
}

/**
 * Refusals any screen may receive whose words are not shared validation
 * messages: the server's exact English text, and how the app words it.
 */
const serverRefusals: Readonly<Record<string, { id: MessageId }>> = {
  // 403 READ_ONLY: an auditor's write, whichever screen it came from.
  'Auditors can see everything but change nothing.': { id: 'api.readOnly' },
};

/**
 * A refusal no screen words on its own: the first field message of a
 * validation failure, else the server's message (translated when it is a
 * shared validation message); undefined for a server fault (5xx), so the
 * caller falls back to its default text.
 */
export function genericApiMessage(intl: IntlShape, apiError: ApiError): string | undefined {
  if (apiError.code === 'READ_ONLY') return intl.formatMessage({ id: 'api.readOnly' });
  if (apiError.code === 'VALIDATION_FAILED' && apiError.errors?.length) {
    return translateValidationMessage(intl, apiError.errors[0]?.message) ?? apiError.message;
  }
  if (apiError.code === 'VALIDATION_FAILED') return translateValidationMessage(intl, apiError.message);
  return apiError.statusCode >= 500 ? undefined : translateValidationMessage(intl, apiError.message);
}
