/**
 * Whether a refusal is one a person can act on: the API's error shape (a stable
 * `code`, a `message`, and for a field a message per field), and a message in
 * plain words, not a stack trace, a parser's or a library's own text, nor
 * zod's default wording (which does not say which field it means).
 */
const UNHELPFUL: ReadonlyArray<[RegExp, string]> = [
  [/\n\s+at\s|\bat \S+ \(.*:\d+:\d+\)/, 'a stack trace'],
  [/^(internal server error|something went wrong)/i, 'an internal error'],
  [
    /^(bad request|not found|forbidden|unauthorized|conflict|payload too large|request entity too large|unsupported media type|unprocessable entity|too many requests|http error)\.?$/i,
    'only the HTTP status phrase',
  ],
  [
    /in JSON at position|" is not valid JSON|Unexpected (token|end of JSON|non-whitespace|number|string in JSON)|JSON\.parse|Bad control character|Bad escaped character/i,
    "the JSON parser's own message",
  ],
  [
    /^Invalid (input|option|string|UUID|ISO|key|element|value|union|discriminator|url|format|date|number|type)\b|expected \w+, received \w+|^Too (big|small)\b|^Unrecognized keys?\b|^Required$/,
    "zod's default wording, which does not name the field",
  ],
  [
    /^Multipart:|Unexpected end of (form|file)|Malformed part header|Boundary not found|^unsupported (charset|content encoding|content type)|^request aborted|^Unexpected (file )?field|^Too many (files|parts|fields)|^Field (name|value) too long|^File too large|^Field name (missing|nesting)|^Invalid field name/i,
    "a library's own message",
  ],
  [
    /\[object Object\]|\bundefined\b|TypeError|RangeError|SyntaxError|ReferenceError|Cannot read propert/,
    'program internals',
  ],
];

/** Why a message is not one a person can act on, or null when it is. */
export function unhelpfulMessage(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim().length < 8 || !/\p{L}/u.test(message)) {
    return `no message in words (${JSON.stringify(message)})`;
  }
  for (const [pattern, reason] of UNHELPFUL) if (pattern.test(message)) return `${reason}: ${JSON.stringify(message)}`;
  return null;
}

/**
 * What is wrong with an answer to a fuzzed request, or null: never a 5xx; a
 * 4xx is JSON with the answered status, a code and a helpful message (and, for
 * field errors, the field named with a helpful message each).
 */
export function answerProblem(status: number, contentType: string | undefined, body: unknown): string | null {
  if (status >= 500) return `answered ${status}: ${JSON.stringify(body)}`;
  if (status < 400) return null;
  if (!/^application\/json/.test(contentType ?? ''))
    return `a ${status} answered with ${contentType ?? 'no content type'}, not JSON`;
  if (typeof body !== 'object' || body === null)
    return `a ${status} answered ${JSON.stringify(body)}, not an error object`;
  const answer = body as { statusCode?: unknown; code?: unknown; message?: unknown; errors?: unknown };
  if (answer.statusCode !== status) return `statusCode ${String(answer.statusCode)} in a ${status} answer`;
  if (typeof answer.code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(answer.code)) {
    return `no stable code: ${JSON.stringify(answer.code)}`;
  }
  const message = unhelpfulMessage(answer.message);
  if (message) return `${answer.code}: message is ${message}`;
  if (answer.errors !== undefined) {
    if (!Array.isArray(answer.errors) || answer.errors.length === 0) return 'errors is not a list of field errors';
    for (const error of answer.errors as Array<{ field?: unknown; message?: unknown }>) {
      if (typeof error.field !== 'string' || error.field === '')
        return `a field error names no field: ${JSON.stringify(error)}`;
      const fieldMessage = unhelpfulMessage(error.message);
      if (fieldMessage) return `the error of ${error.field} is ${fieldMessage}`;
    }
  }
  return null;
}
