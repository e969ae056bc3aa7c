/**
 * What a domain error means to a caller. The HTTP layer maps each kind to a
 * status code in one place; the domain never speaks HTTP.
 */
export type DomainErrorKind =
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'forbidden'
  | 'unauthorized'
  | 'unprocessable'
  | 'unavailable'
  | 'too_large'
  | 'unsupported_media';

/**
 * Every stable error code, with its one kind: a code always answers with the
 * same status, wherever it is raised. Clients may branch on codes; messages
 * are for people.
 */
export const errorCatalogue = {
  // Something named does not exist (or the caller may not know it does).
  ASSIGNMENT_NOT_FOUND: 'not_found',
  BATCH_NOT_FOUND: 'not_found',
  CATEGORY_NOT_FOUND: 'not_found',
  COUNT_NOT_FOUND: 'not_found',
  PHARMACY_NOT_FOUND: 'not_found',
  PRODUCT_NOT_FOUND: 'not_found',
  SALE_NOT_FOUND: 'not_found',
  DISCREPANCY_NOT_FOUND: 'not_found',
  SUPPLIER_NOT_FOUND: 'not_found',
  TRANSFER_NOT_FOUND: 'not_found',
  USER_NOT_FOUND: 'not_found',

  // The request is well-formed but the current state refuses it.
  ALREADY_ASSIGNED: 'conflict',
  BATCH_EMPTY: 'conflict',
  BATCH_EXPIRED: 'conflict',
  BATCH_EXPIRY_MISMATCH: 'conflict',
  BATCH_LOCATION_CHANGE: 'conflict',
  BATCH_NUMBER_TAKEN: 'conflict',
  CATEGORY_ALREADY_EXISTS: 'conflict',
  CATEGORY_IN_USE: 'conflict',
  CONCURRENCY_CONFLICT: 'conflict',
  COUNT_BELOW_ZERO: 'conflict',
  DUPLICATE_VALUE: 'conflict',
  EMAIL_TAKEN: 'conflict',
  INSUFFICIENT_STOCK: 'conflict',
  INVENTORY_EXISTS: 'conflict',
  LAST_ADMIN: 'conflict',
  NO_DISCOUNT: 'conflict',
  OWN_ACCOUNT: 'conflict',
  OWN_ROLE: 'conflict',
  PHARMACY_ALREADY_EXISTS: 'conflict',
  PHARMACY_INACTIVE: 'conflict',
  PRODUCT_ALREADY_EXISTS: 'conflict',
  PRODUCT_BEING_DELETED: 'conflict',
  PRODUCT_NOT_FOR_SALE: 'conflict',
  RETURN_EXCEEDS_SALE: 'conflict',
  RETURN_WINDOW_CLOSED: 'conflict',
  DISCREPANCY_RESOLVED: 'conflict',
  STALE_EDIT: 'conflict',
  STOCK_RESERVED: 'conflict',
  TRANSFER_STATUS_CONFLICT: 'conflict',
  TRANSFER_NOT_RESERVED: 'conflict',
  SUPPLIER_ALREADY_EXISTS: 'conflict',
  SUPPLIER_IN_USE: 'conflict',
  TOTP_NOT_STARTED: 'conflict',
  USERNAME_TAKEN: 'conflict',
  USER_NOT_ASSIGNED: 'conflict',
  VERIFICATION_RUNNING: 'conflict',
  PAST_BALANCE_BELOW_ZERO: 'conflict',

  // The request itself is wrong.
  COUNT_LINE_UNKNOWN: 'invalid',
  DISCREPANCY_REASON_REQUIRED: 'invalid',
  EXPIRY_IN_PAST: 'invalid',
  EFFECTIVE_BEFORE_BATCH: 'invalid',
  RECEIVED_QUANTITY_INVALID: 'invalid',
  SAME_PHARMACY: 'invalid',
  TRANSFER_ITEM_UNKNOWN: 'invalid',
  VARIANCE_REASON_REQUIRED: 'invalid',
  INSUFFICIENT_CASH: 'invalid',
  NO_CURRENT_PHARMACY: 'invalid',
  SALES_UNIT_NOT_OFFERED: 'invalid',
  INVALID_GS1: 'invalid',
  QUANTITY_INVALID: 'invalid',
  STOCK_LEVELS_INVALID: 'invalid',
  TOTP_CODE_MISMATCH: 'invalid',
  USERNAME_REQUIRED: 'invalid',

  // An upload the server cannot take.
  IMAGE_TOO_LARGE: 'too_large',
  UNSUPPORTED_IMAGE: 'unsupported_media',
  NOTHING_RECOGNISED: 'unprocessable',

  // A service the request needs did not answer.
  AI_UNAVAILABLE: 'unavailable',

  // The same Idempotency-Key was sent with another request.
  IDEMPOTENCY_KEY_REUSED: 'unprocessable',
  OFFLINE_SALE_TOO_OLD: 'unprocessable',
  // A request that must be safe to send again (a till's queued sale) came without an Idempotency-Key.
  IDEMPOTENCY_KEY_REQUIRED: 'invalid',

  FORBIDDEN: 'forbidden',
  PHARMACY_FORBIDDEN: 'forbidden',
  READ_ONLY: 'forbidden',

  ACCOUNT_LOCKED: 'unauthorized',
  INVALID_CREDENTIALS: 'unauthorized',
  INVALID_VERIFICATION_CODE: 'unauthorized',
  TOTP_REQUIRED: 'unauthorized',
  VERIFICATION_CODE_EXPIRED: 'unauthorized',
  VERIFICATION_CODE_VOID: 'unauthorized',
} as const satisfies Record<string, DomainErrorKind>;

export type ErrorCode = keyof typeof errorCatalogue;

export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(
    /** Stable, machine-readable code, e.g. PHARMACY_NOT_FOUND; its kind comes from the catalogue. */
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = errorCatalogue[code];
  }
}
