import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { pharmacyInputSchema, pharmacyListSchema, pharmacySchema } from './pharmacies';
import {
  adminUserRowSchema,
  assignPharmacySchema,
  currentUserSchema,
  loginRequestAnswerSchema,
  loginRequestSchema,
  loginVerifySchema,
  messageAnswerSchema,
  pharmacistLoginSchema,
  registeredUserSchema,
  registerUserSchema,
  resetPasswordSchema,
  selectPharmacySchema,
  totpConfirmAnswerSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupAnswerSchema,
  updateRoleSchema,
  userNotAssignedSchema,
  userPharmacySchema,
} from './auth';
import { profileSchema, systemSettingsSchema } from './settings';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(apiErrorSchema, description);
const idParam = z.object({ id: z.string().uuid() });

/** The REST contract, built from the same zod schemas the server validates with and the web forms use. */
export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();

  registry.registerPath({
    method: 'get',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary: 'List pharmacy locations',
    responses: { 200: json(pharmacyListSchema, 'Every location, ordered by name') },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary: 'Create a pharmacy location (administrators)',
    request: { body: { content: { 'application/json': { schema: pharmacyInputSchema } } } },
    responses: {
      201: json(pharmacySchema, 'The new location, already visible in the list'),
      400: error('Invalid input: `errors` lists a message per field; nothing was written'),
      403: error('Only administrators can add pharmacy locations'),
    },
  });
  registry.registerPath({
    method: 'put',
    path: '/api/pharmacies/{id}',
    tags: ['Locations'],
    summary: 'Update a pharmacy location (administrators)',
    request: { params: idParam, body: { content: { 'application/json': { schema: pharmacyInputSchema } } } },
    responses: {
      200: json(pharmacySchema, 'The updated location'),
      400: error('Invalid input; nothing was written'),
      403: error('Only administrators can edit pharmacy locations'),
      404: error('No such location (code PHARMACY_NOT_FOUND)'),
      409: error('Changed concurrently by others; try again (code CONCURRENCY_CONFLICT)'),
    },
  });
  registry.registerPath({
    method: 'delete',
    path: '/api/pharmacies/{id}',
    tags: ['Locations'],
    summary: 'Delete a pharmacy location (administrators); its history stays in the event log',
    request: { params: idParam },
    responses: {
      204: { description: 'Deleted' },
      403: error('Only administrators can delete pharmacy locations'),
      404: error('No such location (code PHARMACY_NOT_FOUND)'),
    },
  });

  registerIdentityPaths(registry);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pharmacy management API',
      version: '0.1.0',
      description: 'Generated from libs/contracts by `npm run openapi`. Every non-2xx answer has the ApiError shape.',
    },
  });
}

const body = (schema: z.ZodType) => ({ body: { content: { 'application/json': { schema } } } });
const message = (description: string) => json(messageAnswerSchema, description);
const userParam = z.object({ userId: z.string().uuid() });

