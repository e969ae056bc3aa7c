import { readFileSync } from 'node:fs';
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
 * Every barcode in a photo (EAN/UPC, Code 128, DataMatrix, QR, ...), as the
 * text the symbol carries. The image's real format is read from its bytes:
 * only JPEG, PNG and WebP are accepted, whatever the upload claimed.
 */
export async function readBarcodesIn(
  image: Buffer,
): Promise<{ image: DecodedImage; texts: string[]; regions: Region[] }> {
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
    { tryHarder: true, maxNumberOfSymbols: 8 },
  );
  const valid = found.filter((f) => f.isValid && f.text);
  return {
    image: { format: metadata.format, width: metadata.width ?? info.width, height: metadata.height ?? info.height },
    texts: valid.map((f) =>
      f.symbologyIdentifier && f.contentType === 'GS1' ? `${f.symbologyIdentifier}${f.text}` : f.text,
    ),
    regions: valid.map((f) => symbolRegion(Object.values(f.position), info.width, info.height)),
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
