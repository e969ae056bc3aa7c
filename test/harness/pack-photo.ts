import sharp from 'sharp';
import { writeBarcode } from 'zxing-wasm/full';
import { zxing } from '../../apps/api/src/catalogue/recognition/barcode-reader';

// Pack photos for the recognition tests (API and browser): drawn here, never downloaded.

export interface PackSymbol {
  /**
   * What the symbol carries. For DataMatrix, QR Code and Code 128, text in parentheses
   * (`(01)…(17)…`) is written as GS1 data (GS1 DataMatrix, GS1 QR, GS1-128), as packs carry it.
   */
  text: string;
  format: 'DataMatrix' | 'EAN13' | 'Code128' | 'QRCode';
  /** Where its top-left corner goes on the 960 × 560 card; beside the print by default. */
  at?: { left: number; top: number };
  /**
   * EAN-13 only: the bars of this other EAN-13 over the symbol's top edge for a few lines, as a
   * creased or half-torn label shows them: a decoder reads it there, with a valid check digit.
   */
  edgeOf?: string;
}

export interface Pack {
  /** What a barcode on the pack carries, and its symbology. */
  barcode?: PackSymbol;
  /** More symbols on the same card (another pack's barcode beside this one's). */
  barcodes?: PackSymbol[];
  /** The product name, printed large. */
  name?: string;
  /** Small print, one line each ("EXP: 08/2027"). */
  print?: string[];
  as?: 'png' | 'jpeg';
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Lines of the other code drawn over an EAN-13's top edge (`edgeOf`): a few, as a misread edge is. */
const EDGE_LINES = 6;
const QUIET = 20;

/** A pack photo drawn here: the name and small print rendered as text, the barcodes by zxing, on a light card. */
export async function packPhoto({ barcode, barcodes = [], name, print = [], as = 'png' }: Pack): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="560">
    <rect width="100%" height="100%" fill="#f6f4ee"/>
    ${name ? `<text x="40" y="90" font-family="DejaVu Sans, sans-serif" font-size="46" font-weight="bold" fill="#1a3c6e">${escapeXml(name)}</text>` : ''}
    ${print.map((line, i) => `<text x="40" y="${200 + i * 44}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#222">${escapeXml(line)}</text>`).join('')}
  </svg>`;
  const symbols = barcode ? [barcode, ...barcodes] : barcodes;
  let card = sharp(Buffer.from(svg));
  if (symbols.length > 0) {
    const drawn = await Promise.all(symbols.map(drawSymbol));
    card = sharp(await card.png().toBuffer()).composite(
      drawn.map((input, i) => ({ input, top: symbols[i]?.at?.top ?? 170, left: symbols[i]?.at?.left ?? 560 })),
    );
  }
  return as === 'png' ? card.png().toBuffer() : card.jpeg({ quality: 88 }).toBuffer();
}

async function drawSymbol({ text, format, edgeOf }: PackSymbol): Promise<Buffer> {
  const bars = await written(text, format);
  const symbol = sharp(bars).extend({ top: QUIET, bottom: QUIET, left: QUIET, right: QUIET, background: '#ffffff' });
  if (edgeOf === undefined) return symbol.flatten({ background: '#ffffff' }).png().toBuffer();
  const other = await written(edgeOf, 'EAN13');
  const { width = 0 } = await sharp(other).metadata();
  const edge = await sharp(other).extract({ left: 0, top: 0, width, height: EDGE_LINES }).png().toBuffer();
  const framed = await symbol.flatten({ background: '#ffffff' }).png().toBuffer();
  return sharp(framed)
    .composite([{ input: edge, top: QUIET, left: QUIET }])
    .png()
    .toBuffer();
}

async function written(text: string, format: PackSymbol['format']): Promise<Buffer> {
  await zxing();
  const result = await writeBarcode(text, {
    format,
    scale: format === 'EAN13' || format === 'Code128' ? 3 : 5,
    options: format !== 'EAN13' && text.startsWith('(') ? 'gs1' : '',
  });
  if (result.error) throw new Error(result.error);
  return sharp(Buffer.from(await result.image!.arrayBuffer()))
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** The GS1 check digit of a code's digits. */
export function gtinCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}
