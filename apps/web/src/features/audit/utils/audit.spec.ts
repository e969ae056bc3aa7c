import { describe, expect, it } from '@jest/globals';
import type { PeriodReport } from '@pharmacy/contracts';
import { createIntl } from 'react-intl';
import ar from '../../../i18n/ar.json';
import en from '../../../i18n/en.json';
import { eventTypeGroups, eventTypeText } from './event-types';
import {
  dayOf,
  endOfDay,
  isRecordedLate,
  localInstant,
  shortStream,
  startOfDay,
  timeOfDay,
  wholeDays,
} from './instants';
import { movementColumns, movementKinds, movementLabel, movementText, signedPacks } from './movements';
import { periodReportCsvRows, periodReportFileName, buildPeriodReportCsv } from './period-report-csv';
import { referenceText } from './references';

const english = createIntl({ locale: 'en', messages: en });
const arabic = createIntl({ locale: 'ar', messages: ar });

describe('kinds of movement', () => {
  it('name every kind the ledger writes, in both languages', () => {
    // projections/src/ledger/movements.ts writes these; each needs words of its own.
    for (const kind of movementKinds) {
      expect(movementLabel(kind)).not.toBeNull();
      expect(movementText(english, kind)).not.toBe(kind);
      expect(movementText(arabic, kind)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(movementText(english, 'sold')).toBe('Sold');
    expect(movementText(arabic, 'received')).toBe('مستلم');
  });

  it('fall back to the ledger’s own name for a kind this version does not know', () => {
    expect(movementLabel('teleported')).toBeNull();
    expect(movementText(english, 'teleported')).toBe('teleported');
    expect(movementText(arabic, 'teleported')).toBe('teleported');
    // Inherited object keys are not kinds.
    expect(movementLabel('constructor')).toBeNull();
    expect(movementText(english, 'toString')).toBe('toString');
  });

  it('give a period report a column per kind with a non-zero total: known ones in order, unknown ones after', () => {
    expect(
      movementColumns([
        { sold: -4, adjusted: -1, received: 0 },
        { teleported: 2, received: 10, dispatched: 0, aardvark: -1 },
      ]),
    ).toEqual(['received', 'adjusted', 'sold', 'aardvark', 'teleported']);
    expect(movementColumns([{}, { sold: 0 }])).toEqual([]);
  });
});

describe('signed packs', () => {
  it('carry their sign and no direction marks, in both languages', () => {
    for (const intl of [english, arabic]) {
      expect(signedPacks(intl, 10)).toBe('+10');
      expect(signedPacks(intl, -5)).toBe('-5');
      expect(signedPacks(intl, 0)).toBe('0');
    }
    expect(signedPacks(english, -1200)).toBe('-1,200');
  });
});

describe('event types', () => {
  it('are listed once each, and named in both languages', () => {
    const types = eventTypeGroups.flatMap((group) => [...group.types]);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual(expect.arrayContaining(['BatchReceived', 'SaleCompleted', 'TransferStockArrived']));
    for (const type of types) {
      expect(eventTypeText(english, type)).not.toBe(type);
      expect(eventTypeText(arabic, type)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(eventTypeText(english, 'BatchReceived')).toBe('Batch received');
    expect(eventTypeText(english, 'SomethingNew')).toBe('SomethingNew');
  });
});

describe('recorded late', () => {
  const at = '2026-11-17T11:00:00.000Z';
  it('is an event written more than a minute after it happened', () => {
    expect(isRecordedLate(at, '2026-11-17T11:00:00.000Z')).toBe(false);
    expect(isRecordedLate(at, '2026-11-17T11:00:59.999Z')).toBe(false);
    expect(isRecordedLate(at, '2026-11-17T11:01:00.000Z')).toBe(false);
    expect(isRecordedLate(at, '2026-11-17T11:01:00.001Z')).toBe(true);
    // A receipt entered the next morning for the evening before.
    expect(isRecordedLate('2026-11-16T19:30:00+03:00', '2026-11-17T08:05:00+03:00')).toBe(true);
  });

  it('is never an event written before its business time, nor one whose times cannot be read', () => {
    expect(isRecordedLate(at, '2026-11-17T10:00:00.000Z')).toBe(false);
    expect(isRecordedLate('not a time', at)).toBe(false);
    expect(isRecordedLate(at, '')).toBe(false);
  });
});

describe('instants on the browser’s clock', () => {
  it('turn a day and a time of day into the instant the server expects', () => {
    const instant = localInstant('2026-11-17', '14:00');
    expect(instant).toBe(new Date(2026, 10, 17, 14, 0, 0).toISOString());
    expect(localInstant('2026-11-17', '14:00:30')).toBe(new Date(2026, 10, 17, 14, 0, 30).toISOString());
    // Round trip: the time field shows what was asked for.
    expect(timeOfDay(new Date(instant!))).toBe('14:00:00');
    expect(dayOf(new Date(instant!))).toBe('2026-11-17');
  });

  it('refuse a day or a time that does not exist', () => {
    expect(localInstant('2026-02-30', '10:00')).toBeNull();
    expect(localInstant('2026-11-17', '24:00')).toBeNull();
    expect(localInstant('2026-11-17', '10:60')).toBeNull();
    expect(localInstant('2026-11-17', '')).toBeNull();
    expect(localInstant('', '10:00')).toBeNull();
  });

  it('cover whole days, from the first midnight to the last millisecond of the last day', () => {
    const period = wholeDays('2026-11-01', '2026-11-30');
    expect(period).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(new Date(2026, 11, 1).getTime() - 1).toISOString(),
    });
    expect(startOfDay('2026-11-17')).toBe(new Date(2026, 10, 17).toISOString());
    expect(Date.parse(endOfDay('2026-11-17')!) - Date.parse(startOfDay('2026-11-17')!)).toBeGreaterThan(22 * 3600_000);
    expect(wholeDays('2026-11-01', 'tomorrow')).toBeNull();
  });

  it('shorten a stream id to its kind and the start of its id', () => {
    expect(shortStream('stock-5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01')).toBe('stock-5b0f2c1e');
    expect(shortStream('transfer-9a1b2c3d-0000-4000-8000-00000000ab12')).toBe('transfer-9a1b2c3d');
    expect(shortStream('unique-sku-PAR-500')).toBe('unique-sku-PAR-500');
  });
});

describe('movement references', () => {
  const sale = '9a1b2c3d-0000-4000-8000-00000000ab12';
  it('name the sale, transfer or count a movement belongs to', () => {
    expect(referenceText(english, 'sold', sale)).toBe('Sale #0000AB12');
    expect(referenceText(english, 'dispatched', sale)).toBe('Transfer #0000AB12');
    expect(referenceText(english, 'counted', sale)).toBe('Count #0000AB12');
    expect(referenceText(arabic, 'sold', sale)).toBe('البيع رقم 0000AB12');
  });

  it('say the reason of an adjustment or a write-off in the reader’s language, and the rate of a discount', () => {
    expect(referenceText(english, 'adjusted', 'damaged')).toBe('Damaged');
    expect(referenceText(arabic, 'written_off', 'recalled')).toBe('مسحوب من السوق');
    expect(referenceText(english, 'discounted', '25.00')).toBe('25%');
    expect(referenceText(english, 'adjusted', 'a reason from the future')).toBe('a reason from the future');
    expect(referenceText(english, 'received', null)).toBe('');
  });
});

const report: PeriodReport = {
  pharmacyId: 'p1',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-30T23:59:59.999Z',
  products: [
    {
      productId: 'a',
      productName: 'Paracetamol 500 mg',
      productNameAr: 'باراسيتامول ٥٠٠ ملغ',
      productSku: 'PAR-500',
      opening: 10,
      closing: 15,
      movements: { received: 10, sold: -4, adjusted: -1 },
      batches: [
        {
          batchId: 'b1',
          batchNumber: 'LOT-1',
          expiryDate: '2027-03-31',
          opening: 10,
          closing: 5,
          movements: { sold: -4, adjusted: -1 },
        },
        {
          batchId: 'b2',
          batchNumber: 'LOT-2',
          expiryDate: '2027-06-30',
          opening: 0,
          closing: 10,
          movements: { received: 10 },
        },
      ],
    },
    {
      productId: 'c',
      productName: 'Cough syrup',
      productNameAr: null,
      productSku: '=CMD()',
      opening: 3,
      closing: 3,
      movements: {},
      batches: [{ batchId: 'b3', batchNumber: 'S-9', expiryDate: '2026-12-31', opening: 3, closing: 3, movements: {} }],
    },
  ],
  totals: { opening: 13, closing: 18, movements: { received: 10, sold: -4, adjusted: -1 } },
};

const labels = {
  product: 'Product',
  sku: 'SKU',
  batch: 'Batch',
  expiryDate: 'Expiry date',
  opening: 'Opening',
  closing: 'Closing',
  total: 'Total',
  movement: (kind: string) => movementText(english, kind),
};

describe('the period report as CSV', () => {
  it('has a line per product, then its batches, then the totals; one column per kind of movement it has', () => {
    expect(periodReportCsvRows(report, { labels, language: 'en' })).toEqual([
      ['Product', 'SKU', 'Batch', 'Expiry date', 'Opening', 'Received', 'Adjusted', 'Sold', 'Closing'],
      ['Paracetamol 500 mg', 'PAR-500', '', '', 10, 10, -1, -4, 15],
      ['Paracetamol 500 mg', 'PAR-500', 'LOT-1', '2027-03-31', 10, 0, -1, -4, 5],
      ['Paracetamol 500 mg', 'PAR-500', 'LOT-2', '2027-06-30', 0, 10, 0, 0, 10],
      ['Cough syrup', '=CMD()', '', '', 3, 0, 0, 0, 3],
      ['Cough syrup', '=CMD()', 'S-9', '2026-12-31', 3, 0, 0, 0, 3],
      ['Total', '', '', '', 13, 10, -1, -4, 18],
    ]);
  });

  it('names products in Arabic when there is an Arabic name, and keeps the others', () => {
    const rows = periodReportCsvRows(report, { labels, language: 'ar' });
    expect(rows.map((row) => row[0])).toEqual([
      'Product',
      'باراسيتامول ٥٠٠ ملغ',
      'باراسيتامول ٥٠٠ ملغ',
      'باراسيتامول ٥٠٠ ملغ',
      'Cough syrup',
      'Cough syrup',
      'Total',
    ]);
  });

  it('starts with the byte order mark, and defuses cells a spreadsheet would run', () => {
    const csv = buildPeriodReportCsv(report, { labels, language: 'en' });
    expect(csv.startsWith('\uFEFFProduct,SKU,Batch')).toBe(true);
    expect(csv).toContain("Cough syrup,'=CMD(),,,3,0,0,0,3\r\n");
    expect(csv.endsWith('Total,,,,13,10,-1,-4,18\r\n')).toBe(true);
  });

  it('is named after the pharmacy and the period', () => {
    expect(periodReportFileName('Al-Shifa Pharmacy — Downtown', '2026-11-01', '2026-11-30')).toBe(
      'period-report-al-shifa-pharmacy-downtown-2026-11-01-2026-11-30.csv',
    );
    expect(periodReportFileName('Café Pharmacie', '2026-11-01', '2026-11-01')).toBe(
      'period-report-cafe-pharmacie-2026-11-01-2026-11-01.csv',
    );
    expect(periodReportFileName('صيدلية', '2026-11-01', '2026-11-02')).toBe(
      'period-report-pharmacy-2026-11-01-2026-11-02.csv',
    );
  });
});
