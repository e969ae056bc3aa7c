import fc from 'fast-check';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';

/**
 * Fuzzing requests from the contract's zod (v4) schemas: a small walker over
 * `schema._zod.def` finds each route's fields, a valid-shaped request where one
 * is easy to find, and fast-check arbitraries that break one thing of it at a
 * time (a field's type, its presence, its size, its text, its number, its date;
 * a path id; the body's bytes; the query string; a header).
 */

type Schema = z.ZodType;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => Schema;
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
  format?: string;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const optionalIn = (schema: Schema): boolean =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin !== undefined;

export interface FuzzRoute {
  method: Method;
  /** As in the contract: /api/products/{id} */
  path: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** multipart: the photo upload; none: the route reads no body. */
  bodyType: 'json' | 'multipart' | 'none';
  headers: string[];
}

/** The routes of the contract (its registry's definitions), with their request schemas. */
export function routesOf(registry: OpenAPIRegistry): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const definition of registry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, request } = definition.route;
    const content = request?.body?.content ?? {};
    const json = (content['application/json'] as { schema?: Schema } | undefined)?.schema;
    const multipart = content['multipart/form-data'];
    const headers = request?.headers ? Object.keys(defOf(request.headers as Schema).shape ?? {}) : [];
    routes.push({
      method: method as Method,
      path,
      ...(request?.params ? { params: request.params as Schema } : {}),
      ...(request?.query ? { query: request.query as Schema } : {}),
      ...(json ? { body: json } : {}),
      bodyType: json ? 'json' : multipart ? 'multipart' : 'none',
      headers,
    });
  }
  return routes;
}

export type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'record' | 'unknown';

/** What JSON type a schema takes, under its wrappers (optional, default, pipe, transform, union…). */
export function kindsOf(schema: Schema, seen = new Set<Schema>()): Set<Kind> {
  if (seen.has(schema)) return new Set(['unknown']);
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return new Set(['string']);
    case 'number':
    case 'int':
    case 'bigint':
      return new Set(['number']);
    case 'boolean':
      return new Set(['boolean']);
    case 'enum':
    case 'literal':
      return new Set(['enum']);
    case 'object':
      return new Set(['object']);
    case 'array':
    case 'tuple':
      return new Set(['array']);
    case 'record':
      return new Set(['record']);
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return kindsOf(def.innerType!, seen);
    case 'pipe': {
      const input = kindsOf(def.in!, seen);
      return input.has('unknown') ? kindsOf(def.out!, seen) : input;
    }
    case 'lazy':
      return kindsOf(def.getter!(), seen);
    case 'union':
      return new Set((def.options ?? []).flatMap((option) => [...kindsOf(option, seen)]));
    default:
      return new Set(['unknown']);
  }
}

/** The object schema under a schema's wrappers (a refined or transformed object), if it is one. */
export function objectShape(schema: Schema): Record<string, Schema> | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'pipe') return objectShape(def.in!);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
    return objectShape(def.innerType!);
  }
  return null;
}

/** The element schema of an array under its wrappers, if it is one. */
function arrayElement(schema: Schema): Schema | null {
  const def = defOf(schema);
  if (def.type === 'array') return def.element!;
  if (def.type === 'pipe') return arrayElement(def.in!);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
    return arrayElement(def.innerType!);
  }
  return null;
}

/** The string formats a schema checks (uuid, email, datetime…), under its wrappers. */
function formatsOf(schema: Schema, seen = new Set<Schema>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = defOf(schema);
  if (def.format) found.add(def.format);
  for (const check of def.checks ?? []) if (check._zod.def.format) found.add(check._zod.def.format);
  for (const inner of [def.innerType, def.in, def.out, ...(def.options ?? [])]) {
    if (inner) for (const format of formatsOf(inner, seen)) found.add(format);
  }
  return found;
}

