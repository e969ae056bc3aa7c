import { offlineNumberPattern } from '@pharmacy/contracts';

/**
 * Letters and digits a cashier cannot misread on a receipt (no 0/O, 1/I):
 * 32 of them, so a random byte modulo 32 picks each without bias.
 */
const TILL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TILL_CODE_LENGTH = 4;
/** The contract allows 4 to 6 digits after the till code. */
export const MAX_RUNNING_NUMBER = 999_999;

/** What this browser remembers to number its offline sales. */
export interface TillNumbering {
  /** Four characters, drawn once for this browser ("K7Q2"). */
  code: string;
  /** The number of the last offline sale made here; 0 before the first. */
  lastNumber: number;
}

export function randomTillCode(
  randomBytes: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count)),
): string {
  const bytes = randomBytes(TILL_CODE_LENGTH);
  return Array.from(bytes, (byte) => TILL_CODE_ALPHABET[byte % TILL_CODE_ALPHABET.length]).join('');
}

/** "K7Q2", 3 → "K7Q2-0003". */
export function formatOfflineNumber(code: string, number: number): string {
  return `${code}-${String(number).padStart(4, '0')}`;
}

/**
 * The next offline number, and what to remember after it. The first sale of a
 * browser draws its till code. Past 999999 the number no longer fits the
 * contract, so the till draws a new code and starts again at 1: numbers stay
 * unique without ever growing a seventh digit.
 */
export function nextOfflineNumber(
  numbering: TillNumbering | undefined,
  newCode: () => string = randomTillCode,
): { numbering: TillNumbering; offlineNumber: string } {
  const current = numbering ?? { code: newCode(), lastNumber: 0 };
  const next =
    current.lastNumber >= MAX_RUNNING_NUMBER
      ? { code: newCode(), lastNumber: 1 }
      : { ...current, lastNumber: current.lastNumber + 1 };
  const offlineNumber = formatOfflineNumber(next.code, next.lastNumber);
  if (!offlineNumberPattern.test(offlineNumber)) throw new RangeError(`Not an offline number: ${offlineNumber}`);
  return { numbering: next, offlineNumber };
}
