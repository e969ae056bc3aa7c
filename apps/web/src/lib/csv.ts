/** Excel and Numbers only read a CSV file as UTF-8 (and so show Arabic) when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

// A cell that starts with one of these is run as a formula by spreadsheet programs
// (CSV injection). Phone numbers such as "+962 6 555 0100" are left alone: they are
// data people expect to see unchanged, and contain nothing a formula could call.
const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_LIKE = /^[+-][\d\s().-]*$/;

export function escapeCsvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PHONE_LIKE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text (CRLF line ends) with a UTF-8 byte order mark. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(escapeCsvField).join(',')).join('\r\n') + '\r\n';
}
