import { describe, expect, it } from '@jest/globals';
import {
  cameraProblemOf,
  frameTexts,
  productOf,
  READER_OPTIONS,
  REPEAT_AFTER_MS,
  ScanDeduplicator,
  scanText,
  SCANNER_CONSTRAINTS,
  type ScannedBarcode,
} from './barcode-scan';
import { readPackScan } from './gs1';

const GS = '\u001d';

/** A symbol read at the rectangle (x0, y0)–(x1, y1): the lines of a linear symbol, the corners of a matrix one. */
function at([x0, y0, x1, y1]: [number, number, number, number]): ScannedBarcode['position'] {
  return {
    topLeft: { x: x0, y: y0 },
    topRight: { x: x1, y: y0 },
    bottomRight: { x: x1, y: y1 },
    bottomLeft: { x: x0, y: y1 },
  };
}

function barcode(overrides: Partial<ScannedBarcode>): ScannedBarcode {
  return {
    isValid: true,
    text: '',
    format: 'EAN13',
    contentType: 'Text',
    symbologyIdentifier: ']E0',
    position: at([0, 0, 280, 150]),
    lineCount: 150,
    ...overrides,
  };
}

const ean13 = barcode({ text: '5012345678900' });
const gs1DataMatrix = barcode({
  format: 'DataMatrix',
  contentType: 'GS1',
  symbologyIdentifier: ']d2',
  text: `0105012345678900` + `17271231` + `10LOT-42${GS}21SN1`,
  position: at([400, 0, 520, 120]),
  lineCount: 0,
});

