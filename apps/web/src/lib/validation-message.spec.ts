import { describe, expect, it } from '@jest/globals';
import { createIntl } from 'react-intl';
import ar from '../i18n/ar.json';
import en from '../i18n/en.json';
import { genericApiMessage, translateValidationMessage } from './validation-message';

const arabic = createIntl({ locale: 'ar', messages: ar });
const english = createIntl({ locale: 'en', messages: en });
const readOnly = {
  statusCode: 403,
  code: 'READ_ONLY',
  message: 'Auditors can see everything but change nothing.',
};

describe('server refusals in the reader’s language', () => {
  it('word an auditor’s refused write in Arabic, by its code or by its text', () => {
    expect(genericApiMessage(arabic, readOnly)).toBe('يستطيع المدققون رؤية كل شيء دون تغيير أي شيء.');
    expect(genericApiMessage(arabic, { ...readOnly, message: 'Some future wording.' })).toBe(
      'يستطيع المدققون رؤية كل شيء دون تغيير أي شيء.',
    );
    // Screens that pass the server's message on its own get the same words.
    expect(translateValidationMessage(arabic, readOnly.message)).toBe('يستطيع المدققون رؤية كل شيء دون تغيير أي شيء.');
    expect(translateValidationMessage(english, readOnly.message)).toBe(readOnly.message);
  });

  it('still show other server messages as they came, and shared validation messages translated', () => {
    expect(translateValidationMessage(arabic, 'Something the app has no words for')).toBe(
      'Something the app has no words for',
    );
    expect(translateValidationMessage(arabic, 'constructor')).toBe('constructor');
    expect(translateValidationMessage(arabic, 'First name is required')).toBe(ar['validation.firstNameRequired']);
    expect(genericApiMessage(arabic, { statusCode: 500, code: 'INTERNAL', message: 'boom' })).toBeUndefined();
  });
});
