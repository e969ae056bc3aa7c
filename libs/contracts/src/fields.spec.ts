import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { canonicalId, findUnstorableText, idSchema, isStorableText, optionalIdSchema } from './fields';

/** Text PostgreSQL stores: any well-formed string without NUL. */
const storable = fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'));
const loneSurrogate = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdbff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
/**
 * Something that breaks a string for PostgreSQL, placed anywhere in otherwise
 * good text (well-formed text never ends in a high surrogate nor starts with a
 * low one, so the inserted surrogate cannot pair up with its neighbours).
 */
const poisoned = fc
  .tuple(storable, fc.oneof(fc.constant('\u0000'), loneSurrogate), storable)
  .map(([before, bad, after]) => ({ text: `${before}${bad}${after}`, bad }));

describe('text the database can store', () => {
  it('accepts every well-formed string without NUL (Arabic, emoji, controls for direction)', () => {
    fc.assert(fc.property(storable, (text) => isStorableText(text)));
    expect(isStorableText('صيدلية 💊 \u202bنص\u202c')).toBe(true);
  });

  it('refuses NUL and every unpaired surrogate, wherever it stands', () => {
    fc.assert(fc.property(poisoned, ({ text }) => !isStorableText(text)));
  });

  it('names the path of the first bad string in a nested body, keys included', () => {
    fc.assert(
      fc.property(fc.array(storable, { maxLength: 5 }), poisoned, fc.nat(5), (good, { text }, at) => {
        const items = [...good];
        const index = Math.min(at, items.length);
        items.splice(index, 0, text);
        const body = { ok: 'fine', lines: items.map((name) => ({ name })) };
        return findUnstorableText(body) === `lines.${index}.name`;
      }),
    );
    expect(findUnstorableText({ ['a\u0000']: 1 })).toBe('a\u0000');
    expect(findUnstorableText('x\u0000')).toBe('body');
    expect(findUnstorableText({ n: 1, b: true, z: null, list: [1, 'ok'] })).toBeNull();
  });
});

describe('ids in one canonical spelling', () => {
  const uuid = fc.uuid();
  const anyCase = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

  it('maps every spelling of an id to the lower-case one, in bodies and in paths', () => {
    fc.assert(
      fc.property(
        uuid.chain((id) => anyCase(id).map((spelled) => ({ id, spelled }))),
        ({ id, spelled }) =>
          idSchema().parse(spelled) === id &&
          idSchema().parse(` ${spelled} `) === id &&
          optionalIdSchema().parse(spelled) === id &&
          canonicalId(spelled) === id,
      ),
    );
  });

  it('refuses what is not an id, and reads an empty optional id as none', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\s*[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\s*$/i.test(s)),
        (text) => !idSchema().safeParse(text).success && canonicalId(text) === null,
      ),
    );
    expect(optionalIdSchema().parse('')).toBeNull();
    expect(optionalIdSchema().parse(undefined)).toBeNull();
  });
});