describe('reader options', () => {
  it('read the retail, industrial and 2D codes found on medicine packs, trying hard, as encoded', () => {
    expect(READER_OPTIONS.formats).toEqual(['EAN13', 'EAN8', 'UPCA', 'Code128', 'DataMatrix', 'QRCode']);
    expect(READER_OPTIONS.tryHarder).toBe(true);
    expect(READER_OPTIONS.textMode).toBe('Plain');
  });

  it('ask for the rear camera at 720p without insisting', () => {
    expect(SCANNER_CONSTRAINTS).toEqual({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  });
});

describe('scanText', () => {
  it('passes the digits of an EAN-13 on as they are', () => {
    expect(scanText(ean13)).toBe('5012345678900');
  });

  it('passes plain Code 128 and QR content on as it is', () => {
    expect(scanText(barcode({ format: 'Code128', symbologyIdentifier: ']C0', text: 'SKU-00042' }))).toBe('SKU-00042');
    expect(scanText(barcode({ format: 'QRCode', symbologyIdentifier: ']Q1', text: 'https://example.com' }))).toBe(
      'https://example.com',
    );
  });

  it('puts the GS1 symbology identifier and FNC1 (as GS) in front of GS1 content, keeping the group separators', () => {
    expect(scanText(gs1DataMatrix)).toBe(`]d2${GS}01050123456789001727123110LOT-42${GS}21SN1`);
    expect(
      scanText(barcode({ format: 'QRCode', contentType: 'GS1', symbologyIdentifier: ']Q3', text: '0105012345678900' })),
    ).toBe(`]Q3${GS}0105012345678900`);
  });

  it('supplies the identifier from the format when the decoder gave none', () => {
    expect(
      scanText(barcode({ format: 'Code128', contentType: 'GS1', symbologyIdentifier: '', text: '0105012345678900' })),
    ).toBe(`]C1${GS}0105012345678900`);
  });

  it('keeps "<GS>" in a GS1 value as data: the decoder sends FNC1 as a real GS (issue 28, item 12)', () => {
    const dataMatrix = barcode({
      format: 'DataMatrix',
      contentType: 'GS1',
      symbologyIdentifier: ']d2',
      text: `0105012345678900` + `10A<GS>B${GS}17271231`,
    });
    expect(readPackScan(scanText(dataMatrix) ?? '', new Date('2026-01-01'))).toEqual({
      kind: 'gs1',
      gtin: '05012345678900',
      expiryDate: '2027-12-31',
      batch: 'A<GS>B',
    });
  });

  it('makes no product code of a plain Code 128 holding eight digits with a valid check digit (issue 28, item 13)', () => {
    const code128 = barcode({ format: 'Code128', symbologyIdentifier: ']C0', text: '42094043' });
    expect(readPackScan(scanText(code128) ?? '')).toEqual({ kind: 'text', text: '42094043' });
    expect(productOf(scanText(code128) ?? '')).toBeNull();
    // The same digits in an EAN-8 are a product code.
    const ean8 = barcode({ format: 'EAN8', symbologyIdentifier: ']E4', text: '96385074' });
    expect(productOf(scanText(ean8) ?? '')).toBe('00000096385074');
  });

  it('reads a GS1 Digital Link in a QR Code: product, batch and expiry (issue 28, item 16)', () => {
    const link = barcode({
      format: 'QRCode',
      symbologyIdentifier: ']Q1',
      text: 'https://id.gs1.org/01/05012345678900/10/LOT-7?17=271231',
      lineCount: 0,
    });
    expect(readPackScan(scanText(link) ?? '', new Date('2026-01-01'))).toEqual({
      kind: 'gs1',
      gtin: '05012345678900',
      expiryDate: '2027-12-31',
      batch: 'LOT-7',
    });
  });

  it('gives text the web GS1 reader understands: product, expiry and batch', () => {
    expect(readPackScan(scanText(gs1DataMatrix) ?? '', new Date('2026-01-01'))).toEqual({
      kind: 'gs1',
      gtin: '05012345678900',
      expiryDate: '2027-12-31',
      batch: 'LOT-42',
    });
  });

  it('passes nothing on for an invalid or empty read', () => {
    expect(scanText({ ...ean13, isValid: false })).toBeNull();
    expect(scanText({ ...ean13, text: '' })).toBeNull();
  });

  it('lists each code of a frame once', () => {
    expect(frameTexts([ean13, gs1DataMatrix, ean13, { ...ean13, isValid: false }])).toEqual([
      '5012345678900',
      scanText(gs1DataMatrix),
    ]);
  });

  it('takes the reading of an EAN-13 most lines agree on, not a misread edge line read first (issue 28, item 15)', () => {
    const edge = barcode({ text: '4006381333931', position: at([0, 0, 280, 5]), lineCount: 6 });
    const real = barcode({ text: '5012345678900', position: at([0, 6, 280, 150]), lineCount: 144 });
    expect(frameTexts([edge, real])).toEqual(['5012345678900']);
    // Two packs side by side are two codes.
    const beside = barcode({ text: '4006381333931', position: at([400, 0, 680, 150]), lineCount: 150 });
    expect(frameTexts([real, beside])).toEqual(['5012345678900', '4006381333931']);
  });
});

describe('productOf', () => {
  it('names the GTIN-14 of a plain GTIN or of a GS1 string with AI 01', () => {
    expect(productOf('5012345678900')).toBe('05012345678900');
    expect(productOf(scanText(gs1DataMatrix) ?? '')).toBe('05012345678900');
    expect(productOf('SKU-00042')).toBeNull();
  });
});

describe('ScanDeduplicator', () => {
  it('reports a code held in front of the camera once', () => {
    const dedupe = new ScanDeduplicator();
    expect(dedupe.next(['5012345678900'], 0)).toEqual(['5012345678900']);
    for (let now = 200; now <= 10_000; now += 200) expect(dedupe.next(['5012345678900'], now)).toEqual([]);
  });

  it('does not count a frame or two that missed the code as the code leaving', () => {
    const dedupe = new ScanDeduplicator();
    dedupe.next(['5012345678900'], 0);
    expect(dedupe.next([], 200)).toEqual([]);
    expect(dedupe.next([], 400)).toEqual([]);
    expect(dedupe.next(['5012345678900'], 600)).toEqual([]);
  });

  it('reports the code again once it has been out of view for the repeat time', () => {
    const dedupe = new ScanDeduplicator();
    dedupe.next(['5012345678900'], 0);
    expect(dedupe.next([], 1000)).toEqual([]);
    expect(dedupe.next(['5012345678900'], REPEAT_AFTER_MS - 1)).toEqual([]);
    expect(dedupe.next([], 2 * REPEAT_AFTER_MS)).toEqual([]);
    expect(dedupe.next(['5012345678900'], 3 * REPEAT_AFTER_MS)).toEqual(['5012345678900']);
  });

  it('reports different codes in the same frame separately', () => {
    const dedupe = new ScanDeduplicator();
    expect(dedupe.next(['4006381333931', 'SKU-1', 'SKU-1'], 0)).toEqual(['4006381333931', 'SKU-1']);
  });

  it("counts a pack's EAN-13 and GS1 DataMatrix as one pack, preferring the GS1 code", () => {
    const dataMatrix = scanText(gs1DataMatrix) ?? '';
    const together = new ScanDeduplicator();
    expect(together.next(['5012345678900', dataMatrix], 0)).toEqual([dataMatrix]);
    expect(together.next(['5012345678900'], 200)).toEqual([]);

    const eanFirst = new ScanDeduplicator();
    expect(eanFirst.next(['5012345678900'], 0)).toEqual(['5012345678900']);
    expect(eanFirst.next(['5012345678900', dataMatrix], 200)).toEqual([]);
    expect(eanFirst.next([dataMatrix], 400)).toEqual([]);
    // Taken away and shown again: a new pack.
    expect(eanFirst.next([dataMatrix], 400 + REPEAT_AFTER_MS)).toEqual([dataMatrix]);
  });

  it('reports two serialised packs of the same product separately', () => {
    const dedupe = new ScanDeduplicator();
    const first = `]d2010501234567890021A${GS}10B1`;
    const second = `]d2010501234567890021B${GS}10B1`;
    expect(dedupe.next([first], 0)).toEqual([first]);
    expect(dedupe.next([first, second], 200)).toEqual([second]);
  });
});

describe('cameraProblemOf', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });

  it('tells a refused permission from a missing camera and an unsupported browser', () => {
    expect(cameraProblemOf(new DOMException('denied', 'NotAllowedError'))).toBe('permission');
    expect(cameraProblemOf(named('SecurityError'))).toBe('permission');
    expect(cameraProblemOf(named('NotFoundError'))).toBe('unavailable');
    expect(cameraProblemOf(named('NotReadableError'))).toBe('unavailable');
    expect(cameraProblemOf(named('OverconstrainedError'))).toBe('unavailable');
    expect(cameraProblemOf(new TypeError('no constraints'))).toBe('unsupported');
    expect(cameraProblemOf('something else')).toBe('unavailable');
  });
});
