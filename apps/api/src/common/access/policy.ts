import { SetMetadata } from '@nestjs/common';

/**
 * What pharmacy data a route reaches, declared next to the route with
 * `@Reaches(…)`. Together with @Public(), @AdminOnly() and @OwnAccount() it
 * is the route's authorization policy. Every route must declare one: the
 * authorization matrix (test/e2e/authorization-matrix.api.spec.ts) reads the
 * running app's router, fails on a route without it, and calls every route as
 * every kind of caller with the pharmacy ids and records the policy names.
 *
 * The declaration does not enforce anything: the services do (PharmacyScope).
 * It states what they must enforce, so that the matrix can check they do.
 */

/** Where a request carries an id. */
export type Place = 'query' | 'body' | 'path';

/** Records that belong to one pharmacy and are reached by their id. */
export type RecordKind = 'batch' | 'sale' | 'count' | 'transfer' | 'discrepancy';

/** Which pharmacy of a transfer the caller must work at. */
export type TransferSide = 'source' | 'destination' | 'either';

export type Reach =
  /** No pharmacy's own data: the shared catalogue, reference data, settings, administration. */
  | { kind: 'none' }
  /** The caller's own account and session. */
  | { kind: 'own-account' }
  /** A user named in the request: pharmacists may name only themselves (403 FORBIDDEN otherwise). */
  | { kind: 'user'; in: Place; field: string }
  /**
   * A pharmacy named in the request: pharmacists must work there (403
   * PHARMACY_FORBIDDEN otherwise). With several fields, at least one of them
   * (a transfer is created by either side). Where the field is optional, a
   * pharmacist who leaves it out gets the pharmacies they work at, no other.
   */
  | { kind: 'pharmacy'; in: Place; fields: readonly string[] }
  /**
   * A record reached by its id: pharmacists must work at its pharmacy (403
   * PHARMACY_FORBIDDEN otherwise), for a transfer at `side`; with
   * `managerOnly`, pharmacists must also manage that pharmacy (403 FORBIDDEN).
   */
  | { kind: 'record'; record: RecordKind; in: Place; field: string; side?: TransferSide; managerOnly?: boolean }
  /** The pharmacy the caller's session works in (chosen at sign-in or in the shell). */
  | { kind: 'session-pharmacy' }
  /** Names no pharmacy; answers about the pharmacies the caller works at, no other. */
  | { kind: 'caller-pharmacies' }
  /** A pharmacy named in the request whose data any signed-in user may read, on purpose: `why` says why. */
  | { kind: 'any-pharmacy'; in: Place; field: string; why: string };

export const REACHES = 'access:reaches';

/**
 * Declares what pharmacy data the route (or every route of a controller)
 * reaches: `@Reaches(reach.pharmacy('query', 'pharmacyId'))`. A route that
 * reaches several things lists them all:
 * `@Reaches(reach.record('batch', 'path', 'id'), reach.pharmacy('body', 'pharmacyId'))`.
 */
export const Reaches = (...reaches: [Reach, ...Reach[]]) => SetMetadata(REACHES, reaches);

/** The reaches a route may declare (see `Reach` for what each one obliges the services to check). */
export const reach = {
  none: (): Reach => ({ kind: 'none' }),
  ownAccount: (): Reach => ({ kind: 'own-account' }),
  user: (place: Place, field: string): Reach => ({ kind: 'user', in: place, field }),
  pharmacy: (place: Place, ...fields: [string, ...string[]]): Reach => ({ kind: 'pharmacy', in: place, fields }),
  record: (
    record: RecordKind,
    place: Place,
    field: string,
    options: { side?: TransferSide; managerOnly?: boolean } = {},
  ): Reach => ({ kind: 'record', record, in: place, field, ...options }),
  sessionPharmacy: (): Reach => ({ kind: 'session-pharmacy' }),
  callerPharmacies: (): Reach => ({ kind: 'caller-pharmacies' }),
  anyPharmacy: (place: Place, field: string, why: string): Reach => ({ kind: 'any-pharmacy', in: place, field, why }),
};
