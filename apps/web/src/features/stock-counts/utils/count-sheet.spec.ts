import { describe, expect, it } from '@jest/globals';
import { aCountLine } from '../../../test/expiry';
import {
  countsToSave,
  draftsOf,
  lineForScan,
  parseCounted,
  postBlocker,
  sheetLines,
  varianceReport,
  type Drafts,
} from './count-sheet';

const paracetamol1 = aCountLine({ batchId: 'b1', batchNumber: 'LOT-1', expected: 10 });
const paracetamol2 = aCountLine({ batchId: 'b2', batchNumber: 'LOT-2', expected: 4, expiryDate: '2027-09-30' });
const zinc = aCountLine({
  batchId: 'b3',
  productId: 'zinc',
  productName: 'Zinc 10 mg',
  productNameAr: null,
  productSku: 'ZN-10',
  productBarcode: null,
  batchNumber: 'Z-9',
  expected: 0,
});
const lines = [paracetamol1, paracetamol2, zinc];

const sheet = (drafts: Drafts, of = lines) => sheetLines(of, { ...draftsOf(of), ...drafts });

describe('the count sheet', () => {
  it('reads a typed count: empty is not counted, only whole numbers from 0', () => {
    expect(parseCounted('')).toBeNull();
    expect(parseCounted(' 7 ')).toBe(7);
    expect(parseCounted('0')).toBe(0);
    expect(parseCounted('-1')).toBe('invalid');
    expect(parseCounted('2.5')).toBe('invalid');
    expect(parseCounted('1000001')).toBe('invalid');
  });

  it('computes the variance as counted − expected, and asks a reason only when they differ', () => {
    const [short, same, found] = sheet({
      b1: { counted: '8', reason: null },
      b2: { counted: '4', reason: 'miscount' },
      b3: { counted: '2', reason: 'found' },
    });
    expect(short).toMatchObject({ counted: 8, variance: -2, needsReason: true, reason: null, dirty: true });
    // No difference: no reason is kept or sent.
    expect(same).toMatchObject({ counted: 4, variance: 0, needsReason: false, reason: null });
    expect(found).toMatchObject({ counted: 2, variance: 2, needsReason: false, reason: 'found' });
  });

  it('sends only what changed since the server has it, with the reason of a difference', () => {
    const saved = [{ ...paracetamol1, counted: 9, variance: -1, reason: 'damaged' }, paracetamol2, zinc];
    expect(countsToSave(sheet({}, saved))).toBeNull();
    expect(
      countsToSave(
        sheet(
          {
            b1: { counted: '9', reason: 'theft' },
            b2: { counted: '4', reason: null },
          },
          saved,
        ),
      ),
    ).toEqual({
      counts: [
        { batchId: 'b1', counted: 9, reason: 'theft' },
        { batchId: 'b2', counted: 4, reason: null },
      ],
    });
    // A difference without a reason may be saved (the count is kept); posting asks for it.
    expect(countsToSave(sheet({ b3: { counted: '1', reason: null } }))).toEqual({
      counts: [{ batchId: 'b3', counted: 1, reason: null }],
    });
    // A cell left blank is not counted: left out of the body, never sent as "", null or 0 (the API takes numbers only).
    expect(
      countsToSave(
        sheet({
          b1: { counted: '  ', reason: null },
          b2: { counted: '', reason: null },
          b3: { counted: ' 1 ', reason: null },
        }),
      ),
    ).toEqual({ counts: [{ batchId: 'b3', counted: 1, reason: null }] });
  });

  it('refuses a count that is not a whole number, and one emptied after it was saved', () => {
    const saved = [{ ...paracetamol1, counted: 9 }, paracetamol2, zinc];
    const entries = sheet({ b1: { counted: '', reason: null }, b2: { counted: 'x', reason: null } }, saved);
    expect(entries.map((entry) => entry.invalid)).toEqual([true, true, false]);
    expect(countsToSave(entries)).toBeNull();
    expect(postBlocker(entries)).toBe('invalid');
  });

  it('reports the differences and their totals before posting', () => {
    const report = varianceReport(
      sheet({
        b1: { counted: '7', reason: 'damaged' },
        b2: { counted: '4', reason: null },
        b3: { counted: '2', reason: null },
      }),
    );
    expect(report.lines.map((entry) => [entry.line.batchId, entry.variance])).toEqual([
      ['b1', -3],
      ['b3', 2],
    ]);
    expect(report).toMatchObject({
      lineCount: 3,
      counted: 3,
      uncounted: 0,
      over: 2,
      short: 3,
      net: -1,
      missingReasons: 1,
    });
    expect(varianceReport(sheet({}))).toMatchObject({ counted: 0, uncounted: 3, over: 0, short: 0, net: 0 });
  });

  it('posts only what was saved, with a reason for every difference, and something counted', () => {
    expect(postBlocker(sheet({}))).toBe('nothingCounted');
    expect(postBlocker(sheet({ b1: { counted: '7', reason: 'damaged' } }))).toBe('unsaved');
    const savedShort = [{ ...paracetamol1, counted: 7 }, paracetamol2, zinc];
    expect(postBlocker(sheet({}, savedShort))).toBe('missingReason');
    const savedWithReason = [{ ...paracetamol1, counted: 7, reason: 'damaged' }, paracetamol2, zinc];
    expect(postBlocker(sheet({}, savedWithReason))).toBeNull();
  });
});

describe('scanning into the count sheet', () => {
  it('goes to the batch a GS1 code names', () => {
    expect(lineForScan('(01)05012345678900(17)270930(10)LOT-2', lines)).toEqual({ kind: 'line', batchId: 'b2' });
    // The scanner's form: no brackets, the batch (variable length) last.
    expect(lineForScan('01050123456789001727093010LOT-2', lines)).toEqual({ kind: 'line', batchId: 'b2' });
  });

  it("goes to the product's first line for a plain barcode, or a GS1 code of a batch not on the sheet", () => {
    expect(lineForScan('5012345678900', lines)).toEqual({ kind: 'line', batchId: 'b1' });
    expect(lineForScan('(01)05012345678900(10)LOT-404', lines)).toEqual({
      kind: 'otherBatch',
      batchId: 'b1',
      batch: 'LOT-404',
    });
  });

  it('finds a SKU or a batch number typed as it is, in any letter case', () => {
    expect(lineForScan('zn-10', lines)).toEqual({ kind: 'line', batchId: 'b3' });
    expect(lineForScan('lot-2', lines)).toEqual({ kind: 'line', batchId: 'b2' });
  });

  it('says when nothing on the sheet matches', () => {
    expect(lineForScan('4006381333931', lines)).toEqual({ kind: 'notFound', code: '4006381333931' });
    expect(lineForScan('(01)04006381333931(10)X', lines)).toEqual({ kind: 'notFound', code: '04006381333931' });
    expect(lineForScan('aspirin', lines)).toEqual({ kind: 'notFound', code: 'aspirin' });
  });
});