function registerIdentityPaths(registry: OpenAPIRegistry): void {
  const path = (
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    route: string,
    tag: string,
    summary: string,
    request: Record<string, unknown> | undefined,
    responses: Record<number, unknown>,
  ) =>
    registry.registerPath({
      method,
      path: route,
      tags: [tag],
      summary,
      ...(request ? { request } : {}),
      responses,
    } as never);

  path(
    'post',
    '/api/auth/login-request',
    'Sign-in',
    'Step 1: e-mail a 6-digit code (same answer for unknown addresses)',
    body(loginRequestSchema),
    {
      200: json(loginRequestAnswerSchema, 'Code sent (if the address has an account)'),
      400: error('Invalid e-mail'),
      429: error('Too many attempts (code RATE_LIMITED)'),
    },
  );
  path(
    'post',
    '/api/auth/login-verify',
    'Sign-in',
    'Step 2: password and code; starts a new session',
    body(loginVerifySchema),
    {
      200: message('Signed in; the session cookie is set'),
      400: error('Invalid input'),
      401: error(
        'INVALID_VERIFICATION_CODE, VERIFICATION_CODE_EXPIRED, VERIFICATION_CODE_VOID, INVALID_CREDENTIALS or ACCOUNT_LOCKED',
      ),
      429: error('Too many attempts'),
    },
  );
  path(
    'post',
    '/api/auth/pharmacist-login',
    'Sign-in',
    'Username, password and authenticator code',
    body(pharmacistLoginSchema),
    {
      200: message('Signed in'),
      401: error('INVALID_CREDENTIALS, TOTP_REQUIRED, INVALID_TOTP, TOTP_NOT_ENABLED or ACCOUNT_LOCKED'),
    },
  );
  path('get', '/api/auth/user', 'Sign-in', 'The signed-in user', undefined, {
    200: json(currentUserSchema, 'Signed in, with a current pharmacy'),
    401: error('Signed out'),
    409: json(userNotAssignedSchema, 'A pharmacy must be selected first (code USER_NOT_ASSIGNED)'),
  });
  path(
    'post',
    '/api/auth/user/pharmacy',
    'Sign-in',
    'Choose the pharmacy this session works in',
    body(selectPharmacySchema),
    {
      200: message('Selected'),
      403: error('Not one of your pharmacies (code PHARMACY_FORBIDDEN)'),
    },
  );
  path('post', '/api/auth/logout', 'Sign-in', 'End the session', undefined, { 200: message('Signed out') });
  path('get', '/api/logout', 'Sign-in', 'Browser navigation: end the session and go to /', undefined, {
    302: { description: 'Redirect to /' },
  });
  path('get', '/api/login', 'Sign-in', 'Browser navigation: go to the sign-in page', undefined, {
    302: { description: 'Redirect to /login' },
  });
  path('post', '/api/auth/totp/setup', 'Sign-in', 'Start enrolling an authenticator app', undefined, {
    200: json(totpSetupAnswerSchema, 'Secret and QR code'),
  });
  path(
    'post',
    '/api/auth/totp/confirm',
    'Sign-in',
    'Confirm the authenticator with a code; returns backup codes once',
    body(totpConfirmSchema),
    {
      200: json(totpConfirmAnswerSchema, 'Enabled'),
      400: error('Invalid code'),
      409: error('USERNAME_TAKEN or TOTP_NOT_STARTED'),
    },
  );
  path(
    'post',
    '/api/auth/totp/disable',
    'Sign-in',
    'Turn the authenticator off (password required)',
    body(totpDisableSchema),
    {
      200: message('Turned off'),
      401: error('Wrong password'),
    },
  );
  path('post', '/api/auth/register', 'Users', 'Create a user (administrators)', body(registerUserSchema), {
    201: json(registeredUserSchema, 'Created'),
    400: error('Invalid input'),
    403: error('Administrators only'),
    409: error('EMAIL_TAKEN'),
  });
  path('get', '/api/admin/users', 'Users', 'Users as flat (user, pharmacy) rows', undefined, {
    200: json(z.array(adminUserRowSchema), 'Rows'),
    403: error('Administrators only'),
  });
  path(
    'patch',
    '/api/admin/users/{userId}/role',
    'Users',
    'Change a role',
    { params: userParam, ...body(updateRoleSchema) },
    {
      200: message('Changed'),
      404: error('USER_NOT_FOUND'),
      409: error('OWN_ROLE or LAST_ADMIN'),
    },
  );
  path(
    'post',
    '/api/admin/users/{userId}/pharmacies',
    'Users',
    'Give access to a pharmacy',
    { params: userParam, ...body(assignPharmacySchema) },
    {
      200: message('Assigned'),
      404: error('USER_NOT_FOUND or PHARMACY_NOT_FOUND'),
      409: error('ALREADY_ASSIGNED'),
    },
  );
  path(
    'delete',
    '/api/admin/users/{userId}/pharmacies/{pharmacyId}',
    'Users',
    'Remove access to a pharmacy',
    { params: z.object({ userId: z.string().uuid(), pharmacyId: z.string().uuid() }) },
    { 200: message('Removed'), 404: error('ASSIGNMENT_NOT_FOUND') },
  );
  path(
    'delete',
    '/api/admin/users/{userId}',
    'Users',
    'Delete a user (their sessions end)',
    { params: userParam },
    {
      200: message('Deleted'),
      409: error('OWN_ACCOUNT or LAST_ADMIN'),
    },
  );
  path(
    'post',
    '/api/admin/users/{userId}/reset-password',
    'Users',
    'Set a new password (their sessions end)',
    { params: userParam, ...body(resetPasswordSchema) },
    {
      200: message('Reset'),
      400: error('Password too short'),
    },
  );
  path(
    'get',
    '/api/users/{userId}/pharmacies',
    'Users',
    "A user's pharmacy assignments (own, or any for administrators)",
    { params: userParam },
    {
      200: json(z.array(userPharmacySchema), 'Assignments'),
      403: error('Not yours'),
    },
  );
  path('get', '/api/settings', 'Settings', 'System settings', undefined, {
    200: json(systemSettingsSchema, 'Settings'),
  });
  path('put', '/api/settings', 'Settings', 'Change system settings (administrators)', body(systemSettingsSchema), {
    200: json(systemSettingsSchema, 'Saved'),
    400: error('Invalid settings'),
    403: error('Administrators only'),
  });
  path('get', '/api/settings/profile', 'Settings', 'Your profile', undefined, { 200: json(profileSchema, 'Profile') });
  path('put', '/api/settings/profile', 'Settings', 'Change your profile', body(profileSchema), {
    200: json(profileSchema, 'Saved'),
    400: error('Invalid profile'),
    403: error('Default pharmacy not allowed'),
    409: error('EMAIL_TAKEN'),
  });
}
