import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { apiErrorSchema } from './errors';
import { namedListSorts } from './fields';
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
  userSorts,
} from './auth';
import { profileSchema, systemSettingsSchema } from './settings';
import {
  photoRecognitionSchema,
  availabilityRowSchema,
  expiryScanRunSchema,
  expiryScanStatusSchema,
  batchDiscountSchema,
  endBatchDiscountSchema,
  batchCorrectionSchema,
  batchInputSchema,
  categoryInputSchema,
  categorySchema,
  createProductSchema,
  expiringBatchSchema,
  expiringSorts,
  expiringSummarySchema,
  expiryStatuses,
  expirySummarySchema,
  fefoItemSchema,
  historyEntrySchema,
  inventoryBatchSchema,
  inventorySorts,
  lowStockItemSchema,
  lowStockSorts,
  shortageSorts,
  shortageSummarySchema,
  productInputSchema,
  productSchema,
  productSorts,
  stockAdjustmentSchema,
  stockOverviewRowSchema,
  stockOverviewSorts,
  supplierInputSchema,
  supplierSchema,
} from './catalogue';
import {
  completeSaleSchema,
  discrepancyQuerySchema,
  offlineCatalogueQuerySchema,
  offlineCatalogueSchema,
  offlineSaleSchema,
  resolveDiscrepancySchema,
  stockDiscrepancySchema,
  dailyMetricsSchema,
  returnSaleSchema,
  saleDetailSchema,
  saleReturnSchema,
  saleSchema,
  salesSorts,
} from './sales';
import {
  auditEventPageSchema,
  auditEventsQuerySchema,
  periodReportQuerySchema,
  periodReportSchema,
  verificationRunSchema,
  stockCardQuerySchema,
  stockCardSchema,
  stockOnHandQuerySchema,
  stockOnHandSchema,
} from './audit';
import { chatAnswerSchema, chatRequestSchema } from './chat';
import { commissionRowSchema, reportPeriodQuerySchema, salesSummarySchema, stockSummarySchema } from './reports';
import {
  cancelCountSchema,
  countSorts,
  recordCountsSchema,
  startCountSchema,
  stockCountDetailSchema,
  stockCountSchema,
  writeOffSchema,
} from './counts';
import {
  cancelTransferSchema,
  createTransferSchema,
  receiveTransferSchema,
  shortageItemSchema,
  transferDetailSchema,
  transferSchema,
  transferSorts,
  transferStatuses,
  transferSummarySchema,
} from './transfers';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string) => json(apiErrorSchema, description);
const idParam = z.object({ id: z.string().uuid() });

/** Creates accept a client key: a retry with the same key and body returns the first answer and writes nothing. */
const idempotent = {
  headers: z.object({
    'Idempotency-Key': z
      .string()
      .max(200)
      .optional()
      .describe('One per user action, reused on its retries (1–200 visible ASCII characters)'),
  }),
};
const keyReused = error('IDEMPOTENCY_KEY_REUSED: this key came with another request');
/** Versioned edits: the version the form was loaded at, in the body or in If-Match. */
const versioned = {
  headers: z.object({
    'If-Match': z
      .string()
      .optional()
      .describe('The record\'s `version` the edit was made on, e.g. "7" (or send `version`)'),
  }),
};

/** The query of the short named lists (categories, suppliers, pharmacies). */
const namedListQuery = z.object({
  q: z.string().optional().describe('Part of a name (either language) or of the other text fields'),
  limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
  offset: z.string().optional().describe('0 or more (default 0)'),
  sort: z.enum(namedListSorts).optional().describe('Field, with a leading minus for descending (default name)'),
});

/**
 * Every path of the REST contract, registered with the same zod schemas the server validates with and the web
 * forms use (`registry.definitions` lists the routes, e.g. for the fuzzing test).
 */
export function buildOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();

  registry.registerPath({
    method: 'get',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary:
      'List pharmacy locations (administrators: all; pharmacists: the active ones): all of them, or with `limit`, `offset`, `sort` or `q` one page of those matching, the `X-Total-Count` header saying how many match',
    request: { query: namedListQuery },
    responses: {
      200: json(
        pharmacyListSchema,
        'Every location, ordered by name (one page when paging; X-Total-Count: how many match)',
      ),
      400: error('Invalid limit, offset or sort'),
    },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/pharmacies',
    tags: ['Locations'],
    summary: 'Create a pharmacy location (administrators)',
    request: { ...idempotent, body: { content: { 'application/json': { schema: pharmacyInputSchema } } } },
    responses: {
      201: json(pharmacySchema, 'The new location'),
      400: error('Invalid input: `errors` lists a message per field; nothing was written'),
      403: error('Only administrators can add pharmacy locations'),
      422: keyReused,
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
  registerCataloguePaths(registry);
  registerSalesPaths(registry);
  registerTransferPaths(registry);
  registerCountPaths(registry);
  registerReportPaths(registry);
  registerChatPaths(registry);
  registerAuditPaths(registry);
  registerAuditReportPaths(registry);
  return registry;
}

/** The REST contract, built from the same zod schemas the server validates with and the web forms use. */
export function buildOpenApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  return new OpenApiGeneratorV31(buildOpenApiRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pharmacy management API',
      version: '0.1.0',
      description: [
        'Generated from libs/contracts by `npm run openapi`. Every non-2xx answer has the ApiError shape.',
        'Ids are accepted in any letter case and answered in lower case.',
        'A write answers with its log position in `X-Log-Position` (and the cookie `pharmacy.read-after`);',
        'a GET that carries one (`X-Read-After`, else the cookie) waits for the read models it is built from',
        'to have it. An answer that went out before they caught up carries `X-Read-Models: stale`.',
        'Text holding NUL or broken Unicode is refused with 400 and a field message.',
      ].join(' '),
    },
  });
}