/** The values of an enum or literal under the wrappers. */
function choicesOf(schema: Schema, seen = new Set<Schema>()): unknown[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'enum') return Object.values(def.entries ?? {});
  if (def.type === 'literal') return def.values ?? [];
  return [def.innerType, def.in, def.out, ...(def.options ?? [])].flatMap((inner) =>
    inner ? choicesOf(inner, seen) : [],
  );
}

export type Where = 'params' | 'query' | 'body';

export interface Field {
  where: Where;
  /** Keys from the part's root: ['items', 0, 'quantity'] */
  path: Array<string | number>;
  name: string;
  schema: Schema;
  required: boolean;
  kinds: Set<Kind>;
  /** Looks like an id (a uuid format, or a name ending in Id). */
  isId: boolean;
  /** Looks like a date or an instant. */
  isDate: boolean;
}

const DATE_NAME = /(date|At|asOf|^from$|^to$)$/i;

/** Every field of a request part, nested objects and the first element of arrays of objects included. */
export function fieldsOf(schema: Schema, where: Where, prefix: Array<string | number> = []): Field[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  const fields: Field[] = [];
  for (const [name, child] of Object.entries(shape)) {
    const path = [...prefix, name];
    const formats = formatsOf(child);
    fields.push({
      where,
      path,
      name,
      schema: child,
      required: !optionalIn(child),
      kinds: kindsOf(child),
      isId: formats.has('uuid') || /Id$|^id$/.test(name),
      isDate: formats.has('datetime') || formats.has('date') || DATE_NAME.test(name),
    });
    if (objectShape(child)) fields.push(...fieldsOf(child, where, path));
    const element = arrayElement(child);
    if (element && objectShape(element)) fields.push(...fieldsOf(element, where, [...path, 0]));
  }
  return fields;
}

/** What the fuzzing test knows of the database: ids of real records, by field name. */
export interface FuzzContext {
  /** A real id for a field (pharmacyId, productId, batchId…) or a path parameter; undefined: a fresh uuid. */
  idFor(name: string, route: FuzzRoute): string | undefined;
  /** The prefix and a number not used before (a SKU, an e-mail's local part), so a valid create can succeed more than once. */
  unique(prefix: string): string;
}

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function hintedCandidates(name: string, context: FuzzContext): unknown[] {
  const hints: unknown[] = [];
  if (/email/i.test(name)) hints.push(`${context.unique('fuzz').toLowerCase()}@pharmacy.example`);
  if (/password/i.test(name)) hints.push('Fuzz#2026-secret');
  if (/sku/i.test(name)) hints.push(context.unique('FZ'));
  if (/offlineNumber/.test(name)) hints.push(`FUZZ-${context.unique('').padStart(4, '0')}`);
  if (/barcode/i.test(name)) hints.push('4006381333931');
  if (/phone/i.test(name)) hints.push('+962 6 555 0100');
  if (/code$/i.test(name)) hints.push('123456');
  if (/username/i.test(name)) hints.push(context.unique('fuzz').toLowerCase());
  if (/(price|cost|amount|cash)/i.test(name)) hints.push('12.50', 12.5);
  if (/(percent|discount)/i.test(name)) hints.push(10);
  if (/expiry/i.test(name)) hints.push(isoDay(400));
  if (/(startDate|endDate)/.test(name)) hints.push(isoDay(-1));
  if (/(At|asOf|^from$|^to$)$/.test(name)) hints.push(new Date(Date.now() - 60_000).toISOString(), isoDay(-1));
  if (/days/i.test(name)) hints.push(30);
  if (/role/i.test(name)) hints.push('pharmacist');
  return hints;
}

const GENERIC: unknown[] = [
  'Fuzz text',
  1,
  true,
  5,
  10,
  30,
  0,
  'x',
  12.5,
  'K7Q2-0003',
  '12.50',
  new Date(Date.now() - 60_000).toISOString(),
  isoDay(400),
  false,
];

/**
 * A value the field's schema accepts, where one is easy to find: candidates by
 * the field's name and type, each checked with the schema itself (query values
 * are strings). `undefined` when none fits (a pattern the walker cannot guess).
 */
