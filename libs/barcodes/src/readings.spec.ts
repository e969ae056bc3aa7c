import { describe, expect, it } from '@jest/globals';
import { readScan } from './gs1';
import { decodedText, surestReadings, type DecodedSymbol, type SymbolPosition } from './readings';

/** A reading at a rectangle (x0, y0)–(x1, y1), read on `lineCount` lines, named by its text. */
function at(text: string, [x0, y0, x1, y1]: [number, number, number, number], lineCount: number) {
  const position: SymbolPosition = {
    topLeft: { x: x0, y: y0 },
    topRight: { x: x1, y: y0 },
    bottomRight: { x: x1, y: y1 },
    bottomLeft: { x: x0, y: y1 },
  };
  return { text, position, lineCount } satisfies DecodedSymbol & { text: string };
}

const texts = (readings: ReadonlyArray<{ text: string }>) => readings.map((reading) => reading.text);

describe('surestReadings (issue 28, item 15)', () => {
  it('keeps the reading of a symbol most lines agreed on, not a misread edge line found first', () => {
    const edge = at('5012345678900', [33, 0, 317, 3], 4);
    const real = at('4006381333931', [33, 4, 317, 150], 146);
    expect(texts(surestReadings([edge, real]))).toEqual(['4006381333931']);
    expect(texts(surestReadings([real, edge]))).toEqual(['4006381333931']);
  });

  it('takes a misread just beyond the lines of the real code as the same symbol', () => {
    const real = at('4006381333931', [60, 30, 345, 180], 150);
    const beyond = at('5012345678900', [60, 200, 345, 205], 5);
    expect(texts(surestReadings([beyond, real]))).toEqual(['4006381333931']);
  });

  it('keeps the first of two readings on the same bars read on as many lines', () => {
    expect(texts(surestReadings([at('A', [0, 0, 100, 10], 5), at('B', [0, 10, 100, 20], 5)]))).toEqual(['A']);
  });

  it('keeps codes side by side, and one printed below another, as different symbols', () => {
    const left = at('4006381333931', [0, 0, 280, 150], 150);
    const right = at('5012345678900', [400, 0, 680, 150], 150);
    const below = at('96385074', [0, 220, 280, 360], 140);
    expect(texts(surestReadings([left, right, below]))).toEqual(['4006381333931', '5012345678900', '96385074']);
  });

  it('never merges a matrix symbol (DataMatrix, QR) with anything', () => {
    const ean = at('4006381333931', [0, 0, 280, 150], 150);
    const dataMatrix = at(']d2…', [0, 0, 120, 120], 0);
    expect(texts(surestReadings([ean, dataMatrix]))).toEqual(['4006381333931', ']d2…']);
  });

  it('measures along the bars of a symbol turned a quarter', () => {
    // Bars running across the image: the lines read go down the page.
    const turned = (text: string, x: number, lineCount: number) => ({
      text,
      lineCount,
      position: {
        topLeft: { x, y: 0 },
        topRight: { x, y: 280 },
        bottomRight: { x: x + 10, y: 280 },
        bottomLeft: { x: x + 10, y: 0 },
      },
    });
    expect(texts(surestReadings([turned('edge', 0, 3), turned('real', 12, 140)]))).toEqual(['real']);
    expect(texts(surestReadings([turned('one', 0, 140), turned('other', 300, 140)]))).toEqual(['one', 'other']);
  });
});

describe('decodedText: what a decoded symbol is passed on as', () => {
  const GS = '\u001d';
  const symbol = (format: string, symbologyIdentifier: string, text: string, contentType = 'Text') => ({
    format,
    symbologyIdentifier,
    text,
    contentType,
  });

  it.each([
    ['an EAN-13: its digits', symbol('EAN13', ']E0', '4006381333931'), '4006381333931'],
    ['a SKU in a Code 128: as it is', symbol('Code128', ']C0', 'SKU-00042'), 'SKU-00042'],
    [
      'eight digits in a Code 128: with ]C0, so no EAN-8 is made of them',
      symbol('Code128', ']C0', '42094043'),
      ']C042094043',
    ],
    [
      'an element string in a plain DataMatrix: with ]d1',
      symbol('DataMatrix', ']d1', '(01)09506000134352'),
      ']d1(01)09506000134352',
    ],
    [
      'a Digital Link in a QR Code: as it is',
      symbol('QRCode', ']Q1', 'https://id.gs1.org/01/09506000134352'),
      'https://id.gs1.org/01/09506000134352',
    ],
    [
      'a GS1 DataMatrix: ]d2, FNC1 as GS, the data',
      symbol('DataMatrix', ']d2', `0109506000134352${'10A<GS>B'}`, 'GS1'),
      `]d2${GS}010950600013435210A<GS>B`,
    ],
    [
      'GS1-128 without an identifier from the decoder: ]C1 from the format',
      symbol('Code128', '', '0109506000134352', 'GS1'),
      `]C1${GS}0109506000134352`,
    ],
    ['GS1 DataBar', symbol('DataBarExp', ']e0', '0109506000134352', 'GS1'), `]e0${GS}0109506000134352`],
  ])('%s', (_, decoded, expected) => {
    expect(decodedText(decoded)).toBe(expected);
  });

  it('gives the parser what the symbol carries: <GS> in a GS1 value is data, a Code 128 gives no GTIN', () => {
    expect(readScan(decodedText(symbol('DataMatrix', ']d2', '0109506000134352' + '10A<GS>B', 'GS1')))).toMatchObject({
      kind: 'gs1',
      data: { gtin: '09506000134352', batch: 'A<GS>B' },
    });
    expect(readScan(decodedText(symbol('Code128', ']C0', '42094043')))).toMatchObject({
      kind: 'text',
      text: '42094043',
    });
  });
});