const body = (schema: z.ZodType) => ({ body: { content: { 'application/json': { schema } } } });
const message = (description: string) => json(messageAnswerSchema, description);
const userParam = z.object({ userId: z.string().uuid() });

function registerIdentityPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);

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
      401: error(
        'TOTP_REQUIRED (no code sent: nothing was checked), INVALID_CREDENTIALS (any part wrong, never saying which) or ACCOUNT_LOCKED',
      ),
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
  path(
    'get',
    '/api/admin/users',
    'Users',
    'Users as flat (user, pharmacy) rows: all of them, or with `limit`, `offset`, `sort` or `q` the rows of one page of users (every row of each), the `X-Total-Count` header saying how many users match',
    {
      query: z.object({
        q: z.string().optional().describe('Part of the name (first and last) or the e-mail, any case'),
        limit: z.string().optional().describe('Users per page, 1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('Users to skip, 0 or more (default 0)'),
        sort: z.enum(userSorts).optional().describe('Field, with a leading minus for descending (default name)'),
      }),
    },
    {
      200: json(z.array(adminUserRowSchema), 'Rows (of one page of users when paging; X-Total-Count: how many users)'),
      400: error('Invalid limit, offset or sort'),
      403: error('Administrators only (auditors may read)'),
    },
  );
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

const scopeParam = z.object({ pharmacyId: z.string().uuid().optional() });
const idParams = z.object({ id: z.string().uuid() });

function registerCataloguePaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  const scoped =
    '403 when a pharmacist asks for a pharmacy not assigned to them (PHARMACY_FORBIDDEN); without pharmacyId a pharmacist sees only their own';

  for (const [tag, base, input, output, admins] of [
    [
      'Categories',
      '/api/categories',
      categoryInputSchema,
      categorySchema,
      'Only administrators can manage categories.',
    ],
    ['Suppliers', '/api/suppliers', supplierInputSchema, supplierSchema, 'Only administrators can manage suppliers.'],
  ] as const) {
    path(
      'get',
      base,
      tag,
      `List ${tag.toLowerCase()}: all of them, or with \`limit\`, \`offset\`, \`sort\` or \`q\` one page of those matching, the \`X-Total-Count\` header saying how many match`,
      { query: namedListQuery },
      {
        200: json(z.array(output), 'All, by name (one page when paging; X-Total-Count: how many match)'),
        400: error('Invalid limit, offset or sort'),
      },
    );
    path(
      'post',
      base,
      tag,
      `Create (administrators)`,
      { ...idempotent, ...body(input) },
      {
        201: json(output, 'Created'),
        400: error('Invalid input'),
        403: error(admins),
        422: keyReused,
      },
    );
    path(
      'put',
      `${base}/{id}`,
      tag,
      `Update (administrators)`,
      { params: idParams, ...body(input) },
      {
        200: json(output, 'Updated'),
        400: error('Invalid input'),
        404: error('Unknown id'),
      },
    );
    path(
      'delete',
      `${base}/{id}`,
      tag,
      `Delete (administrators)`,
      { params: idParams },
      {
        204: { description: 'Deleted' },
        404: error('Unknown id'),
        409: error('Still used by products (CATEGORY_IN_USE / SUPPLIER_IN_USE)'),
      },
    );
  }

  path(
    'get',
    '/api/products',
    'Products',
    'Products with stock totals in scope: all of them, or with `limit`, `offset`, `sort`, `q` or `active` one page of those matching `q` (name in both languages, generic name, brand, SKU, barcode or a scanned code), the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        q: z.string().optional(),
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z.enum(productSorts).optional().describe('Field, with a leading minus for descending (default name)'),
        active: z.enum(['true', 'false']).optional().describe('true: only the active products (asks for a page)'),
      }),
    },
    {
      200: json(z.array(productSchema), 'Products (one page when paging; X-Total-Count: how many match)'),
      400: error('Invalid limit, offset, sort or active'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/products/search',
    'Products',
    'Search by name (both languages), generic name, SKU, barcode, or a scanned GTIN/GS1 string',
    {
      query: scopeParam.extend({ q: z.string() }),
    },
    {
      200: json(z.array(productSchema), 'Up to 50 matches, exact codes first'),
      400: error('A malformed GS1 barcode (INVALID_GS1)'),
    },
  );
  path(
    'post',
    '/api/products',
    'Products',
    'Create a product, optionally with its first batch (with an Idempotency-Key a retry completes a half-finished creation)',
    { ...idempotent, ...body(createProductSchema) },
    {
      201: json(productSchema, 'Created'),
      400: error('Invalid input'),
      403: error(scoped),
      404: error('CATEGORY_NOT_FOUND, SUPPLIER_NOT_FOUND or PHARMACY_NOT_FOUND'),
      409: error('SKU or barcode already used (DUPLICATE_VALUE)'),
      422: keyReused,
    },
  );
  path(
    'put',
    '/api/products/{id}',
    'Products',
    'Update a product (price, commission and activity changes are separate facts)',
    {
      params: idParams,
      ...versioned,
      ...body(productInputSchema),
    },
    {
      200: json(productSchema, 'Updated'),
      404: error('PRODUCT_NOT_FOUND'),
      409: error('DUPLICATE_VALUE, or STALE_EDIT with `current`: the product as it is now'),
    },
  );
  path(
    'delete',
    '/api/products/{id}',
    'Products',
    'Delete a product (administrators)',
    { params: idParams },
    {
      204: { description: 'Deleted' },
      403: error('Only administrators can delete products.'),
      404: error('PRODUCT_NOT_FOUND'),
      409: error("INVENTORY_EXISTS while any batch holds stock (decided on every pharmacy's stock stream)"),
    },
  );
  path(
    'get',
    '/api/products/{id}/history',
    'Products',
    'Every event that touched the product, with who and when; stock facts only of the pharmacies the caller may see',
    { params: idParams },
    {
      200: json(z.array(historyEntrySchema), 'Oldest first'),
    },
  );

  path(
    'get',
    '/api/inventory',
    'Inventory',
    'Active batches in scope: all of them, or with `limit`, `offset`, `sort`, `q`, `status` or `inStock` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        q: z
          .string()
          .optional()
          .describe('Contained in the product name (either language) or the batch number, ignoring case'),
        matchLocation: z
          .enum(['true', 'false'])
          .optional()
          .describe('true: `q` also matches the location name (either language)'),
        status: z
          .string()
          .optional()
          .describe(
            `Expiry bands to keep, several separated by commas: ${expiryStatuses.join(', ')} (expired: before today; critical: 0 to 7 days; soon: 8 to 30; expiring: 31 to 60; good: more than 60)`,
          ),
        inStock: z.enum(['true', 'false']).optional().describe('true: only batches holding units'),
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(inventorySorts)
          .optional()
          .describe('Field, with a leading minus for descending (default expiry); the id breaks ties'),
      }),
    },
    {
      200: json(z.array(inventoryBatchSchema), 'Batches (one page when paging; X-Total-Count: how many match)'),
      400: error('Invalid limit, offset, sort, status, inStock or matchLocation'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/inventory/expiry-summary',
    'Inventory',
    "Expiry Tracking's cards and urgent banner over every batch holding units that matches (not one page): units per expiry band, and the first five expired or critical batches, earliest expiry first",
    {
      query: scopeParam.extend({
        q: z.string().optional().describe('As for GET /api/inventory'),
        matchLocation: z.enum(['true', 'false']).optional().describe('As for GET /api/inventory'),
      }),
    },
    {
      200: json(expirySummarySchema, 'Units per band, and the urgent batches'),
      400: error('Invalid matchLocation'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/inventory/overview',
    'Inventory',
    'Inventory → Overview, always one page: products matching `q` (name in both languages, generic name, brand, SKU or barcode), each with the units, batches, earliest expiry and locations of the stock held in scope; the `X-Total-Count` header says how many products match',
    {
      query: scopeParam.extend({
        q: z.string().optional(),
        limit: z.string().optional().describe('1 to 500 (default 50)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(stockOverviewSorts)
          .optional()
          .describe(
            'Field, with a leading minus for descending (default name; nameAr: the Arabic name where there is one)',
          ),
      }),
    },
    {
      200: json(z.array(stockOverviewRowSchema), 'One page of products (X-Total-Count: how many match)'),
      400: error('Invalid limit, offset or sort'),
      403: error(scoped),
    },
  );
  path(
    'post',
    '/api/inventory',
    'Inventory',
    'Receive a batch (adds to the batch when the same number and expiry are already held)',
    { ...idempotent, ...body(batchInputSchema) },
    {
      201: json(inventoryBatchSchema, 'The batch holding the units'),
      400: error('Invalid input, or an expiry date in the past'),
      403: error(scoped),
      404: error('PRODUCT_NOT_FOUND or PHARMACY_NOT_FOUND'),
      409: error('BATCH_EXPIRY_MISMATCH: the batch number is recorded with another expiry date; PRODUCT_BEING_DELETED'),
      422: keyReused,
    },
  );
  path(
    'put',
    '/api/inventory/{id}',
    'Inventory',
    'Correct a batch; a changed quantity is recorded as a signed adjustment with its reason',
    { params: idParams, ...versioned, ...body(batchCorrectionSchema) },
    {
      200: json(inventoryBatchSchema, 'Corrected'),
      404: error('BATCH_NOT_FOUND'),
      409: error(
        'BATCH_NUMBER_TAKEN, BATCH_LOCATION_CHANGE, INSUFFICIENT_STOCK, or STALE_EDIT with `current`: the batch as it is now',
      ),
    },
  );
  path(
    'post',
    '/api/inventory/{id}/adjustments',
    'Inventory',
    'Record units damaged, lost, found, counted or returned to the supplier (a signed change)',
    { params: idParams, ...versioned, ...body(stockAdjustmentSchema) },
    {
      201: json(inventoryBatchSchema, 'The batch after the adjustment'),
      400: error('Invalid input'),
      403: error(scoped),
      404: error('BATCH_NOT_FOUND'),
      409: error('INSUFFICIENT_STOCK (the batch would go below zero), or STALE_EDIT with `current`'),
    },
  );
  path(
    'get',
    '/api/inventory/{id}/history',
    'Inventory',
    'Every event that touched the batch',
    { params: idParams },
    {
      200: json(z.array(historyEntrySchema), 'Oldest first'),
    },
  );
  const expiringWindow = scopeParam.extend({
    days: z.enum(['7', '14', '30', '60', '90']).optional().describe('The window ahead (default 30)'),
    q: z
      .string()
      .optional()
      .describe(
        "Contained in the product's search text (either name, generic names, brand, SKU, barcode), the batch number or the pharmacy's name (either language), ignoring case",
      ),
  });
  path(
    'get',
    '/api/inventory/expiring',
    'Inventory',
    'Batches with stock expiring within `days` (expired included): all of them, or with `limit`, `offset`, `sort` or `q` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: expiringWindow.extend({
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(expiringSorts)
          .optional()
          .describe('Field, with a leading minus for descending (default expiry); the batch id breaks ties'),
      }),
    },
    {
      200: json(z.array(expiringBatchSchema), 'Soonest first (one page when paging; X-Total-Count: how many match)'),
      400: error('days not one of 7, 14, 30, 60, 90; invalid limit, offset or sort'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/inventory/expiring/summary',
    'Inventory',
    "Expiry Management's three cards over every batch the list (same `days`, `pharmacyId`, `q`) holds, not one page: batches expired (no day left) and not yet, in all, and their units",
    { query: expiringWindow },
    {
      200: json(expiringSummarySchema, 'Counts and units'),
      400: error('days not one of 7, 14, 30, 60, 90'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/inventory/fefo',
    'Inventory',
    'Unexpired batches to use first (within 90 days)',
    { query: scopeParam },
    {
      200: json(z.array(fefoItemSchema), 'Earliest expiry first'),
    },
  );
  path(
    'get',
    '/api/inventory/low-stock',
    'Inventory',
    'Active products at or below their minimum stock: all of them, or with `limit`, `offset`, `sort` or `q` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        q: z.string().optional().describe('As for the product search: either name, generic names, brand, SKU, barcode'),
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(lowStockSorts)
          .optional()
          .describe('Field, with a leading minus for descending (default stock); the id breaks ties'),
      }),
    },
    {
      200: json(z.array(lowStockItemSchema), 'Lowest first (one page when paging; X-Total-Count: how many match)'),
      400: error('Invalid limit, offset or sort'),
      403: error(scoped),
    },
  );
  path(
    'get',
    '/api/inventory/availability',
    'Inventory',
    'Products with unexpired units at one pharmacy',
    {
      query: z.object({ pharmacyId: z.string().uuid(), q: z.string().optional() }),
    },
    { 200: json(z.array(availabilityRowSchema), 'By name'), 400: error('pharmacyId missing') },
  );
  path(
    'get',
    '/api/inventory/expiry-scan',
    'Inventory',
    'The last run of the expiry scan (administrators)',
    {},
    {
      200: json(expiryScanStatusSchema, 'Null before the first run'),
      403: error('FORBIDDEN'),
    },
  );
  path(
    'post',
    '/api/inventory/expiry-scan',
    'Inventory',
    'Run the expiry scan now (administrators; it also runs every night): every batch past its expiry date with units left is recorded as expired (BatchExpired), once',
    {},
    { 200: json(expiryScanRunSchema, 'This run'), 403: error('FORBIDDEN') },
  );
  path(
    'post',
    '/api/inventory/discount',
    'Inventory',
    'Sell a batch this much below the list price from now on (again: change it); the point of sale applies it to the units it sells from that batch, commission on what was paid',
    { ...idempotent, ...body(batchDiscountSchema) },
    {
      200: json(inventoryBatchSchema, 'The batch, with its discount'),
      400: error('Invalid input: "Discount must be at least 1%", "Discount cannot exceed 90%", "Reason is required"'),
      403: error('PHARMACY_FORBIDDEN'),
      404: error('BATCH_NOT_FOUND'),
      409: error('BATCH_EXPIRED (cannot be sold, so not discounted), BATCH_EMPTY'),
      422: keyReused,
    },
  );
  path(
    'post',
    '/api/inventory/{id}/discount/end',
    'Inventory',
    'End a batch discount: it sells at the list price again',
    { params: idParams, ...idempotent, ...body(endBatchDiscountSchema) },
    {
      200: json(inventoryBatchSchema, 'The batch, without a discount'),
      400: error('"Reason is required"'),
      403: error('PHARMACY_FORBIDDEN'),
      404: error('BATCH_NOT_FOUND'),
      409: error('NO_DISCOUNT'),
      422: keyReused,
    },
  );
  path(
    'get',
    '/api/inventory/shortages',
    'Inventory',
    'Active products whose sellable packs (unexpired, not reserved) at an active pharmacy are at or below the minimum, with the pharmacy that can spare the most: all of them, or with `limit`, `offset`, `sort` or `q` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        q: z.string().optional().describe('Contained in the product (as the product search) or the pharmacy name'),
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(shortageSorts)
          .optional()
          .describe(
            'Field, with a leading minus for descending (default -deficit); the names, then the ids, break ties',
          ),
      }),
    },
    {
      200: json(
        z.array(shortageItemSchema),
        'Largest deficit first (one page when paging; X-Total-Count: how many match)',
      ),
      400: error('Invalid limit, offset or sort'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/inventory/shortages/summary',
    'Inventory',
    "The shortages page's four cards over every shortage matching `pharmacyId` and `q`, not one page: total, critical (nothing sellable), can be fulfilled (the suggested source can spare the whole deficit), and the deficits summed",
    { query: scopeParam.extend({ q: z.string().optional().describe('As for GET /api/inventory/shortages') }) },
    { 200: json(shortageSummarySchema, 'The four counts'), 403: error('PHARMACY_FORBIDDEN') },
  );
}

function registerChatPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  path(
    'post',
    '/api/products/recognize',
    'Products',
    'Add Product by Photo: multipart/form-data with one image (JPEG, PNG or WebP, at most 8 MB; the format is read from the bytes). Every barcode in it is decoded on the server (EAN/UPC, Code 128, GS1 DataMatrix/128: product, batch, expiry) and matched to the catalogue by its GTIN',
    {
      body: {
        content: {
          'multipart/form-data': {
            schema: z.object({ image: z.string().describe('The photo: a binary file part') }),
          },
        },
      },
    },
    {
      200: json(
        photoRecognitionSchema,
        'success, message, data (drugName, confidence, expiryDate, suggestedProduct; and barcode, batchNumber, productId)',
      ),
      413: error('IMAGE_TOO_LARGE'),
      415: error('UNSUPPORTED_IMAGE: not a JPEG, PNG or WebP image, or no file'),
      422: error('NOTHING_RECOGNISED: no barcode with a GTIN in the photo'),
    },
  );
  path(
    'post',
    '/api/chat/pharmacist',
    'Assistant',
    "The pharmacist's assistant. `context` is accepted and not trusted: every fact comes from read-only lookups over the read models of the caller's pharmacies (low stock, expiring batches, a product's stock and sales, a batch's movements). With OPENAI_BASE_URL a configured OpenAI-compatible model answers with those tools (mode model); without, the built-in assistant answers the common inventory questions in English and Arabic (mode local)",
    body(chatRequestSchema),
    {
      200: json(chatAnswerSchema, 'success, message, data.response (and mode, tools)'),
      400: error('"Type a message"'),
      503: error('AI_UNAVAILABLE: the model failed or did not answer in time'),
    },
  );
}

function registerReportPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  path(
    'get',
    '/api/reports/sales-summary',
    'Reports',
    'Totals, sales per business day, per pharmacy and the ten best-selling products of a period (from the daily sales projections)',
    { query: reportPeriodQuerySchema },
    {
      200: json(salesSummarySchema, 'The period in figures'),
      400: error('Invalid input'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/reports/stock-summary',
    'Reports',
    'Stock on hand valued at cost and at list price per pharmacy, and the packs expiring in each month',
    { query: scopeParam },
    { 200: json(stockSummarySchema, 'Stock value and expiry exposure'), 403: error('PHARMACY_FORBIDDEN') },
  );
}

function registerAuditPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  path(
    'get',
    '/api/audit/events',
    'Audit',
    'Every event, newest first, filtered by pharmacy, product, batch, user, type and period, a page at a time (cursor), each with the facts its sentence says, names in English or Arabic (`lang`, else Accept-Language) (administrators)',
    { query: auditEventsQuerySchema },
    { 200: json(auditEventPageSchema, 'A page of events'), 400: error('Invalid input'), 403: error('FORBIDDEN') },
  );
  path(
    'get',
    '/api/audit/stock-on-hand',
    'Audit',
    'Stock of a pharmacy as of an instant (business time), per batch and product, from the stock ledger; with verify=true also by replaying the log up to it, saying whether both agree (administrators)',
    { query: stockOnHandQuerySchema },
    { 200: json(stockOnHandSchema, 'Stock as of the instant'), 400: error('Invalid input'), 403: error('FORBIDDEN') },
  );
  path(
    'get',
    '/api/audit/stock-card',
    'Audit',
    'The stock card of a batch (or of a product at a pharmacy): opening balance, every movement with its balance, who and which event, closing balance (administrators)',
    { query: stockCardQuerySchema },
    {
      200: json(stockCardSchema, 'Movements in business-time order'),
      400: error('Invalid input'),
      403: error('FORBIDDEN'),
    },
  );
}

function registerAuditReportPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  path(
    'get',
    '/api/audit/period-report',
    'Audit',
    "A pharmacy's stock over a period (business time): per product and batch the packs held at `from`, the period's movements by kind, the packs held at `to` (administrators and auditors)",
    { query: periodReportQuerySchema },
    {
      200: json(periodReportSchema, 'Opening, movements, closing'),
      400: error('Invalid input'),
      403: error('FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/audit/verification',
    'Audit',
    'The last verification of the read models against a fresh replay of the log (it runs every night; status running while one runs, its other fields then describe the previous run) (administrators and auditors)',
    {},
    { 200: json(verificationRunSchema, 'The last verification'), 403: error('FORBIDDEN') },
  );
  path(
    'post',
    '/api/audit/verification',
    'Audit',
    'Verify now: every read model rebuilt into a shadow schema and compared with the live tables row by row (administrators)',
    {},
    {
      200: json(verificationRunSchema, 'The outcome: ok, differences (per table, with sample rows) or failed'),
      403: error('FORBIDDEN, or READ_ONLY for auditors'),
      409: error('VERIFICATION_RUNNING'),
    },
  );
}

function registerCountPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  const detail = (description: string) => json(stockCountDetailSchema, description);
  const refused = {
    403: error('PHARMACY_FORBIDDEN (posting: FORBIDDEN unless administrator or the pharmacy manager)'),
    404: error('COUNT_NOT_FOUND: not open (posted, cancelled) or unknown'),
  };
  path(
    'get',
    '/api/stock-counts',
    'Stock counts',
    'Counts at the pharmacy (or every pharmacy the caller works at), newest first: the latest 200, or with `limit`, `offset` or `sort` one page, the `X-Total-Count` header saying how many there are',
    {
      query: scopeParam.extend({
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(countSorts)
          .optional()
          .describe(
            '`started`, or `status` (open, posted, cancelled; newest first within each), with a leading minus for descending (default -started)',
          ),
      }),
    },
    {
      200: json(z.array(stockCountSchema), 'Newest first (one page when paging; X-Total-Count: how many)'),
      400: error('Invalid limit, offset or sort'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/stock-counts/{id}',
    'Stock counts',
    'The count sheet with its variance report',
    { params: idParams },
    { 200: detail('The count'), ...refused },
  );
  path(
    'post',
    '/api/stock-counts',
    'Stock counts',
    'Start a count of a pharmacy (all products or one category): the quantity each batch holds now is fixed; sales and transfers go on',
    { ...idempotent, ...body(startCountSchema) },
    { 201: detail('The open count'), 400: error('Invalid input'), ...refused, 422: keyReused },
  );
  path(
    'put',
    '/api/stock-counts/{id}/counts',
    'Stock counts',
    'Enter counted packs per batch (again for a batch: replaces it), with a reason code for a difference',
    { params: idParams, ...body(recordCountsSchema) },
    { 200: detail('The count'), 400: error('Invalid input; COUNT_LINE_UNKNOWN'), ...refused },
  );
  path(
    'post',
    '/api/stock-counts/{id}/post',
    'Stock counts',
    'Post the count (administrators, the pharmacy manager): each counted batch moves by counted − expected at the start',
    { params: idParams, ...idempotent },
    {
      200: detail('The posted count'),
      400: error('VARIANCE_REASON_REQUIRED'),
      ...refused,
      409: error('COUNT_BELOW_ZERO: recount the batch'),
      422: keyReused,
    },
  );
  path(
    'post',
    '/api/stock-counts/{id}/cancel',
    'Stock counts',
    'Cancel an open count: nothing is posted',
    { params: idParams, ...body(cancelCountSchema) },
    { 200: detail('The cancelled count'), ...refused },
  );
  path(
    'post',
    '/api/inventory/{id}/write-offs',
    'Inventory',
    'Write off units destroyed before a witness (expired, damaged, recalled): they leave stock',
    { params: idParams, ...idempotent, ...body(writeOffSchema) },
    {
      201: json(inventoryBatchSchema, 'The batch after the write-off'),
      400: error('Invalid input: "Witness is required", "Write off at least one pack or unit"'),
      403: error('PHARMACY_FORBIDDEN'),
      404: error('BATCH_NOT_FOUND'),
      409: error('INSUFFICIENT_STOCK (reserved packs cannot be written off)'),
      422: keyReused,
    },
  );
}

function registerTransferPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  const detail = (description: string) => json(transferDetailSchema, description);
  const refused = {
    403: error('PHARMACY_FORBIDDEN: the caller works at neither pharmacy (or not at the one this step belongs to)'),
    404: error('TRANSFER_NOT_FOUND'),
    409: error('TRANSFER_STATUS_CONFLICT: the transfer is not in a status this step applies to'),
  };
  path(
    'get',
    '/api/transfers',
    'Transfers',
    'Transfers from or to the pharmacy (or every pharmacy the caller may see), newest first: the latest 1,000, or with `limit`, `offset`, `sort`, `q` or `status` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        q: z
          .string()
          .optional()
          .describe("The number (with or without '#'), either pharmacy's name in either language, or the notes"),
        status: z.enum(transferStatuses).optional().describe('Only transfers in this status'),
        limit: z.string().optional().describe('1 to 500 (default 50 when paging)'),
        offset: z.string().optional().describe('0 or more (default 0)'),
        sort: z
          .enum(transferSorts)
          .optional()
          .describe(
            '`created`, or `status` (pending, approved, completed, cancelled; newest first within each), with a leading minus for descending (default -created)',
          ),
      }),
    },
    {
      200: json(z.array(transferSchema), 'Newest first (one page when paging; X-Total-Count: how many match)'),
      400: error('Invalid limit, offset, sort or status'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/transfers/summary',
    'Transfers',
    "How many transfers from or to the pharmacy (or every pharmacy the caller may see) are in each status: the screen's tiles, over every transfer, not a page",
    { query: scopeParam },
    {
      200: json(transferSummarySchema, 'Counts per status ("In Progress" is `approved`) and the total'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/transfers/{id}',
    'Transfers',
    'A transfer with its items (per source batch), its timeline and what the caller may do with it',
    { params: idParams },
    { 200: detail('The transfer'), 403: refused[403], 404: refused[404] },
  );
  path(
    'post',
    '/api/transfers',
    'Transfers',
    'Request a transfer (users of either pharmacy): the packs are reserved at the source at once, FEFO or from the named batch',
    { ...idempotent, ...body(createTransferSchema) },
    {
      201: detail('The pending transfer'),
      400: error('Invalid input (same pharmacy, no items, quantity below 1, a product twice)'),
      403: refused[403],
      404: error('PHARMACY_NOT_FOUND, PRODUCT_NOT_FOUND or BATCH_NOT_FOUND'),
      409: error('INSUFFICIENT_STOCK (`available`), BATCH_EXPIRED, PHARMACY_INACTIVE, PRODUCT_BEING_DELETED'),
      422: keyReused,
    },
  );
  path(
    'post',
    '/api/transfers/{id}/approve',
    'Transfers',
    'Approve at the source (users of the source): the reserved packs leave its batches and are in transit',
    { params: idParams, ...idempotent },
    { 200: detail('The approved transfer'), ...refused, 422: keyReused },
  );
  path(
    'post',
    '/api/transfers/{id}/receive',
    'Transfers',
    'Receive at the destination (users of the destination): what arrived becomes batches with the same number, expiry and purchase price; a shortfall needs a reason',
    { params: idParams, ...idempotent, ...body(receiveTransferSchema) },
    {
      200: detail('The completed transfer'),
      400: error('Invalid input; DISCREPANCY_REASON_REQUIRED; RECEIVED_QUANTITY_INVALID; TRANSFER_ITEM_UNKNOWN'),
      ...refused,
      422: keyReused,
    },
  );
  path(
    'post',
    '/api/transfers/{id}/cancel',
    'Transfers',
    'Cancel (users of either pharmacy): a pending transfer releases its reservation; one in transit puts the packs back into the source batches',
    { params: idParams, ...idempotent, ...body(cancelTransferSchema) },
    { 200: detail('The cancelled transfer'), ...refused, 422: keyReused },
  );
}

function registerSalesPaths(registry: OpenAPIRegistry): void {
  const path = pathRegistrar(registry);
  const saleParams = z.object({ id: z.string().uuid() });
  path(
    'post',
    '/api/sales/complete',
    'Sales',
    'A cash sale at the pharmacy the caller works in now: prices from the catalogue, batches by FEFO (or the scanned `batchId`), one atomic write',
    { ...idempotent, ...body(completeSaleSchema) },
    {
      201: json(
        saleDetailSchema,
        'The sale as recorded: lines, batches, totals and change (everything a receipt prints)',
      ),
      400: error(
        'Invalid input; INSUFFICIENT_CASH ("Cash received is less than the total amount"); SALES_UNIT_NOT_OFFERED; NO_CURRENT_PHARMACY',
      ),
      403: error('PHARMACY_FORBIDDEN'),
      404: error('PRODUCT_NOT_FOUND, BATCH_NOT_FOUND or PHARMACY_NOT_FOUND'),
      409: error(
        'INSUFFICIENT_STOCK (the message names the product and what is available; `available`), BATCH_EXPIRED, PRODUCT_NOT_FOR_SALE, PHARMACY_INACTIVE',
      ),
      422: keyReused,
    },
  );
  path(
    'get',
    '/api/sales',
    'Sales',
    'Sales, newest first: the newest `limit`, or with `offset`, `sort` or `q` one page of those matching, the `X-Total-Count` header saying how many match',
    {
      query: scopeParam.extend({
        startDate: z.string().optional().describe('First business day (YYYY-MM-DD), included'),
        endDate: z.string().optional().describe('Last business day (YYYY-MM-DD), included'),
        q: z
          .string()
          .optional()
          .describe(
            "A receipt number (the id's last 8 characters, or their start; with or without '#'), a whole sale id, or text in the customer's name or phone",
          ),
        limit: z.string().optional().describe('1 to 500 (default 50)'),
        offset: z.string().optional().describe('0 or more: asks for a page'),
        sort: z
          .enum(salesSorts)
          .optional()
          .describe('date or total, with a leading minus for descending (default -date); the id breaks ties'),
      }),
    },
    {
      200: json(z.array(saleSchema), 'At most `limit` (one page when paging; X-Total-Count: how many match)'),
      400: error('Invalid limit, offset, sort or date'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/sales/commission-report',
    'Sales',
    'Sale lines that earned a commission, newest first: pharmacist, product, sale date, quantity, amount, rate and commission (startDate/endDate: business days, both included; neither: all time)',
    { query: reportPeriodQuerySchema },
    {
      200: json(z.array(commissionRowSchema), 'Commission rows'),
      400: error('Invalid input'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'get',
    '/api/sales/metrics/daily',
    'Sales',
    "Today's sales (net of today's refunds) and orders, in the pharmacies' time zone",
    { query: scopeParam },
    { 200: json(dailyMetricsSchema, 'totalSales (decimal text) and totalOrders') },
  );
  path(
    'get',
    '/api/sales/offline-catalogue',
    'Sales',
    "What a till keeps to sell without a network (issue 15): the active catalogue with today's prices and the batches of the caller's current pharmacy (or `pharmacyId`) that can be sold now",
    { query: offlineCatalogueQuerySchema },
    {
      200: json(offlineCatalogueSchema, 'The copy, with `generatedAt` to send back as `catalogueAsOf`'),
      400: error('NO_CURRENT_PHARMACY, or an invalid pharmacyId'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'post',
    '/api/sales/offline',
    'Sales',
    'A sale the till made without a network, sent when it is back (ADR 0015): recorded at `soldAt` with the prices and discounts valid then, from the batches there then; units the books no longer hold are recorded as a shortfall and raise a discrepancy, never a refusal. The Idempotency-Key is required: however often it is sent, the sale is recorded once',
    {
      headers: z.object({
        'Idempotency-Key': z
          .string()
          .max(200)
          .describe('The key the till gave the sale when it was made, on every attempt'),
      }),
      ...body(offlineSaleSchema),
    },
    {
      201: json(
        saleDetailSchema,
        'The sale as recorded, with `offlineNumber` and `offline` (arrival time, flag, shortfalls)',
      ),
      400: error('Invalid input; IDEMPOTENCY_KEY_REQUIRED; SALES_UNIT_NOT_OFFERED'),
      403: error('PHARMACY_FORBIDDEN (not a pharmacy the caller works in; auditors)'),
      404: error('PRODUCT_NOT_FOUND or PHARMACY_NOT_FOUND'),
      422: keyReused,
    },
  );
  path(
    'get',
    '/api/stock-discrepancies',
    'Sales',
    'What sales made offline raised for review, newest first: shortfalls the books no longer held and sales made from a stale copy of the prices',
    { query: discrepancyQuerySchema },
    {
      200: json(z.array(stockDiscrepancySchema), 'At most `limit` (default 100)'),
      400: error('Invalid status, pharmacyId or limit'),
      403: error('PHARMACY_FORBIDDEN'),
    },
  );
  path(
    'post',
    '/api/stock-discrepancies/{id}/resolve',
    'Sales',
    'Records what was found or done about a discrepancy (pharmacists of its pharmacy and administrators)',
    { params: idParam, ...body(resolveDiscrepancySchema) },
    {
      200: json(stockDiscrepancySchema, 'The discrepancy, resolved'),
      400: error('Invalid input (a note is required)'),
      403: error('PHARMACY_FORBIDDEN; auditors change nothing'),
      404: error('DISCREPANCY_NOT_FOUND'),
      409: error('DISCREPANCY_RESOLVED'),
    },
  );
  path(
    'get',
    '/api/sales/{id}',
    'Sales',
    'One sale with its lines, the batches they came from and its returns',
    { params: saleParams },
    { 200: json(saleDetailSchema, 'The sale'), 403: error('PHARMACY_FORBIDDEN'), 404: error('SALE_NOT_FOUND') },
  );
  path(
    'post',
    '/api/sales/{id}/returns',
    'Sales',
    'Return some lines, or (without `lines`) everything not returned yet; units go back into their batches unless expired',
    { params: saleParams, ...idempotent, ...body(returnSaleSchema) },
    {
      201: json(saleReturnSchema, 'The return, with the refund'),
      400: error('Invalid input'),
      403: error('PHARMACY_FORBIDDEN'),
      404: error('SALE_NOT_FOUND'),
      409: error('RETURN_EXCEEDS_SALE or RETURN_WINDOW_CLOSED (90 days)'),
      422: keyReused,
    },
  );
}

/** Registers one path with the shape every route here shares. */
function pathRegistrar(registry: OpenAPIRegistry) {
  return (
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
}