export function validValue(field: Field, route: FuzzRoute, context: FuzzContext): unknown {
  const candidates = (): unknown[] => {
    if (field.isId) {
      const real = context.idFor(field.name, route);
      return [real ?? '6f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a10'];
    }
    const shape = objectShape(field.schema);
    if (shape) return [validObject(field.schema, field.where, route, context, field.path) ?? {}];
    const element = arrayElement(field.schema);
    if (element) {
      const elementField: Field = { ...field, schema: element, path: [...field.path, 0], kinds: kindsOf(element) };
      const one = validValue(elementField, route, context);
      return one === undefined ? [[]] : [[one]];
    }
    if (field.kinds.has('record')) return [{}];
    return [...choicesOf(field.schema), ...hintedCandidates(field.name, context), ...GENERIC];
  };
  for (const candidate of candidates()) {
    const value = field.where === 'body' || typeof candidate === 'object' ? candidate : String(candidate);
    if (field.schema.safeParse(value).success) return value;
  }
  return undefined;
}

/** An object the schema accepts: its required fields (and, when that is not enough, the optional ones too). */
export function validObject(
  schema: Schema,
  where: Where,
  route: FuzzRoute,
  context: FuzzContext,
  prefix: Array<string | number> = [],
): Record<string, unknown> | undefined {
  const shape = objectShape(schema);
  if (!shape) return undefined;
  const fields = Object.entries(shape).map(([name, child]) => ({
    where,
    path: [...prefix, name],
    name,
    schema: child,
    required: !optionalIn(child),
    kinds: kindsOf(child),
    isId: formatsOf(child).has('uuid') || /Id$|^id$/.test(name),
    isDate: false,
  }));
  const build = (withOptional: (field: (typeof fields)[number]) => boolean) => {
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      if (!field.required && !withOptional(field)) continue;
      const sample = validValue(field, route, context);
      if (sample !== undefined) value[field.name] = sample;
    }
    return value;
  };
  const required = build(() => false);
  if (schema.safeParse(required).success) return required;
  const full = build(() => true);
  if (schema.safeParse(full).success) return full;
  // Fields that exclude each other (a return's `lines` or `"all": true`): one optional field at a time.
  for (const one of fields.filter((field) => !field.required)) {
    const value = build((field) => field === one);
    if (schema.safeParse(value).success) return value;
  }
  return required;
}

/** One request to send. */
export interface FuzzCase {
  /** What was broken, e.g. "body.items.0.quantity = NaN (raw JSON)". */
  label: string;
  method: Method;
  /** Path and query string, ready to send. */
  url: string;
  headers: Record<string, string>;
  body?:
    | { json: unknown }
    | { raw: string | Buffer; contentType?: string }
    | { file: Buffer; field: string; filename: string }
    | undefined;
  /**
   * Set when the request must be refused with 400, and why: a body with an
   * unknown field, or a number field sent as text, a boolean or a list
   * (issue 28: such a request was once read as something else and accepted).
   */
  mustRefuse?: string;
}

/** A route's request before it is broken: path parameters, query values and body. */
export interface BaseRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  /** Whether the whole request passes its schemas (a valid-shaped request). */
  valid: boolean;
}

export function baseRequest(route: FuzzRoute, context: FuzzContext): BaseRequest {
  const params: Record<string, string> = {};
  for (const name of Object.keys(route.params ? (objectShape(route.params) ?? {}) : {})) {
    params[name] = context.idFor(name, route) ?? '6f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a10';
  }
  const query = (route.query ? validObject(route.query, 'query', route, context) : {}) as Record<string, string>;
  const body = route.body ? validObject(route.body, 'body', route, context) : undefined;
  const valid =
    (!route.query || route.query.safeParse(query).success) && (!route.body || route.body.safeParse(body).success);
  return { params, query, body, valid };
}

/**
 * encodeURIComponent, and for a lone surrogate (which has no UTF-8 form, so
 * encodeURIComponent throws) the three bytes a careless client would send.
 */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

