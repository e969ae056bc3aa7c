import { z } from 'zod';
import { optionalIdSchema, jsonNumber } from './fields';
import { validationMessages as m } from './messages';

export const currencies = ['USD', 'EUR', 'GBP', 'AED', 'SAR', 'JOD'] as const;

const count = (min: number, message: string) =>
  jsonNumber(m.wholeNumber).int(m.wholeNumber).min(min, message).max(100_000, m.tooLong);

/** GET/PUT /api/settings: settings of the whole installation (administrators write them). */
export const systemSettingsSchema = z.strictObject({
  lowStockThreshold: count(1, m.atLeastOne),
  expiryWarningDays: count(1, m.atLeastOneDay),
  autoLogoutMinutes: count(5, m.atLeastFiveMinutes),
  enableNotifications: z.boolean({ error: m.mustBeBoolean }),
  enableSoundAlerts: z.boolean({ error: m.mustBeBoolean }),
  enableEmailAlerts: z.boolean({ error: m.mustBeBoolean }),
  currency: z.enum(currencies, { error: m.currencyInvalid }),
  language: z.enum(['en', 'ar'], { error: m.languageInvalid }),
  theme: z.enum(['light', 'dark', 'system'], { error: m.themeInvalid }),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/**
 * The settings as GET and PUT /api/settings answer them, and as they are
 * stored: read leniently (a setting a newer server adds, or a key left in the
 * stored JSON by an older one, is dropped rather than refusing the whole), where
 * the request that writes them refuses unknown fields.
 */
export const systemSettingsAnswerSchema = z.object(systemSettingsSchema.shape);

export const defaultSystemSettings: SystemSettings = {
  lowStockThreshold: 10,
  expiryWarningDays: 30,
  autoLogoutMinutes: 60,
  enableNotifications: true,
  enableSoundAlerts: true,
  enableEmailAlerts: false,
  currency: 'USD',
  language: 'en',
  theme: 'system',
};

/** GET/PUT /api/settings/profile: the signed-in user's own profile. */
export const profileSchema = z.strictObject({
  firstName: z.string({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(100, m.tooLong),
  lastName: z.string({ error: m.lastNameRequired }).trim().min(1, m.lastNameRequired).max(100, m.tooLong),
  email: z.string({ error: m.invalidEmail }).trim().max(254, m.tooLong).pipe(z.email(m.invalidEmail)),
  phone: z
    .string()
    .trim()
    .max(40, m.tooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  defaultPharmacyId: optionalIdSchema(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileValues = z.input<typeof profileSchema>;
