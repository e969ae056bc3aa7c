import { z } from 'zod';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';

/** The stream that holds one pharmacy location's lifecycle. */
export const pharmacyStreamId = (pharmacyId: string) => `pharmacy-${pharmacyId}`;

export const pharmacyDetailsSchema = z.object({
  name: z.string().min(1),
  nameAr: z.string().nullable(),
  address: z.string().min(1),
  addressAr: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  managerId: z.string().nullable(),
  isActive: z.boolean(),
});
export type PharmacyDetails = z.infer<typeof pharmacyDetailsSchema>;
const detailKeys = Object.keys(pharmacyDetailsSchema.shape) as Array<keyof PharmacyDetails>;

export const pharmacyEventSchemas = {
  PharmacyRegistered: z.object({ pharmacyId: z.string().uuid(), details: pharmacyDetailsSchema }),
  PharmacyDetailsChanged: z.object({
    pharmacyId: z.string().uuid(),
    /** Only the fields that changed: their new values... */
    changes: pharmacyDetailsSchema.partial(),
    /** ...and what they were before, for auditors. */
    previous: pharmacyDetailsSchema.partial(),
  }),
  PharmacyDeleted: z.object({ pharmacyId: z.string().uuid(), name: z.string() }),
} as const;

type Schemas = typeof pharmacyEventSchemas;
export type PharmacyEvent = {
  [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>>;
}[keyof Schemas];
export type PharmacyEventType = PharmacyEvent['type'];

export type PharmacyCommand =
  | { type: 'RegisterPharmacy'; pharmacyId: string; details: PharmacyDetails }
  | {
      type: 'ChangePharmacyDetails';
      pharmacyId: string;
      details: PharmacyDetails;
      /** The version the edit form was loaded at; null when the client did not say (no stale-edit check). */
      expectedVersion: number | null;
    }
  | { type: 'DeletePharmacy'; pharmacyId: string };

/** `version`: how many events the pharmacy has had; an edit names the version it was made on. */
export type PharmacyState =
  { status: 'unregistered' } | { status: 'registered' | 'deleted'; version: number; details: PharmacyDetails };

export const pharmacyNotFound = (pharmacyId: string) =>
  new DomainError('PHARMACY_NOT_FOUND', 'Pharmacy location not found', { pharmacyId });

export const stalePharmacyEdit = (pharmacyId: string, version: number) =>
  new DomainError(
    'STALE_EDIT',
    'This pharmacy location was changed by someone else since you opened it. Review the current details and save again.',
    { pharmacyId, version },
  );

export const pharmacyDecider: Decider<PharmacyCommand, PharmacyEvent, PharmacyState> = {
  initialState: () => ({ status: 'unregistered' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterPharmacy':
        if (state.status !== 'unregistered') {
          throw new DomainError('PHARMACY_ALREADY_EXISTS', 'This pharmacy location already exists', {
            pharmacyId: command.pharmacyId,
          });
        }
        return [{ type: 'PharmacyRegistered', data: { pharmacyId: command.pharmacyId, details: command.details } }];

      case 'ChangePharmacyDetails': {
        if (state.status !== 'registered') throw pharmacyNotFound(command.pharmacyId);
        if (command.expectedVersion !== null && command.expectedVersion !== state.version) {
          throw stalePharmacyEdit(command.pharmacyId, state.version);
        }
        const changed = detailKeys.filter((key) => state.details[key] !== command.details[key]);
        if (changed.length === 0) return [];
        const pick = (source: PharmacyDetails) => Object.fromEntries(changed.map((key) => [key, source[key]]));
        return [
          {
            type: 'PharmacyDetailsChanged',
            data: { pharmacyId: command.pharmacyId, changes: pick(command.details), previous: pick(state.details) },
          },
        ];
      }

      case 'DeletePharmacy':
        if (state.status !== 'registered') throw pharmacyNotFound(command.pharmacyId);
        return [{ type: 'PharmacyDeleted', data: { pharmacyId: command.pharmacyId, name: state.details.name } }];

      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PharmacyRegistered':
        return { status: 'registered', version: 1, details: event.data.details };
      case 'PharmacyDetailsChanged':
        if (state.status === 'unregistered') return state;
        return { ...state, version: state.version + 1, details: { ...state.details, ...event.data.changes } };
      case 'PharmacyDeleted':
        if (state.status === 'unregistered') return state;
        return { ...state, status: 'deleted', version: state.version + 1 };
      default:
        return assertNever(event);
    }
  },
};
