import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Pool } from 'pg';
import { foldForSearch } from '@pharmacy/contracts';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness';

/** `fold_for_search` (migration FoldForSearch) gives the answers `foldForSearch` gives, in the database every process uses. */
describe('fold_for_search in SQL', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const texts = [
    'Amoxicillin 500 MG',
    'Augmentin — Amoxicillin/Clavulanate',
    'أموكسيسيلين ٥٠٠ ملغ',
    'إيبوبروفين آمن ٱلدواء',
    'بَارَاسِيتَامُول شـــراب',
    'مستشفى صيدلية',
    'کريم ی ۶۲۹۱۰۴',
    '\ufefb\ufe8d',
    'AER-0156 5012345678900',
  ];

  it.each(texts)('folds %p as the server and the offline till do', async (text) => {
    const { rows } = await pool.query<{ folded: string }>('SELECT fold_for_search($1) AS folded', [text]);
    expect(rows[0]!.folded).toBe(foldForSearch(text));
  });

  it('is NULL for NULL (a product without an Arabic name)', async () => {
    const { rows } = await pool.query<{ folded: string | null }>('SELECT fold_for_search(NULL) AS folded');
    expect(rows[0]!.folded).toBeNull();
  });
});
