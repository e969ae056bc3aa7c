/**
 * A LIKE pattern for "contains `text`", for the lower-cased search columns:
 * the text lower-cased, its wildcards (`%`, `_`) and escapes matched literally.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
