import { z } from 'zod';
import { idSchema, optionalEmail, optionalText, optionalVersionSchema } from './fields';
import { validationMessages as m } from './messages';

/**
 * Body of POST /api/pharmacies and PUT /api/pharmacies/{id}. An edit's
 * `version` (or an If-Match header) is the version the form was loaded at:
 * an edit made on an older one is refused with 409 STALE_EDIT.
 */
export const pharmacyInputSchema = z.strictObject({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(200, m.tooLong),
  nameAr: optionalText(200),
  address: z.string({ error: m.addressRequired }).trim().min(1, m.addressRequired).max(500, m.tooLong),
  addressAr: optionalText(500),
  phone: optionalText(40),
  email: optionalEmail,
  managerId: optionalText(100),
  isActive: z.boolean({ error: m.mustBeBoolean }).default(true),
  version: optionalVersionSchema,
});
/** What a form holds (before trimming and defaults). */
export type PharmacyInputValues = z.input<typeof pharmacyInputSchema>;
/** What the server accepts after parsing. */
export type PharmacyInput = z.output<typeof pharmacyInputSchema>;

/** One pharmacy location, as GET /api/pharmacies lists it. */
export const pharmacySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  nameAr: z.string().nullable(),
  address: z.string(),
  addressAr: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  managerId: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many changes the location has had: send it back with an edit. */
  version: z.number(),
});
export type Pharmacy = z.infer<typeof pharmacySchema>;

export const pharmacyListSchema = z.array(pharmacySchema);

export const pharmacyIdParamSchema = z.object({ id: idSchema() });
