import { describe, expect, it } from '@jest/globals';
import { validationMessages } from '@pharmacy/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createIntl } from 'react-intl';
import ar from './ar.json';
import en from './en.json';

const catalogues: Record<'en' | 'ar', Record<string, string>> = { en, ar };
const srcDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts')
      ? [path]
      : [];
  });
}

/** Message ids written literally in the source, with the file that uses each. */
function idsUsedInSource(): Map<string, string> {
  const used = new Map<string, string>();
  const patterns = [
    // formatMessage({ id: '...' }), defineMessages({ x: { id: '...' } }) and message descriptor objects
    /\bid:\s*'([^']+)'/g,
    // <FormattedMessage id="..." />
    /<FormattedMessage\b[^>]*?\bid=["']([^"']+)["']/g,
  ];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        if (match[1]) used.set(match[1], relative(srcDir, file));
      }
    }
  }
  return used;
}

/** Ids built at run time; each must be listed here with the complete set it can produce. */
const dynamicIds = Object.keys(validationMessages).map((key) => `validation.${key}`);

/** Top-level ICU argument names, e.g. `{count, plural, ...}` -> count. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1] ?? '').sort();
}

describe('message catalogues', () => {
  it('have the same ids in English and Arabic', () => {
    const enIds = Object.keys(en).sort();
    const arIds = Object.keys(ar).sort();
    expect(arIds.filter((id) => !enIds.includes(id))).toEqual([]);
    expect(enIds.filter((id) => !arIds.includes(id))).toEqual([]);
  });

  it('contain every id the source uses', () => {
    const used = idsUsedInSource();
    // Guards the scan itself: if the patterns stop matching, this test must not pass silently.
    expect(used.size).toBeGreaterThan(40);
    for (const language of ['en', 'ar'] as const) {
      const missing = [...used].filter(([id]) => !(id in catalogues[language])).map(([id, file]) => `${id} (${file})`);
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it('contain a translation for every shared validation message', () => {
    for (const language of ['en', 'ar'] as const) {
      expect(dynamicIds.filter((id) => !(id in catalogues[language]))).toEqual([]);
    }
    // The English catalogue must say exactly what the server says.
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(en[`validation.${key}` as keyof typeof en]).toBe(text);
    }
  });

  it('have no ids that nothing uses', () => {
    const used = new Set([...idsUsedInSource().keys(), ...dynamicIds]);
    expect(Object.keys(en).filter((id) => !used.has(id))).toEqual([]);
  });

  it('only use literal ids, so the scan above sees every one', () => {
    const dynamic = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/formatMessage\(\s*\{\s*id:\s*([^'\s][^}]*)\}/g)]
        .map((match) => match[1]?.trim() ?? '')
        // The one sanctioned dynamic id; `dynamicIds` above lists everything it can produce.
        .filter((expression) => !expression.startsWith('`validation.${'))
        .map((expression) => `${relative(srcDir, file)}: ${expression}`),
    );
    expect(dynamic).toEqual([]);
  });

  it('parse as ICU messages and use the same arguments in both languages', () => {
    const errors: string[] = [];
    for (const language of ['en', 'ar'] as const) {
      const intl = createIntl({
        locale: language,
        messages: catalogues[language],
        onError: (error) => errors.push(`${language}: ${error.message}`),
      });
      for (const id of Object.keys(en)) {
        intl.formatMessage(
          { id: id as keyof typeof en },
          {
            count: 3,
            name: 'x',
            id: 'x',
            hotkey: 'F8',
            language: 'x',
            email: 'x',
            example: 'x',
            username: 'x',
            pharmacy: 'x',
            page: 2,
            from: 1,
            to: 50,
            total: 120,
            date: 'x',
            batch: 'x',
            recorded: 'x',
            expiry: 'x',
            code: 'x',
            type: 'x',
            value: 'x',
            amount: 'x',
            confidence: 90,
            expired: 4,
            critical: 2,
            available: 3,
            quantity: 5,
            price: 'x',
            number: 'x',
            max: 4,
            reason: 'x',
            refund: 'x',
            change: 'x',
            days: 30,
          },
        );
      }
    }
    expect(errors).toEqual([]);
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect({ id, args: argumentsOf(ar[id]) }).toEqual({ id, args: argumentsOf(en[id]) });
    }
  });

  it('write Arabic in Arabic script (language names excepted)', () => {
    const endonyms = new Set(['language.en']);
    const notArabic = Object.entries(ar).filter(([id, text]) => !endonyms.has(id) && !/[\u0600-\u06FF]/.test(text));
    expect(notArabic).toEqual([]);
  });
});
