/**
 * Validation messages shared by the server (400 answers) and the web forms.
 * The key is also the react-intl id under `validation.` in the web catalogues,
 * so the same rule reads the same in both places and in both languages.
 */
export const validationMessages = {
  nameRequired: 'Name is required',
  addressRequired: 'Address is required',
  invalidEmail: 'Invalid email address',
  tooLong: 'This value is too long',
  invalidId: 'Invalid identifier',
  mustBeBoolean: 'Must be true or false',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

const byText = new Map<string, ValidationMessageKey>(
  Object.entries(validationMessages).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** Finds the catalogue key of a validation message, so a client can translate a server answer. */
export function validationMessageKey(text: string): ValidationMessageKey | undefined {
  return byText.get(text);
}
