import { sql, type Kysely } from 'kysely';

/**
 * `fold_for_search(text)`: the folding of `foldForSearch` (libs/contracts/src/search-text.ts) in
 * SQL, for the conditions that compare a search term with a column other than the products'
 * `search_text` (which the catalogue projection stores folded already). `like.spec` holds the
 * two to the same answers. `lower` folds only what the database's collation knows; the JS
 * folding, every letter: they agree on the letters of both of the product's languages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION fold_for_search(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN translate(
      regexp_replace(lower(normalize(value, NFKC)), '[\\u0610-\\u061a\\u064b-\\u065f\\u0670\\u06d6-\\u06ed\\u0640]', '', 'g'),
      'آأإٱىیةک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
      'ااااييهك01234567890123456789'
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION fold_for_search(text)`.execute(db);
}
