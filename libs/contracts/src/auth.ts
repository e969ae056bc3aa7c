import { z } from 'zod';
import { idSchema, pageQueryFields } from './fields';
import { validationMessages as m } from './messages';

export const roleSchema = z.enum(['admin', 'pharmacist', 'auditor'], { error: m.roleInvalid });
export type Role = z.infer<typeof roleSchema>;

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.tooLong)
  .pipe(z.email(m.invalidEmail));
const password = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(200, m.tooLong);
const newPassword = z.string({ error: m.passwordTooShort }).min(8, m.passwordTooShort).max(200, m.tooLong);

/** POST /api/auth/login-request. Same answer shape whether or not the e-mail exists. */
export const loginRequestSchema = z.strictObject({ email });
export const loginRequestAnswerSchema = z.object({ message: z.string(), userId: z.string() });
export type LoginRequestAnswer = z.infer<typeof loginRequestAnswerSchema>;

/** POST /api/auth/login-verify. Failure messages name the part that was wrong ("verification code" or "password"). */
export const loginVerifySchema = z.strictObject({
  userId: z.string({ error: m.invalidId }).min(1, m.invalidId).max(100, m.invalidId),
  password,
  otpCode: z
    .string({ error: m.otpSixDigits })
    .trim()
    .regex(/^\d{6}$/, m.otpSixDigits),
});
export type LoginVerifyInput = z.infer<typeof loginVerifySchema>;
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** POST /api/auth/pharmacist-login: username + password (+ authenticator code once enrolled). */
export const pharmacistLoginSchema = z.strictObject({
  username: z.string({ error: m.usernameRequired }).trim().min(1, m.usernameRequired).max(100, m.tooLong),
  password,
  totpCode: z
    .string()
    .trim()
    .max(20, m.tooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type PharmacistLoginInput = z.infer<typeof pharmacistLoginSchema>;

/** A pharmacy as the sign-in screens show it. */
export const pharmacySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  address: z.string(),
  addressAr: z.string().nullable(),
});
export type PharmacySummary = z.infer<typeof pharmacySummarySchema>;

/** GET /api/auth/user (200). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  profileImageUrl: z.string().nullable(),
  /**
   * The pharmacy this session works in. Null only for an administrator while no
   * pharmacy exists yet (so the first location can be created).
   */
  currentPharmacyId: z.string().nullable(),
  currentPharmacy: pharmacySummarySchema.nullable(),
  /** Pharmacies this user may work in (all active ones for an administrator). */
  pharmacies: z.array(pharmacySummarySchema),
  defaultPharmacyId: z.string().nullable(),
  totpEnabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/auth/user (409) while the session has no current pharmacy. */
export const userNotAssignedSchema = z.object({
  statusCode: z.literal(409),
  code: z.literal('USER_NOT_ASSIGNED'),
  message: z.string(),
  pharmacies: z.array(pharmacySummarySchema),
});
export type UserNotAssigned = z.infer<typeof userNotAssignedSchema>;

/** POST /api/auth/user/pharmacy */
export const selectPharmacySchema = z.strictObject({
  pharmacyId: idSchema(m.pharmacyRequired),
});

/** Authenticator (TOTP) enrolment, Settings → Security. */
export const totpSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeSvg: z.string() });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswerSchema>;
export const totpConfirmSchema = z.strictObject({
  code: z
    .string({ error: m.otpSixDigits })
    .trim()
    .regex(/^\d{6}$/, m.otpSixDigits),
  /** The sign-in name for /pharmacist-login; required the first time. */
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, m.usernameFormat)
    .optional(),
});
export const totpConfirmAnswerSchema = z.object({ message: z.string(), backupCodes: z.array(z.string()) });
export type TotpConfirmAnswer = z.infer<typeof totpConfirmAnswerSchema>;
export const totpDisableSchema = z.strictObject({ password });

/** POST /api/auth/register (administrators). */
export const registerUserSchema = z.strictObject({
  email,
  firstName: z.string({ error: m.firstNameRequired }).trim().min(1, m.firstNameRequired).max(100, m.tooLong),
  lastName: z.string({ error: m.lastNameRequired }).trim().min(1, m.lastNameRequired).max(100, m.tooLong),
  password: newPassword,
  role: roleSchema.default('pharmacist'),
});
export type RegisterUserInput = z.infer<typeof registerUserSchema>;
export const registeredUserSchema = z.object({ message: z.string(), userId: z.string() });

/** GET /api/admin/users: one row per (user, assignment); a user without assignments has one row with null pharmacy. */
export const adminUserRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: roleSchema,
  profileImageUrl: z.string().nullable(),
  pharmacyId: z.string().nullable(),
  pharmacyName: z.string().nullable(),
  isAssignmentActive: z.boolean().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** Orders of `GET /api/admin/users` pages: name (first, then last), e-mail, role or when created; a leading minus for descending. */
export const userSorts = ['name', '-name', 'email', '-email', 'role', '-role', 'created', '-created'] as const;
export type UserSort = (typeof userSorts)[number];

/**
 * GET /api/admin/users. Without `limit`, `offset`, `sort` and `q`, every
 * user's rows: the specification's flat array. With any of them, the rows of
 * one page of users (all the rows of each) matching `q` (name or e-mail), in
 * that order; the `X-Total-Count` header says how many users match.
 */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, m.tooLong).optional(),
  ...pageQueryFields(userSorts, m.userSortInvalid),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const updateRoleSchema = z.strictObject({ role: roleSchema });
export const assignPharmacySchema = z.strictObject({ pharmacyId: idSchema() });
export const resetPasswordSchema = z.strictObject({ newPassword });

/** GET /api/users/{id}/pharmacies */
export const userPharmacySchema = z.object({
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  pharmacyNameAr: z.string().nullable(),
  isActive: z.boolean(),
});
export type UserPharmacy = z.infer<typeof userPharmacySchema>;
