import { decodedText, surestReadings } from '@pharmacy/barcodes';
import type { ReaderOptions, ReadResult } from 'zxing-wasm/reader';
import { readPackScan } from './gs1';

/**
 * The decisions behind camera scanning, kept apart from the camera and the WebAssembly decoder so they
 * can be tested in jsdom: which symbologies are read, what text a read barcode is passed on as, when the
 * same code may be reported again, and what a failed camera start means for the user.
 */

/** Medicine packs: EAN-13/EAN-8/UPC-A on the box, Code 128 (also GS1-128), GS1 DataMatrix and QR codes. */
export const SCAN_FORMATS = ['EAN13', 'EAN8', 'UPCA', 'Code128', 'DataMatrix', 'QRCode'] as const;

export const READER_OPTIONS: ReaderOptions = {
  formats: [...SCAN_FORMATS],
  tryHarder: true,
  // "Plain" gives the content as encoded: a GS1 element string without parentheses, FNC1 as GS (U+001D).
  // The default ("HRI") would print GS1 data as "(01)…(17)…", which also parses, but is not what a
  // hardware scanner sends and loses nothing we need either way.
  textMode: 'Plain',
  // A pack often carries an EAN-13 and a GS1 DataMatrix side by side; see ScanDeduplicator for how the
  // two are counted as one pack.
  maxNumberOfSymbols: 4,
};

/** How often a video frame is decoded. Decoding a 720p frame takes tens of milliseconds. */
export const SCAN_INTERVAL_MS = 200;

/** A code is reported again only once it has been out of view for this long. */
export const REPEAT_AFTER_MS = 1500;

export type ScannedBarcode = Pick<
  ReadResult,
  'isValid' | 'text' | 'format' | 'contentType' | 'symbologyIdentifier' | 'position' | 'lineCount'
>;

/**
 * The text a read barcode is passed on as, or null when there is nothing to pass on (`decodedText` of
 * `@pharmacy/barcodes`, which the photo reader on the server uses too):
 *
 * - GS1 content (GS1 DataMatrix, GS1 QR, GS1-128): the AIM symbology identifier, GS (U+001D) for the FNC1
 *   the symbol starts with, then the raw element string, variable-length values ended by GS:
 *   `]d2` + GS + `0109501101530003` + `17271231` + `10LOT-42` + GS + `21SN1`. The identifier tells the GS1
 *   parser "GS1 data follows"; the leading GS that only a real GS separates, so a value may hold `<GS>`.
 * - Everything else (EAN-13, EAN-8, UPC-A, plain Code 128, plain QR/DataMatrix): the text alone, e.g. the
 *   13 digits of an EAN-13 or a Digital Link URL — so a SKU in a Code 128 or a GTIN goes into a search box
 *   as it is — except text that would pass for a product code its symbology cannot carry, which keeps its
 *   identifier: eight digits in a Code 128 are `]C042094043`, an internal code, not an EAN-8.
 */
export function scanText(barcode: ScannedBarcode): string | null {
  if (!barcode.isValid || barcode.text === '') return null;
  return decodedText(barcode);
}

/**
 * The distinct texts of one frame, in the order the decoder found them: one per symbol, the reading most
 * scan lines agreed on (a line across a creased edge can decode to another valid EAN-13, sometimes first).
 */
export function frameTexts(barcodes: readonly ScannedBarcode[]): string[] {
  const texts: string[] = [];
  for (const barcode of surestReadings(barcodes.filter((read) => read.isValid && read.text !== ''))) {
    const text = scanText(barcode);
    if (text !== null && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

/** The product (GTIN-14) a scanned text names, when it names one: a plain GTIN or a GS1 string with AI 01. */
export function productOf(text: string): string | null {
  const scan = readPackScan(text);
  if (scan.kind === 'text' || scan.gtin === null) return null;
  return scan.gtin.padStart(14, '0');
}

/**
 * Turns what each frame shows into "a code was scanned" events.
 *
 * - A code is new when it was not in view during the last {@link REPEAT_AFTER_MS}: holding a pack in front
 *   of the camera reports it once; taking it away and showing it again (a second pack of the same product)
 *   reports it again. A frame that misses a code it saw just before (motion blur, glare) is not "leaving".
 * - A pack's EAN-13 and its GS1 DataMatrix (same GTIN) seen together are one pack: whichever is read first
 *   is reported, the other is kept quiet while both stay in view. When both are first read in the same
 *   frame the GS1 code wins, as it also carries the batch and the expiry date. Two GS1 codes with the same
 *   GTIN but different serial numbers are different packs and are both reported.
 */
export class ScanDeduplicator {
  private readonly lastSeen = new Map<string, { at: number; product: string | null; gs1: boolean }>();

  constructor(private readonly repeatAfterMs: number = REPEAT_AFTER_MS) {}

  /** The codes of this frame (taken at `now`, in ms) that are to be reported. */
  next(texts: readonly string[], now: number): string[] {
    for (const [text, seen] of this.lastSeen) {
      if (now - seen.at >= this.repeatAfterMs) this.lastSeen.delete(text);
    }
    const isGs1 = (text: string) => readPackScan(text).kind === 'gs1';
    const ordered = [...new Set(texts)].sort((a, b) => Number(isGs1(b)) - Number(isGs1(a)));
    const fresh: string[] = [];
    for (const text of ordered) {
      const product = productOf(text);
      const gs1 = isGs1(text);
      const known = this.lastSeen.has(text);
      // Same product in view under the other kind of code (plain GTIN vs GS1): the same pack.
      const twin =
        product !== null &&
        [...this.lastSeen].some(([other, seen]) => other !== text && seen.product === product && seen.gs1 !== gs1);
      if (!known && !twin) fresh.push(text);
      this.lastSeen.set(text, { at: now, product, gs1 });
    }
    return fresh;
  }
}

export type CameraProblem = 'permission' | 'unavailable' | 'unsupported';

/** What a rejected getUserMedia means for the user (names from the Media Capture spec). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'permission';
    case 'TypeError':
      return 'unsupported';
    default:
      // NotFoundError, NotReadableError (in use elsewhere), OverconstrainedError, AbortError.
      return 'unavailable';
  }
}

/** The camera request: the rear camera where there is one, 720p if it can. */
export const SCANNER_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};
