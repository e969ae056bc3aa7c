import { describe, expect, it } from '@jest/globals';
import { escapeCsvField, toCsv, UTF8_BOM } from './csv';

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends rows with CRLF', () => {
    const csv = toCsv([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe(`${UTF8_BOM}a,b\r\n1,2\r\n`);
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(escapeCsvField('plain')).toBe('plain');
    expect(escapeCsvField('Amman, Jordan')).toBe('"Amman, Jordan"');
    expect(escapeCsvField('The "Main" branch')).toBe('"The ""Main"" branch"');
    expect(escapeCsvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(escapeCsvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes empty cells for missing values', () => {
    expect(toCsv([['a', null, undefined, 'd']])).toBe(`${UTF8_BOM}a,,,d\r\n`);
  });

  it('keeps Arabic text as it is', () => {
    expect(toCsv([['صيدلية الشفاء', 'عمّان، شارع الجامعة']])).toBe(`${UTF8_BOM}صيدلية الشفاء,عمّان، شارع الجامعة\r\n`);
  });

  it('defuses cells a spreadsheet would run as formulas, but not phone numbers', () => {
    expect(escapeCsvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(escapeCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvField('+962 6 555 0100')).toBe('+962 6 555 0100');
    expect(escapeCsvField('-cmd')).toBe("'-cmd");
  });
});
