import { describe, expect, it } from '@jest/globals';
import { parseScan } from '@pharmacy/domain';
import sharp from 'sharp';
import { writeBarcode } from 'zxing-wasm/full';
import { readBarcodesIn, zxing } from './barcode-reader';

/**
 * Symbols generated here with zxing's writer, read back as a photo is, and passed to the GS1 parser: every
 * carrier gives what its symbology may carry (issue 28, items 12, 13 and 16).
 */

const now = new Date('2026-06-01T00:00:00Z');
const GS = '\u001d';
const G = '09506000134352';

/** A PNG of one symbol on a white card; text in parentheses is written as GS1 data where the format has it. */
async function symbol(text: string, format: 'DataMatrix' | 'QRCode' | 'Code128' | 'EAN13' | 'EAN8', gs1 = false) {
  await zxing();
  const written = await writeBarcode(text, {
    format,
    scale: format === 'DataMatrix' || format === 'QRCode' ? 5 : 3,
    options: gs1 ? 'gs1' : '',
  });
  if (written.error) throw new Error(written.error);
  return sharp(Buffer.from(await written.image!.arrayBuffer()))
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

describe('generated symbols, read as a photo and parsed', () => {
  it.each([
    [
      'GS1 DataMatrix',
      symbol(`(01)${G}(17)271231(10)LOT-1(21)S1`, 'DataMatrix', true),
      { format: 'DataMatrix', text: `]d2${GS}01${G}1727123110LOT-1${GS}21S1` },
      { kind: 'gs1', gtin: G, data: { expiryDate: '2027-12-31', batch: 'LOT-1', serial: 'S1' } },
    ],
    [
      'GS1 QR Code',
      symbol(`(01)${G}(17)271200(10)LOT-2`, 'QRCode', true),
      { format: 'QRCode', text: `]Q3${GS}01${G}1727120010LOT-2` },
      { kind: 'gs1', gtin: G, data: { expiryDate: '2027-12-31', batch: 'LOT-2' } },
    ],
    [
      'GS1-128',
      symbol(`(01)${G}(17)271231(10)LOT-3`, 'Code128', true),
      { format: 'Code128', text: `]C1${GS}01${G}1727123110LOT-3` },
      { kind: 'gs1', gtin: G, data: { expiryDate: '2027-12-31', batch: 'LOT-3' } },
    ],
    [
      'GS1 DataMatrix with AIs the old table lacked (7240, 242)',
      symbol(`(01)${G}(7240)PRO-1(242)12(17)271231(10)L4`, 'DataMatrix', true),
      { format: 'DataMatrix' },
      {
        kind: 'gs1',
        gtin: G,
        data: { expiryDate: '2027-12-31', batch: 'L4', other: { '7240': 'PRO-1', '242': '12' } },
      },
    ],
    [
      'GS1 DataMatrix with an ITIP (8006) and no GTIN',
      symbol(`(8006)${G}0102(10)L5`, 'DataMatrix', true),
      { format: 'DataMatrix' },
      { kind: 'gs1', gtin: null, data: { batch: 'L5', other: { '8006': `${G}0102` } } },
    ],
    [
      'GS1 DataMatrix holding "<GS>" in its batch',
      symbol(`(01)${G}(10)A<GS>B(17)271231`, 'DataMatrix', true),
      { format: 'DataMatrix' },
      { kind: 'gs1', gtin: G, data: { batch: 'A<GS>B', expiryDate: '2027-12-31' } },
    ],
    [
      'a Digital Link in a plain QR Code',
      symbol(`https://id.gs1.org/01/${G}/10/L6?17=271231`, 'QRCode'),
      { format: 'QRCode', text: `https://id.gs1.org/01/${G}/10/L6?17=271231` },
      { kind: 'gs1', gtin: G, data: { batch: 'L6', expiryDate: '2027-12-31' } },
    ],
    [
      'an EAN-13',
      symbol('9506000134352', 'EAN13'),
      { format: 'EAN13', text: '9506000134352' },
      { kind: 'gtin', gtin: G },
    ],
    [
      'an EAN-8',
      symbol('96385074', 'EAN8'),
      { format: 'EAN8', text: '96385074' },
      { kind: 'gtin', gtin: '00000096385074' },
    ],
    [
      'eight digits in a plain Code 128: no GTIN',
      symbol('42094043', 'Code128'),
      { format: 'Code128', text: ']C042094043' },
      { kind: 'text', text: '42094043' },
    ],
    [
      'an element string printed into a plain DataMatrix: no GTIN',
      symbol(`(01)${G}(17)271231`, 'DataMatrix'),
      { format: 'DataMatrix', text: `]d1(01)${G}(17)271231` },
      { kind: 'text', text: `(01)${G}(17)271231` },
    ],
    [
      'a SKU in a plain Code 128',
      symbol('SKU-00042', 'Code128'),
      { format: 'Code128', text: 'SKU-00042' },
      { kind: 'text', text: 'SKU-00042' },
    ],
  ])('%s', async (_, image, found, parsed) => {
    const { symbols } = await readBarcodesIn(await image);
    expect(symbols).toHaveLength(1);
    expect(symbols[0]).toMatchObject(found);
    expect(parseScan(symbols[0]?.text ?? '', now)).toMatchObject(parsed);
  });
});
