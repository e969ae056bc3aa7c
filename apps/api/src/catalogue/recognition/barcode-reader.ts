import { readFileSync } from 'node:fs';
import { decodedText, surestReadings } from '@pharmacy/barcodes';
import sharp, { type Metadata } from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/full';

/** Longest side an image is decoded at: a phone photo is scaled down (barcodes survive it), a small one kept. */
const MAX_SIDE = 2000;

export interface DecodedImage {
  format: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** Where a symbol is, as fractions (0 to 1) of the upright image's width and height. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One symbol in a photo. */
export interface FoundSymbol {
  /** What it carries, as the GS1 parser reads it (see `decodedText` in @pharmacy/barcodes). */
  text: string;
  /** zxing's name of its symbology: EAN13, Code128, DataMatrix, QRCode… */
  format: string;
  region: Region;
}

export class UnsupportedImageError extends Error {}

let ready: Promise<unknown> | null = null;

/** zxing's WebAssembly, loaded once from the package (never from a CDN: pharmacies may be offline). */
export function zxing(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/full/zxing_full.wasm')) },
    fireImmediately: true,
  });
  return ready;
}

/**
 * Every barcode in a photo (EAN/UPC, Code 128, DataMatrix, QR, ...), once each:
 * of the readings zxing made of one linear symbol, the one most scan lines agree
 * on (a misread edge line can carry a valid check digit too). The image's real
 * format is read from its bytes: only JPEG, PNG and WebP are accepted, whatever
 * the upload claimed.
 */
export async function readBarcodesIn(image: Buffer): Promise<{ image: DecodedImage; symbols: FoundSymbol[] }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(image).metadata();
  } catch {
    throw new UnsupportedImageError('The file is not an image this server can read.');
  }
  if (metadata.format !== 'jpeg' && metadata.format !== 'png' && metadata.format !== 'webp') {
    throw new UnsupportedImageError(`A ${metadata.format ?? 'file of this kind'} is not a JPEG, PNG or WebP image.`);
  }
  const { data, info } = await sharp(image)
    .rotate() // a phone photo's EXIF orientation
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await zxing();
  const found = await readBarcodes(
    {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      colorSpace: 'srgb',
    },
    // "Plain": GS1 data as encoded, FNC1 as GS. zxing's default ("HRI") prints it in parentheses, which
    // runs together the values of AIs zxing's own table lacks and turns nothing into a separator.
    { tryHarder: true, maxNumberOfSymbols: 8, textMode: 'Plain' },
  );
  const symbols = surestReadings(found.filter((f) => f.isValid && f.text)).map((f) => ({
    text: decodedText(f),
    format: f.format,
    region: symbolRegion(Object.values(f.position), info.width, info.height),
  }));
  return {
    image: { format: metadata.format, width: metadata.width ?? info.width, height: metadata.height ?? info.height },
    symbols,
  };
}

/**
 * The area a symbol covers, with a margin. zxing gives a linear barcode's
 * position as the line it read across the bars, so its height is made up from
 * its width (bars are about as tall as 0.45 of the symbol's width on each side
 * of that line).
 */
function symbolRegion(corners: Array<{ x: number; y: number }>, width: number, height: number): Region {
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = x1 - x0;
  if (y1 - y0 < 0.2 * w) {
    const middle = (y0 + y1) / 2;
    [y0, y1] = [middle - 0.45 * w, middle + 0.45 * w];
  }
  const margin = 0.08 * Math.max(w, y1 - y0);
  [x0, x1, y0, y1] = [x0 - margin, x1 + margin, y0 - margin, y1 + margin];
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return {
    left: clamp(x0, width) / width,
    top: clamp(y0, height) / height,
    width: (clamp(x1, width) - clamp(x0, width)) / width,
    height: (clamp(y1, height) - clamp(y0, height)) / height,
  };
}
