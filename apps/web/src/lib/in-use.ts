/**
 * How many products still use a category or supplier, read from the server's
 * 409 message ("This category is used by 3 product(s)...", "This supplier is
 * named on 3 product(s)..."), which carries no separate count. Lets the refusal
 * be worded in the reader's language; undefined when the wording is not known,
 * in which case the server's own message is shown.
 */
export function inUseCount(message: string): number | undefined {
  const match = /\b(\d+) product\(s\)/.exec(message);
  return match ? Number(match[1]) : undefined;
}
