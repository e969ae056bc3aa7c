import { countVarianceReasonNames, type RecordCountsInput, type StockCountDetail } from '@pharmacy/contracts';
import { readPackScan } from '../../../lib/gs1';
import { sameGtin } from '../../../lib/scan-match';

export type CountLine = StockCountDetail['lines'][number];
export type VarianceReason = (typeof countVarianceReasonNames)[number];

/** The server refuses a count above this (recordCountsSchema). */
export const MAX_COUNTED = 1_000_000;

/** What the user has typed for a batch: the counted packs (text, as in the field) and the reason for a difference. */
export interface LineDraft {
  counted: string;
  reason: VarianceReason | null;
}
export type Drafts = Readonly<Record<string, LineDraft>>;

export function isVarianceReason(value: string | null): value is VarianceReason {
  return value !== null && (countVarianceReasonNames as readonly string[]).includes(value);
}

/** The drafts as the server has the sheet: counted lines with their count and reason, the rest empty. */
export function draftsOf(lines: readonly CountLine[]): Record<string, LineDraft> {
  return Object.fromEntries(
    lines.map((line) => [
      line.batchId,
      {
        counted: line.counted === null ? '' : String(line.counted),
        reason: isVarianceReason(line.reason) ? line.reason : null,
      },
    ]),
  );
}

/** Typed text → packs: empty is "not counted" (null); anything but a whole number from 0 is invalid. */
export function parseCounted(text: string): number | null | 'invalid' {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return 'invalid';
  const count = Number(value);
  return count <= MAX_COUNTED ? count : 'invalid';
}

export interface SheetLine {
  line: CountLine;
  draft: LineDraft;
  /** Packs counted (typed or saved); null while not counted. */
  counted: number | null;
  /**
   * The typed count cannot be sent: not a whole number from 0, or emptied on a
   * line the server already has a count for (a count is replaced, never removed).
   */
  invalid: boolean;
  /** counted − expected at the start; null while not counted. */
  variance: number | null;
  /** The reason that goes with the count: none when nothing differs. */
  reason: VarianceReason | null;
  /** A difference without a reason: posting would be refused (VARIANCE_REASON_REQUIRED). */
  needsReason: boolean;
  /** Differs from what the server has. */
  dirty: boolean;
}

/** Each line with what the user typed over it, its variance and the rules that apply to it. */
export function sheetLines(lines: readonly CountLine[], drafts: Drafts): SheetLine[] {
  return lines.map((line) => {
    const draft = drafts[line.batchId] ?? { counted: line.counted === null ? '' : String(line.counted), reason: null };
    const parsed = parseCounted(draft.counted);
    const invalid = parsed === 'invalid' || (parsed === null && line.counted !== null);
    const counted = invalid ? null : (parsed as number | null);
    const variance = counted === null ? null : counted - line.expected;
    const reason = variance === null || variance === 0 ? null : draft.reason;
    const dirty =
      !invalid &&
      counted !== null &&
      (counted !== line.counted || reason !== (isVarianceReason(line.reason) ? line.reason : null));
    return {
      line,
      draft,
      counted,
      invalid,
      variance,
      reason,
      needsReason: variance !== null && variance !== 0 && reason === null,
      dirty: dirty || invalid,
    };
  });
}

/** PUT .../counts for the lines changed since the last save; null when there is nothing valid to send. */
export function countsToSave(sheet: readonly SheetLine[]): RecordCountsInput | null {
  const counts = sheet
    .filter((entry) => entry.dirty && !entry.invalid && entry.counted !== null)
    .map((entry) => ({ batchId: entry.line.batchId, counted: entry.counted!, reason: entry.reason }));
  return counts.length > 0 ? { counts } : null;
}

export interface VarianceReport {
  /** Counted lines whose count differs from what was expected. */
  lines: SheetLine[];
  lineCount: number;
  counted: number;
  uncounted: number;
  /** Packs found above what was expected (sum of the positive variances). */
  over: number;
  /** Packs missing (sum of the negative variances, as a positive number). */
  short: number;
  /** What posting moves in all: over − short. */
  net: number;
  missingReasons: number;
}

/** The variance report: the differences posting will record, and their totals. */
export function varianceReport(sheet: readonly SheetLine[]): VarianceReport {
  const lines = sheet.filter((entry) => entry.variance !== null && entry.variance !== 0);
  const over = lines.reduce((sum, entry) => sum + Math.max(0, entry.variance ?? 0), 0);
  const short = lines.reduce((sum, entry) => sum + Math.max(0, -(entry.variance ?? 0)), 0);
  const counted = sheet.filter((entry) => entry.counted !== null).length;
  return {
    lines,
    lineCount: sheet.length,
    counted,
    uncounted: sheet.length - counted,
    over,
    short,
    net: over - short,
    missingReasons: lines.filter((entry) => entry.needsReason).length,
  };
}

export type PostBlocker = 'unsaved' | 'invalid' | 'missingReason' | 'nothingCounted';

/** Why the count cannot be posted yet (the server would refuse, or would not see what is on screen); null: it can. */
export function postBlocker(sheet: readonly SheetLine[]): PostBlocker | null {
  if (sheet.some((entry) => entry.invalid)) return 'invalid';
  if (sheet.some((entry) => entry.dirty)) return 'unsaved';
  if (sheet.some((entry) => entry.needsReason)) return 'missingReason';
  if (!sheet.some((entry) => entry.counted !== null)) return 'nothingCounted';
  return null;
}

export type ScanResult =
  | { kind: 'line'; batchId: string }
  /** The product is on the sheet, the scanned batch is not: its first line. */
  | { kind: 'otherBatch'; batchId: string; batch: string }
  | { kind: 'notFound'; code: string };

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The line a scan or a typed code points at: a GS1 code that names its batch
 * picks that batch; a barcode (or SKU) picks the product's first line, the one
 * expiring first; a batch number typed as it is picks that batch.
 */
export function lineForScan(input: string, lines: readonly CountLine[], now: Date = new Date()): ScanResult {
  const text = input.trim();
  const scan = readPackScan(text, now);
  if (scan.kind === 'gs1' || scan.kind === 'gtin') {
    const gtin = scan.gtin;
    const ofProduct = gtin === null ? [] : lines.filter((line) => sameGtin(line.productBarcode, gtin));
    if (scan.kind === 'gs1' && scan.batch !== null) {
      const batch = scan.batch;
      const exact = ofProduct.find((line) => same(line.batchNumber, batch));
      if (exact) return { kind: 'line', batchId: exact.batchId };
      if (ofProduct[0]) return { kind: 'otherBatch', batchId: ofProduct[0].batchId, batch };
    }
    if (ofProduct[0]) return { kind: 'line', batchId: ofProduct[0].batchId };
    if (scan.kind === 'gs1') return { kind: 'notFound', code: gtin ?? text };
  }
  const byCode = lines.find((line) => same(line.productSku, text) || same(line.productBarcode, text));
  if (byCode) return { kind: 'line', batchId: byCode.batchId };
  const byBatch = lines.find((line) => same(line.batchNumber, text));
  if (byBatch) return { kind: 'line', batchId: byBatch.batchId };
  return { kind: 'notFound', code: text };
}
