import sharp from 'sharp';
import { writeBarcode } from 'zxing-wasm/full';
import { zxing } from '../../apps/api/src/catalogue/recognition/barcode-reader';

// Pack photos for the recognition tests (API and browser): drawn here, never downloaded.

export interface Pack {
  /** What a barcode on the pack carries, and its symbology. */
  barcode?: { text: string; format: 'DataMatrix' | 'EAN13' };
  /** The product name, printed large. */
  name?: string;
  /** Small print, one line each ("EXP: 08/2027"). */
  print?: string[];
  as?: 'png' | 'jpeg';
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A pack photo drawn here: the name and small print rendered as text, the barcode by zxing, on a light card. */
export async function packPhoto({ barcode, name, print = [], as = 'png' }: Pack): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="560">
    <rect width="100%" height="100%" fill="#f6f4ee"/>
    ${name ? `<text x="40" y="90" font-family="DejaVu Sans, sans-serif" font-size="46" font-weight="bold" fill="#1a3c6e">${escapeXml(name)}</text>` : ''}
    ${print.map((line, i) => `<text x="40" y="${200 + i * 44}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#222">${escapeXml(line)}</text>`).join('')}
  </svg>`;
  let card = sharp(Buffer.from(svg));
  if (barcode) {
    await zxing();
    const written = await writeBarcode(barcode.text, {
      format: barcode.format,
      scale: barcode.format === 'EAN13' ? 3 : 5,
    });
    if (written.error) throw new Error(written.error);
    const symbol = await sharp(Buffer.from(await written.image!.arrayBuffer()))
      .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    card = sharp(await card.png().toBuffer()).composite([{ input: symbol, top: 170, left: 560 }]);
  }
  return as === 'png' ? card.png().toBuffer() : card.jpeg({ quality: 88 }).toBuffer();
}

/** The GS1 check digit of a code's digits. */
export function gtinCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}
