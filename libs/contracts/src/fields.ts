import { z } from 'zod';
import { validationMessages as m } from './messages';

/**
 * A number in a request body: a JSON number and nothing else (issue 28).
 * `z.coerce` took `true`, `[2]`, `"0x2"`, `"1e0"` and `""` for 1, 2, 2, 1 and 0;
 * NaN, the infinities and -0 are refused too. A form turns its text into a
 * number itself (the web's `textToNumber`); a query string's numbers, which are
 * text by nature, are read by their own schemas.
 */
export const jsonNumber = (message: string) =>
  z.number({ error: message }).refine((value) => !Object.is(value, -0), message);

/** A list's page size: a whole number from 1 to `max`, from a query string. */
export const pageLimitSchema = (max: number) =>
  z.coerce.number({ error: m.limitInvalid }).int(m.limitInvalid).min(1, m.limitInvalid).max(max, m.limitInvalid);

/** How many rows of a list to skip: a whole number from 0, from a query string. */
export const pageOffsetSchema = z.coerce
  .number({ error: m.offsetInvalid })
  .int(m.offsetInvalid)
  .min(0, m.offsetInvalid)
  .max(10_000_000, m.offsetInvalid);

/**
 * The paging fields every list call accepts: `limit` (1 to `maxLimit`),
 * `offset` and `sort` (one of `sorts`, a leading minus for descending; a
 * wrong one is refused with `sortMessage`, which names the list's orders).
 * Without any of them a list answers the specification's plain array.
 */
export function pageQueryFields<const S extends readonly [string, ...string[]]>(
  sorts: S,
  sortMessage: string,
  maxLimit = 500,
) {
  return {
    limit: pageLimitSchema(maxLimit).optional(),
    offset: pageOffsetSchema.optional(),
    sort: z.enum(sorts, { error: sortMessage }).optional(),
  };
}

/** The orders of the short named lists: categories, suppliers and pharmacies. */
export const namedListSorts = ['name', '-name', 'created', '-created'] as const;
export type NamedListSort = (typeof namedListSorts)[number];

/**
 * GET /api/categories, /api/suppliers and /api/pharmacies. Without `limit`,
 * `offset`, `sort` and `q`, the whole list (the specification's plain array).
 * With any of them, one page of the rows whose names (either language) or
 * other text (description, contact, address, phone, e-mail) contain `q`; the
 * total in `X-Total-Count`.
 */
export const namedListQuerySchema = z.object({
  q: z.string().trim().max(200, m.tooLong).optional(),
  ...pageQueryFields(namedListSorts, m.namedListSortInvalid),
});
export type NamedListQuery = z.output<typeof namedListQuerySchema>;

/** True when a list call asked for a page (any of `limit`, `offset`, `sort`). */
export function isPageRequest(query: { limit?: number; offset?: number; sort?: string }): boolean {
  return query.limit !== undefined || query.offset !== undefined || query.sort !== undefined;
}

/** Optional text: trimmed; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional e-mail: trimmed; empty becomes null; otherwise must look like an address. */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, m.tooLong)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, m.invalidEmail);

/**
 * An identifier (uuid) in its one canonical spelling: trimmed, lower case.
 * Every id that enters through a body or a query passes through this, so
 * `5B0F…` and `5b0f…` name the same stream and the same row.
 */
export const idSchema = (message: string = m.invalidId) =>
  z.string({ error: message }).trim().min(1, message).toLowerCase().uuid(message);

/** An optional id: absent, null or '' become null. */
export const optionalIdSchema = (message: string = m.invalidId) =>
  z
    .union([z.literal(''), idSchema(message)])
    .nullish()
    .transform((value) => (value ? value : null));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The canonical spelling of an id from a path, or null when it is not an id at all. */
export function canonicalId(value: string): string | null {
  const trimmed = value.trim();
  return UUID.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** A lone UTF-16 surrogate: not a character, and PostgreSQL cannot store it (nor NUL). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether PostgreSQL can store this text: no NUL character, no broken Unicode (unpaired surrogate). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The path ("items.0.name") of the first string in a parsed JSON value, or
 * query, that PostgreSQL could not store, object keys included; null when
 * every string can be stored.
 */
export function findUnstorableText(value: unknown, path: readonly string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || 'body';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key].join('.');
      const found = findUnstorableText(child, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * The version of a record that an edit form was loaded at (the record's
 * `version`): an edit made on an older version is refused with 409
 * STALE_EDIT. Optional, so a client that does not send it keeps working
 * (its edits are not checked); the web app always sends it.
 */
export const optionalVersionSchema = jsonNumber(m.versionInvalid)
  .int(m.versionInvalid)
  .min(0, m.versionInvalid)
  .max(2_000_000_000, m.versionInvalid)
  .nullish()
  .transform((value) => value ?? null);
