/** A plain decimal as a person types it: "12", "-3", "2.5", ".5" (no exponent, no sign but a minus, no separators). */
const PLAIN_DECIMAL = /^-?(?:\d+|\d*\.\d+)$/;

/**
 * The number a number box stands for, as a request body needs it: the API
 * takes JSON numbers only (issue 28), so "12" must become 12 before it is sent
 * or checked with the request's schema.
 *
 * Blank (or only spaces) is undefined: the field's default applies, or its
 * required message shows. A plain decimal is that number ("-0" is 0). Anything
 * else is NaN, which the field's schema refuses with the field's own message.
 * A number passes as it is: react-hook-form reads starting values through
 * `setValueAs` too.
 */
export function textToNumber(text: unknown): number | undefined {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  // `+ 0` turns -0 into 0: the request schemas refuse -0, and nobody means it.
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) + 0 : Number.NaN;
}