/** The URL of a request: path parameters put in (percent-encoded unless `rawParams`), then the query string. */
export function urlOf(
  route: FuzzRoute,
  params: Record<string, string>,
  query: string | Record<string, string | string[]>,
  rawParams = false,
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    rawParams ? (params[name] ?? '') : encodeLoose(params[name] ?? ''),
  );
  const search =
    typeof query === 'string'
      ? query
      : Object.entries(query)
          .flatMap(([key, value]) =>
            (Array.isArray(value) ? value : [value]).map((one) => `${encodeLoose(key)}=${encodeLoose(one)}`),
          )
          .join('&');
  return search ? `${path}?${search}` : path;
}

// ---- the values that break things ----------------------------------------------------------------

/** Values of another JSON type than the field's. */
export function wrongTypeValues(kinds: Set<Kind>): unknown[] {
  const all: Array<[Kind, unknown[]]> = [
    ['string', ['', 'text', '12', 'true', ' ']],
    ['number', [0, -1, 1.5, 42, 1e21]],
    ['boolean', [true, false]],
    ['array', [[], [1, 2], ['a'], [{}]]],
    ['object', [{}, { a: 1 }, { length: 3 }]],
  ];
  const values: unknown[] = [null];
  for (const [kind, examples] of all) {
    const accepted =
      kinds.has(kind) || (kind === 'string' && kinds.has('enum')) || (kind === 'object' && kinds.has('record'));
    if (!accepted) values.push(...examples);
  }
  return values;
}

/** Text no form would send: bidirectional overrides, control characters, lone surrogates, joiners, Arabic, injections. */
export const strangeTexts: readonly string[] = [
  '\u202Eevil\u202C.exe',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u200d\u200c\u200b\u2060',
  'مرحبا بالصيدلية',
  '\u0627\u0644\u0635\u064a\u062f\u0644\u064a\u0629 \u202b123\u202c',
  '\u0007\u001b[31mred\u001b[0m',
  '\r\n\t\v\f',
  '\ufeffBOM',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  "' OR '1'='1' --",
  '"; DROP TABLE events; --',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\\u0000',
  '   ',
  '\u00a0\u2003\u3000',
  'İıſK',
  '\uffff\ufffe',
];

/** Strings far bigger than any form field (100k characters), and bodies bigger than the 1 MB body limit. */
export const hugeTexts = {
  justFits: () => 'a'.repeat(10_000),
  long: () => 'a'.repeat(100_000),
  longArabic: () => 'ص'.repeat(100_000),
  overLimit: () => 'a'.repeat(1_100_000),
  overLimitEmoji: () => '😀'.repeat(300_000),
};

/** Numbers JSON.stringify cannot write (sent as raw JSON text) or that no field expects. */
export const strangeNumberTokens: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '-1e309',
  '9007199254740993',
  '1e-400',
  '0.1',
  '-1',
  '2147483648',
  '1.5',
  '0x10',
  '1_000',
  '+1',
  '.5',
  '00012',
];

/** Dates and instants that are not, or are absurd. */
export const strangeDates: readonly unknown[] = [
  '2026-02-30',
  'yesterday',
  '',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13',
  '2025-02-29',
  '2026-01-01T25:61:00Z',
  '2026-06-30T12:00:00+25:00',
  '2026-06-30T12:00:00',
  'Invalid Date',
  '1e10',
  ' 2026-06-30 ',
  '٢٠٢٦-٠٦-٣٠',
  '-271821-04-20T00:00:00Z',
  '2026-06-30T12:00:00.123456789Z',
  0,
  -1,
  1e20,
];

/** Path ids that are not ids. */
export const strangeIds: readonly string[] = [
  'not-a-uuid',
  '../',
  '..',
  '%00',
  '\u0000',
  'x'.repeat(8_000),
  'x'.repeat(20_000),
  ' ',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '6f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a10\n',
  '6f1d4b6e8a554b8e9a3e2f1f0c2d9a10',
  '{6f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a10}',
  '6f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a1g',
  '٦f1d4b6e-8a55-4b8e-9a3e-2f1f0c2d9a10',
  'null',
  'undefined',
  '-1',
  '{id}',
  '\u202e01a9d2c0f1f2e3a9-e8b4-55a8-e6b4d1f6',
  '\ud800',
];

