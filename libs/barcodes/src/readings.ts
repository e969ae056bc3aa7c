import { readScan } from './gs1';

/**
 * What a barcode decoder (zxing, in the browser and on the server) returned for one image, reduced to one
 * reading per symbol and passed on as the text the GS1 parser reads.
 *
 * A decoder that tries hard reads a linear symbol (EAN-13, Code 128…) on many scan lines and reports each
 * distinct text with the number of lines that agreed on it. A line across a damaged or cut edge can decode
 * to another code whose check digit happens to be valid; it is then reported beside the real code, from the
 * same place, sometimes first. Two linear readings that lie on the same bars — they overlap across the bars
 * and touch along them — are one symbol, and the reading more lines agreed on is kept. Matrix symbols
 * (DataMatrix, QR) are read whole with error correction and are never merged.
 *
 * Pure and browser-safe: it imports nothing but the parser and throws nothing.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where the decoder found the symbol (for a linear symbol: the first and last line it read it on). */
export interface SymbolPosition {
  readonly topLeft: Point;
  readonly topRight: Point;
  readonly bottomRight: Point;
  readonly bottomLeft: Point;
}

export interface DecodedSymbol {
  readonly position: SymbolPosition;
  /** Scan lines that read this text; 0 for matrix symbols. */
  readonly lineCount: number;
}

/**
 * How far apart, along the bars and as a share of the symbol's width, two readings may lie and still be
 * lines of one symbol. Two symbols printed one above the other are further apart than this: the digits
 * under a barcode and its quiet zone alone take more.
 */
const SAME_SYMBOL_GAP = 0.1;

/**
 * One reading per symbol, in the order the decoder found the symbols: of linear readings lying on the same
 * bars, the one read on the most lines (the first of equals).
 */
export function surestReadings<T extends DecodedSymbol>(readings: readonly T[]): T[] {
  const kept: T[] = [];
  for (const reading of readings) {
    const rival = kept.findIndex((other) => sameLinearSymbol(other, reading));
    const current = kept[rival];
    if (current === undefined) kept.push(reading);
    else if (reading.lineCount > current.lineCount) kept[rival] = reading;
  }
  return kept;
}

function sameLinearSymbol(a: DecodedSymbol, b: DecodedSymbol): boolean {
  if (a.lineCount <= 0 || b.lineCount <= 0) return false;
  // Measured across the bars (the direction the first reading was read in) and along them.
  const { topLeft, topRight } = a.position;
  const length = Math.hypot(topRight.x - topLeft.x, topRight.y - topLeft.y);
  if (length === 0) return false;
  const across = { x: (topRight.x - topLeft.x) / length, y: (topRight.y - topLeft.y) / length };
  const along = { x: -across.y, y: across.x };
  const [aAcross, bAcross] = [extent(a, across), extent(b, across)];
  const [aAlong, bAlong] = [extent(a, along), extent(b, along)];
  const narrower = Math.min(aAcross.to - aAcross.from, bAcross.to - bAcross.from);
  const overlap = Math.min(aAcross.to, bAcross.to) - Math.max(aAcross.from, bAcross.from);
  const gap = Math.max(aAlong.from, bAlong.from) - Math.min(aAlong.to, bAlong.to);
  return narrower > 0 && overlap >= 0.5 * narrower && gap <= SAME_SYMBOL_GAP * narrower;
}

function extent(symbol: DecodedSymbol, axis: Point): { from: number; to: number } {
  const { topLeft, topRight, bottomRight, bottomLeft } = symbol.position;
  const projections = [topLeft, topRight, bottomRight, bottomLeft].map((p) => p.x * axis.x + p.y * axis.y);
  return { from: Math.min(...projections), to: Math.max(...projections) };
}

/** What a decoder says a symbol holds (zxing's names). */
export interface DecodedContent {
  /** EAN13, Code128, DataMatrix, QRCode… */
  readonly format: string;
  /** The content as encoded ("Plain" text mode): a GS1 element string without parentheses, FNC1 as GS. */
  readonly text: string;
  /** `GS1` when the symbol carries GS1 data (FNC1 in first position). */
  readonly contentType: string;
  /** The AIM symbology identifier, `]` + letter + modifier (`]E0`, `]C0`, `]d2`…); may be empty. */
  readonly symbologyIdentifier: string;
}

/** The GS1 symbology identifier of a format, for a decoder that reports GS1 content without one. */
const GS1_IDENTIFIERS: Readonly<Record<string, string>> = { DataMatrix: ']d2', QRCode: ']Q3', Code128: ']C1' };
const GS1_IDENTIFIER = /^\](d2|Q3|C1|e0|J1)$/;
const GS = '\u001d';

/**
 * The text a decoded symbol is passed on as (to the GS1 parser, a search box, the till):
 *
 * - GS1 content (GS1 DataMatrix, GS1 QR, GS1-128, DataBar): its GS1 symbology identifier, GS for the FNC1
 *   the symbol starts with, then the element string — `]d2` + GS + `0109501101530003` + `17271231` +
 *   `10LOT-42` + GS + `21SN1`. The GS tells the parser that only a real GS separates (a value may hold
 *   `<GS>` as text); the identifier that GS1 data follows.
 * - Anything else as it is — the digits of an EAN-13, a SKU in a Code 128, a Digital Link URL in a QR
 *   Code — unless it would read as a product code on its own while its carrier gives none: then with its
 *   identifier in front (`]C042094043`), so that a Code 128 holding eight digits is not taken for an EAN-8.
 */
export function decodedText(symbol: DecodedContent): string {
  if (symbol.contentType === 'GS1') {
    const identifier = GS1_IDENTIFIER.test(symbol.symbologyIdentifier)
      ? symbol.symbologyIdentifier
      : (GS1_IDENTIFIERS[symbol.format] ?? (symbol.format.startsWith('DataBar') ? ']e0' : ''));
    return `${identifier}${GS}${symbol.text}`;
  }
  if (symbol.symbologyIdentifier === '') return symbol.text;
  const alone = readScan(symbol.text).kind;
  const carried = readScan(symbol.symbologyIdentifier + symbol.text).kind;
  return alone === carried ? symbol.text : symbol.symbologyIdentifier + symbol.text;
}
