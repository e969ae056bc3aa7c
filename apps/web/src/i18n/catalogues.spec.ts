import { describe, expect, it } from '@jest/globals';
import { validationMessages } from '@pharmacy/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { cataloguePart, firstLoadAreas, partOf } from './areas';
import ar from './ar.json';
import en from './en.json';
import { sourceFiles } from '../test/source-files';

const catalogues: Record<'en' | 'ar', Record<string, string>> = { en, ar };
const srcDir = join(__dirname, '..');

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

/**
 * Source files a module reaches through static imports (not `import()` or
 * `lazy`): what the first screens load with them, and so what must find its
 * messages in the first part of the catalogue.
 */
function staticallyReached(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // The route tree imports every route; the build splits their pages off (the entries name the first screens' routes).
    if (seen.has(file) || file.endsWith('routeTree.gen.ts')) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      if (/^import\s+type\s/.test(match[0])) continue;
      const base = resolve(dirname(file), match[1]!);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
        .map((ext) => base + ext)
        .find((path) => {
          try {
            return /\.tsx?$/.test(path) && readFileSync(path).length >= 0;
          } catch {
            return false;
          }
        });
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(join(srcDir, entry));
  return [...seen];
}

describe('message catalogues', () => {
  it('give the first screens every message they use in the part they download first', () => {
    const reached = staticallyReached([
      'main.tsx',
      'routes/__root.tsx',
      'routes/index.tsx',
      'routes/login.tsx',
      'routes/pharmacist-login.tsx',
      'routes/_authenticated.tsx',
      // Fetched by the root, but part of the first screens: pharmacy selection, the offline sale sending.
      'features/auth/components/pharmacy-selection-screen.tsx',
      'features/pos/components/offline-sale-sync.tsx',
    ]);
    // Guards the walk itself: the dashboard and the shell must be among what it reached.
    expect(reached.map((file) => relative(srcDir, file))).toEqual(
      expect.arrayContaining([
        'features/dashboard/components/dashboard-page.tsx',
        'features/shell/components/app-shell.tsx',
      ]),
    );
    const areas = new Set(Object.keys(en).map((id) => id.slice(0, id.indexOf('.'))));
    const outside = reached.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)]
        .map((match) => match[1]!)
        .filter((area) => areas.has(area) && !firstLoadAreas.has(area))
        .map((area) => `${relative(srcDir, file)}: ${area}`),
    );
    expect(outside).toEqual([]);
  });

  it('split into two parts that together are the whole catalogue', () => {
    for (const messages of [en, ar]) {
      const first = cataloguePart(messages, 'first');
      const rest = cataloguePart(messages, 'rest');
      expect(Object.keys(first).length).toBeGreaterThan(100);
      expect(Object.keys(first).length).toBeLessThan(Object.keys(rest).length);
      expect({ ...first, ...rest }).toEqual(messages);
      expect(Object.keys(first).every((id) => partOf(id) === 'first')).toBe(true);
    }
  });

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
            address: 'x',
            number: 'x',
            max: 4,
            reason: 'x',
            refund: 'x',
            change: 'x',
            days: 30,
            // The audit trail's event sentences (audit.event.*): the facts the server answers.
            product: 'x',
            fromPharmacy: 'x',
            toPharmacy: 'x',
            items: 'x',
            packs: 'x',
            received: 'x',
            batches: 'x',
            adjusted: 'x',
            percent: 'x',
            witness: 'x',
            note: 'x',
            direction: 'x',
            sale: 'x',
            kind: 'x',
            approval: 'x',
            awaiting: 'x',
            words: 'x',
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
