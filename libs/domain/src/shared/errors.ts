/**
 * What a domain error means to a caller. The HTTP layer maps each kind to a
 * status code in one place; the domain never speaks HTTP.
 */
export type DomainErrorKind = 'not_found' | 'conflict' | 'invalid' | 'forbidden' | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable, machine-readable code, e.g. PHARMACY_NOT_FOUND. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
