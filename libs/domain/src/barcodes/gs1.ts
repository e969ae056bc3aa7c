import { readGs1, readScan, type Gs1Data, type Gs1Problem, type ScanReading } from '@pharmacy/barcodes';
import { DomainError } from '../shared/errors';

/**
 * The domain's reading of what the pharmacy's scanners send: the GS1 parser of `@pharmacy/barcodes` (which
 * the browser shares, and where the rules are described), strict — a barcode that is clearly GS1 data but
 * has a field that breaks its AI's rules is refused with {@link Gs1ParseError}, never half read. An AI the
 * GS1 table lacks (`UNKNOWN_AI`) is not a reason to refuse: the parser skipped it and read what is around it.
 */

export { gtinCandidates, isValidGtin, normaliseGtin, type Gs1Data } from '@pharmacy/barcodes';

export type ScanResult =
  Extract<ScanReading, { kind: 'gtin' | 'text' }> | { kind: 'gs1'; gtin: string | null; data: Gs1Data; raw: string };

/** A barcode that is clearly a GS1 element string but cannot be read. The message is meant for the user. */
export class Gs1ParseError extends DomainError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super('INVALID_GS1', message, details);
    this.name = 'Gs1ParseError';
  }
}

/**
 * Reads a GS1 element string (either form, with or without a symbology identifier) and throws
 * {@link Gs1ParseError} when it is not one or anything in it is invalid. `now` decides the century of
 * two-digit years (GS1 sliding window: from 49 years before to 50 years after the current year, in UTC).
 */
export function parseGs1(input: string, now: Date = new Date()): Gs1Data {
  const { data, problems } = readGs1(input, now);
  refuse(problems);
  return data;
}

/**
 * Classifies whatever a scanner or a person put into a barcode field or a search box: a GTIN, a GS1 element
 * string or text. Throws {@link Gs1ParseError} only when the input is unmistakably a GS1 element string but
 * is malformed — say, an expiry date of 261345 — so the user can be told why it was refused.
 */
export function parseScan(input: string, now: Date = new Date()): ScanResult {
  const scan = readScan(input, now);
  if (scan.kind !== 'gs1') return scan;
  refuse(scan.problems);
  return { kind: 'gs1', gtin: scan.gtin, data: scan.data, raw: scan.raw };
}

/** The first invalid field is the one a reader that stops at the first error meets. */
function refuse(problems: readonly Gs1Problem[]): void {
  const first = problems.find((problem) => problem.code === 'INVALID_GS1');
  if (first !== undefined) throw new Gs1ParseError(first.message, first.details);
}