/** Path ids sent without percent-encoding: they change the path itself or are broken escapes. */
export const rawPathIds: readonly string[] = ['../', '..%2F..%2F', '%E0%A4%A', '%ZZ', '%', '%2e%2e', '%00', '%C0%AF'];

/** Bodies that are not a JSON object, with the content type they come with. */
export const strangeBodies: ReadonlyArray<{ raw: string | Buffer; contentType?: string; label: string }> = [
  { raw: '{', contentType: 'application/json', label: 'truncated JSON' },
  { raw: '', contentType: 'application/json', label: 'empty JSON body' },
  { raw: 'null', contentType: 'application/json', label: 'JSON null' },
  { raw: '[]', contentType: 'application/json', label: 'JSON array' },
  { raw: '"text"', contentType: 'application/json', label: 'JSON string' },
  { raw: '123', contentType: 'application/json', label: 'JSON number' },
  { raw: 'true', contentType: 'application/json', label: 'JSON true' },
  { raw: '{"a":', contentType: 'application/json', label: 'cut-off JSON' },
  { raw: "{'a': 1}", contentType: 'application/json', label: 'single-quoted JSON' },
  { raw: '{"a": 1,}', contentType: 'application/json', label: 'trailing comma' },
  { raw: '{"a": undefined}', contentType: 'application/json', label: 'undefined in JSON' },
  { raw: '<xml/>', contentType: 'application/json', label: 'XML sent as JSON' },
  {
    raw: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    contentType: 'application/json',
    label: 'JSON nested 20,000 deep',
  },
  {
    raw: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    contentType: 'application/json',
    label: 'object nested 5,000 deep',
  },
  { raw: '\ufeff{}', contentType: 'application/json', label: 'JSON after a byte-order mark' },
  {
    raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    contentType: 'application/json',
    label: 'invalid UTF-8 in JSON',
  },
  { raw: '{"name":"x"}', contentType: 'application/json; charset=utf-16', label: 'unsupported charset' },
  { raw: '{"name":"x"}', contentType: 'application/json; charset=latin1', label: 'latin1 charset' },
  { raw: '{"name":"x"}', contentType: 'text/plain', label: 'JSON sent as text/plain' },
  { raw: 'name=x&quantity=1', contentType: 'application/x-www-form-urlencoded', label: 'form-encoded body' },
  { raw: '<a>1</a>', contentType: 'application/xml', label: 'XML body' },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    contentType: 'multipart/form-data',
    label: 'multipart without boundary',
  },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc',
    contentType: 'multipart/form-data; boundary=x',
    label: 'cut-off multipart',
  },
  {
    raw: `--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--x\r\nContent-Disposition: form-data; name="image"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\ndef\r\n--x--\r\n`,
    contentType: 'multipart/form-data; boundary=x',
    label: 'multipart with two files',
  },
  {
    raw: '--x\r\nContent-Disposition: form-data; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    label: 'multipart part without a name',
  },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n',
    contentType: 'multipart/mixed; boundary=x',
    label: 'multipart/mixed',
  },
  {
    raw: '--x\r\nthis is not a header\r\n\r\nabc\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
    label: 'multipart with a broken part header',
  },
  { raw: '{"a":1}', contentType: 'application/merge-patch+json', label: 'merge-patch content type' },
  { raw: '{"a":1}', contentType: 'application/json; charset=', label: 'empty charset' },
  { raw: '{"a":1}', contentType: ';;;', label: 'broken content type' },
  { raw: `{"a":"${'\\ud800'.repeat(3)}"}`, contentType: 'application/json', label: 'escaped lone surrogates' },
  {
    raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
    label: 'prototype keys',
  },
];

