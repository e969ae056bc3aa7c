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

export class UnsupportedImageError extends Error {}

let ready: Promise<unknown> | null = null;

/** zxing's WebAssembly, loaded once from the package (never from a CDN: pharmacies may be offline). */
function zxing(): Promise<unknown> {
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
export async function readBarcodesIn(image: Buffer): Promise<{ image: DecodedImage; texts: string[] }> {
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
  return {
    image: { format: metadata.format, width: metadata.width ?? info.width, height: metadata.height ?? info.height },
    texts: found
      .filter((f) => f.isValid && f.text)
      .map((f) => (f.symbologyIdentifier && f.contentType === 'GS1' ? `${f.symbologyIdentifier}${f.text}` : f.text)),
  };
}
