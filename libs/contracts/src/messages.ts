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
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  otpSixDigits: 'OTP code must be 6 digits',
  usernameRequired: 'Username is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  pharmacyRequired: 'Please select a pharmacy to continue.',
  roleInvalid: 'Role must be admin or pharmacist',
  atLeastOne: 'Must be at least 1',
  atLeastOneDay: 'Must be at least 1 day',
  atLeastFiveMinutes: 'Must be at least 5 minutes',
  wholeNumber: 'Must be a whole number',
  languageInvalid: 'Language must be English or Arabic',
  themeInvalid: 'Theme must be light, dark or system',
  currencyInvalid: 'Choose one of the offered currencies',
  usernameFormat: 'Username may use letters, digits, dots, dashes and underscores (3 to 40)',
  productRequired: 'Product is required',
  pharmacyIdRequired: 'Pharmacy is required',
  batchNumberRequired: 'Batch number is required',
  quantityPositive: 'Quantity must be positive',
  expiryDateRequired: 'Expiry date is required',
  expiryDateInvalid: 'Enter a valid date (YYYY-MM-DD)',
  expiryDateInPast: 'Expiry date cannot be in the past',
  skuRequired: 'SKU is required',
  priceRequired: 'Price is required',
  amountInvalid: 'Enter an amount like 12.50',
  initialQuantityNonNegative: 'Initial quantity must be non-negative',
  pharmacyRequiredForStock: 'Pharmacy location is required when adding initial stock',
  commissionRange: 'Commission rate must be between 0 and 100',
  unitsPerPackageMin: 'Units per package must be at least 1',
  stockLevelNonNegative: 'Stock levels cannot be negative',
  maxBelowMin: 'Maximum stock must be at least the minimum stock',
  salesUnitInvalid: 'Sales unit must be whole, sachet, pill or blister',
  categoryNameRequired: 'Name (English) is required',
  daysInvalid: 'Days must be one of 7, 14, 30, 60, 90',
  unstorableText:
    'This text contains characters that cannot be stored (a NUL character or broken Unicode). Remove them and try again.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  versionInvalid: 'Version must be a whole number of at least 0',
  saleQuantityMin: 'Sale quantity must be at least 1',
  saleItemsRequired: 'Add at least one product to the sale',
  cashReceivedRequired: 'Cash received is required',
  reasonRequired: 'Reason is required',
  limitInvalid: 'Limit must be a whole number from 1 to 500',
  adjustmentReasonInvalid: 'Choose a reason: count correction, damaged, lost, found or returned to supplier',
  quantityChangeInvalid: 'The quantity change must be a whole number other than 0',
  sourcePharmacyRequired: 'Source pharmacy is required',
  destinationPharmacyRequired: 'Destination pharmacy is required',
  transferItemsRequired: 'At least one product is required',
  transferQuantityMin: 'Quantity must be at least 1',
  samePharmacy: 'Source and destination pharmacy cannot be the same',
  productAlreadyInTransfer: 'This product is already in the transfer list',
  receivedQuantityInvalid: 'Received quantity must be a whole number of at least 0',
  discountMin: 'Discount must be at least 1%',
  discountMax: 'Discount cannot exceed 90%',
  batchRequired: 'Batch is required',
  countedInvalid: 'The counted quantity must be a whole number of at least 0',
  varianceReasonInvalid: 'Choose a reason: miscount, damaged, expired, theft, found, supplier error or other',
  countsRequired: 'Enter at least one counted quantity',
  writeOffReasonInvalid: 'Choose a reason: expired, damaged, recalled or other',
  witnessRequired: 'Witness is required',
  writeOffQuantity: 'Write off at least one pack or unit',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

const byText = new Map<string, ValidationMessageKey>(
  Object.entries(validationMessages).map(([key, text]) => [text, key as ValidationMessageKey]),
);

/** Finds the catalogue key of a validation message, so a client can translate a server answer. */
export function validationMessageKey(text: string): ValidationMessageKey | undefined {
  return byText.get(text);
}