/** Unknown keys a client might add, sent as raw JSON so `__proto__` is a real key. */
export const extraKeys: readonly string[] = [
  '__proto__',
  'constructor',
  'isAdmin',
  'role',
  'id',
  'version',
  'createdBy',
  'recordedAt',
  '\u202eyek',
  '',
  'k'.repeat(1_000),
];

/** Header values for If-Match and Idempotency-Key that no client should send (all sendable by Node). */
export const strangeHeaderValues: readonly string[] = [
  ' ',
  'x'.repeat(300),
  '"7"',
  'W/"7"',
  '-1',
  '1.5',
  '99999999999999999999',
  '*',
  'NaN',
  'é\u00ff',
  'a b\tc',
];

// ---- putting a broken value into a request -------------------------------------------------------

const TOKEN = '"__fuzz_token_7f3a__"';

function setAt(root: Record<string, unknown>, path: Array<string | number>, value: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null)
      node[key] = typeof path[path.indexOf(key) + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

function deleteAt(root: Record<string, unknown>, path: Array<string | number>): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> | undefined = copy;
  for (const key of path.slice(0, -1)) node = node?.[key] as Record<string | number, unknown> | undefined;
  if (node && typeof node === 'object') delete node[path.at(-1)!];
  return copy;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length} chars)` : text;
};
const dotted = (field: Field) => `${field.where}.${field.path.join('.')}`;

/**
 * The request with one field set to `value`: in the body (JSON, or raw JSON
 * text when `raw` is given: NaN, Infinity…), in the query string, or in the path.
 */
function withValue(
  route: FuzzRoute,
  base: BaseRequest,
  field: Field,
  value: unknown,
  label: string,
  raw?: string,
): FuzzCase {
  const plain = { label: `${dotted(field)} ${label}`, method: route.method, headers: {} };
  if (field.where === 'params') {
    return {
      ...plain,
      url: urlOf(route, { ...base.params, [field.name]: String(value) }, base.query),
      ...bodyOf(base),
    };
  }
  if (field.where === 'query') {
    const query: Record<string, string | string[]> = { ...base.query };
    query[field.path.join('.')] = Array.isArray(value) ? value.map(String) : String(value);
    return { ...plain, url: urlOf(route, base.params, query), ...bodyOf(base) };
  }
  const body = setAt(base.body ?? {}, field.path, raw === undefined ? value : '__fuzz_token_7f3a__');
  const url = urlOf(route, base.params, base.query);
  if (raw === undefined) return { ...plain, url, body: { json: body } };
  return { ...plain, url, body: { raw: JSON.stringify(body).replace(TOKEN, raw), contentType: 'application/json' } };
}

const bodyOf = (base: BaseRequest): Pick<FuzzCase, 'body'> =>
  base.body === undefined ? {} : { body: { json: base.body } };

/** The request as valid as the walker could make it. */
export function validCase(route: FuzzRoute, base: BaseRequest): FuzzCase {
  return {
    label: base.valid ? 'valid-shaped request' : 'request as close to valid as the walker got',
    method: route.method,
    url: urlOf(route, base.params, base.query),
    headers: {},
    ...bodyOf(base),
  };
}

/** A case that fast-check prints as its label, method and URL (a body of 1 MB would fill the report). */
export function printable(fuzz: FuzzCase): FuzzCase {
  return Object.defineProperty({ ...fuzz }, fc.toStringMethod, {
    value: () => `${fuzz.method.toUpperCase()} ${fuzz.url.slice(0, 200)} (${fuzz.label})`,
    enumerable: false,
  });
}

/** The kinds of breakage, each an arbitrary of requests for one route (null when it does not apply). */
export function mutations(route: FuzzRoute, base: BaseRequest): Record<string, fc.Arbitrary<FuzzCase> | null> {
  return Object.fromEntries(
    Object.entries(breakages(route, base)).map(([kind, arbitrary]) => [kind, arbitrary?.map(printable) ?? null]),
  );
}

function breakages(route: FuzzRoute, base: BaseRequest): Record<string, fc.Arbitrary<FuzzCase> | null> {
  const params = route.params ? fieldsOf(route.params, 'params') : [];
  const query = route.query ? fieldsOf(route.query, 'query') : [];
  const body = route.body ? fieldsOf(route.body, 'body') : [];
  const valueFields = [...query, ...body];
  const textFields = valueFields.filter((f) => f.kinds.has('string') || f.kinds.has('enum') || f.kinds.has('unknown'));
  const numberFields = body.filter((f) => f.kinds.has('number'));
  const dateFields = valueFields.filter((f) => f.isDate);
  const idFields = [...params, ...valueFields.filter((f) => f.isId)];
  const pick = <T>(items: T[]) => (items.length ? fc.constantFrom(...items) : null);
  const url = urlOf(route, base.params, base.query);
  const mark = (label: string, rest: Omit<FuzzCase, 'label' | 'method'>): FuzzCase => ({
    label,
    method: route.method,
    ...rest,
  });

  return {
    valid: fc.constant(validCase(route, base)),
    wrongType: body.length
      ? fc.constantFrom(...body).chain((field) =>
          fc.constantFrom(...wrongTypeValues(field.kinds)).map((value) => {
            const fuzz = withValue(route, base, field, value, `= ${show(value)} (wrong type)`);
            // A field that takes only numbers reads nothing else as one (z.coerce read "0x2" as 2 and true as 1).
            const numberOnly = field.kinds.size === 1 && field.kinds.has('number') && value !== null;
            return numberOnly ? { ...fuzz, mustRefuse: 'a number field given another type' } : fuzz;
          }),
        )
      : null,
    anyJson: body.length
      ? fc
          .tuple(fc.constantFrom(...body), fc.jsonValue({ maxDepth: 3 }))
          .map(([field, value]) => withValue(route, base, field, value, `= ${show(value)} (random JSON)`))
      : null,
    missing:
      pick(body.filter((f) => f.required))?.map((field) => {
        const without = deleteAt(base.body ?? {}, field.path);
        return mark(`${dotted(field)} missing`, { url, headers: {}, body: { json: without } });
      }) ?? null,
    nulled: pick(body)?.map((field) => withValue(route, base, field, null, '= null')) ?? null,
    extra: route.body
      ? fc.tuple(fc.constantFrom(...extraKeys), fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => {
          const text = JSON.stringify(base.body ?? {});
          const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
          const raw = text === '{}' ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
          return mark(`body + unknown key ${show(key)}`, {
            url,
            headers: {},
            body: { raw, contentType: 'application/json' },
            mustRefuse: 'a body with an unknown field',
          });
        })
      : null,
    huge: pick(textFields)
      ? fc
          .tuple(
            fc.constantFrom(...textFields),
            fc.constantFrom(...(Object.keys(hugeTexts) as Array<keyof typeof hugeTexts>)),
          )
          .map(([field, size]) => {
            // In a query: 10,000 characters reach the app; more are over Node's 16 KB limit of an address (431).
            const which = field.where === 'query' && size !== 'long' ? 'justFits' : size;
            const value = hugeTexts[which]();
            return withValue(route, base, field, value, `= ${which} text (${value.length} chars)`);
          })
      : null,
    strangeText: pick(textFields)
      ? fc
          .tuple(
            fc.constantFrom(...textFields),
            fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(...strangeTexts) },
              { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
            ),
          )
          .map(([field, text]) => withValue(route, base, field, text, `= ${show(text)} (strange text)`))
      : null,
    strangeNumber: pick(numberFields)
      ? fc
          .tuple(fc.constantFrom(...numberFields), fc.constantFrom(...strangeNumberTokens))
          .map(([field, token]) => withValue(route, base, field, token, `= ${token} (raw JSON number)`, token))
      : null,
    strangeQueryNumber: pick(query)
      ? fc
          .tuple(fc.constantFrom(...query), fc.constantFrom(...strangeNumberTokens, '', '1e3', '١٢'))
          .map(([field, token]) => withValue(route, base, field, token, `= ${show(token)} (query number)`))
      : null,
    strangeDate: pick(dateFields)
      ? fc
          .tuple(fc.constantFrom(...dateFields), fc.constantFrom(...strangeDates))
          .map(([field, date]) => withValue(route, base, field, date, `= ${show(date)} (invalid date)`))
      : null,
    strangeId: pick(idFields)
      ? fc
          .tuple(fc.constantFrom(...idFields), fc.constantFrom(...strangeIds))
          .map(([field, id]) => withValue(route, base, field, id, `= ${show(id)} (not an id)`))
      : null,
    rawPathId: pick(params)
      ? fc.tuple(fc.constantFrom(...params), fc.constantFrom(...rawPathIds)).map(([field, id]) =>
          mark(`params.${field.name} = ${show(id)} (raw in the path)`, {
            url: urlOf(route, { ...base.params, [field.name]: id }, base.query, true),
            headers: {},
            ...bodyOf(base),
          }),
        )
      : null,
    repeatedQuery:
      pick(query)?.map((field) =>
        withValue(route, base, field, [base.query[field.name] ?? '1', 'x'], '= two values (repeated key)'),
      ) ?? null,
    rawQuery: fc
      .constantFrom(
        '%',
        '%zz',
        'q=%00',
        'limit=%E0%A4%A',
        'q[$ne]=1',
        'limit[]=1',
        'a=1&a=2&a=3',
        '&&&=',
        `q=${'%20'.repeat(2_000)}`,
        'sort=__proto__',
        'constructor=1',
      )
      .map((search) =>
        mark(`query string ${show(search)}`, {
          url: `${urlOf(route, base.params, {})}?${search}`,
          headers: {},
          ...bodyOf(base),
        }),
      ),
    strangeBody:
      route.bodyType === 'none' && route.method === 'get'
        ? null
        : fc.constantFrom(...strangeBodies).map((body) =>
            mark(`body: ${body.label}`, {
              url,
              headers: {},
              body: { raw: body.raw, ...(body.contentType ? { contentType: body.contentType } : {}) },
            }),
          ),
    bodyNotObject: route.body
      ? fc.constantFrom<unknown>([], [base.body], 'text', 42, true, null).map((value) =>
          mark(`body = ${show(value)}`, {
            url,
            headers: {},
            body: { raw: JSON.stringify(value), contentType: 'application/json' },
          }),
        )
      : null,
    upload:
      route.bodyType === 'multipart'
        ? fc
            .tuple(
              fc.constantFrom('image', 'photo', 'file', ''),
              fc.constantFrom('pack.jpg', 'pack.png', 'x.webp', '../../etc/passwd', '\u202egpj.exe', ''),
              fc.constantFrom(
                Buffer.alloc(0),
                Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
                Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
                Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'),
                Buffer.from('GIF89a'),
                Buffer.from('%PDF-1.7'),
              ),
              fc.uint8Array({ maxLength: 512 }),
            )
            .map(([field, filename, magic, tail]) =>
              mark(`upload ${show(field)} ${show(filename)}: ${magic.length + tail.length} bytes`, {
                url,
                headers: {},
                body: { file: Buffer.concat([magic, Buffer.from(tail)]), field, filename },
              }),
            )
        : null,
    header: route.headers.length
      ? fc
          .tuple(fc.constantFrom(...route.headers), fc.constantFrom(...strangeHeaderValues))
          .map(([name, value]) =>
            mark(`header ${name}: ${show(value)}`, { url, headers: { [name]: value }, ...bodyOf(base) }),
          )
      : null,
  };
}

/** Every applicable breakage of a route as one arbitrary (each kind equally likely). */
export function caseArbitrary(route: FuzzRoute, base: BaseRequest): fc.Arbitrary<FuzzCase> {
  const kinds = Object.values(mutations(route, base)).filter((a): a is fc.Arbitrary<FuzzCase> => a !== null);
  return fc.oneof(...kinds);
}
