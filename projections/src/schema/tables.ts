import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { ReadDatabase } from '@pharmacy/read-db';

/**
 * The tables a projection owns, declared beside its handlers: the one place
 * their shape is written. Statements name tables without a schema and run with
 * the target schema first on the search_path, so the same text builds the live
 * tables in `public` and a rebuild's copies in a schema of its own.
 *
 * A change here is a change of the projection's shape: bump its `version`, and
 * the projector rebuilds the tables from the log in the new shape and swaps
 * them in (`installProjectionTables` refuses a changed shape under an old
 * version). No migration is written for them.
 */
export interface ProjectionTables {
  /** `CREATE TABLE` per table (its snake_case name): columns, defaults, checks, primary and unique keys. */
  readonly tables: Readonly<Record<string, string>>;
  /** `CREATE [UNIQUE] INDEX` statements: the unique ones are built before a rebuild's load (upserts need them), the others after it. */
  readonly indexes?: readonly string[];
  /**
   * Types and functions its triggers call, always in `public` (shared by the
   * live tables and a rebuild's copies); created again whenever its tables are.
   */
  readonly functions?: readonly string[];
  /** Triggers on its tables (running totals), added once a rebuild's tables are loaded and their totals filled. */
  readonly triggers?: readonly string[];
}

/** The snake_case names of the tables a declaration owns. */
export function tablesOf(declaration: ProjectionTables): string[] {
  return Object.keys(declaration.tables);
}

/** A digest of the declaration: a different one is a different shape. */
export function fingerprintOf(declaration: ProjectionTables): string {
  const canonical = JSON.stringify([
    Object.entries(declaration.tables).sort(([a], [b]) => a.localeCompare(b)),
    declaration.indexes ?? [],
    declaration.functions ?? [],
    declaration.triggers ?? [],
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const isUnique = (statement: string) => /^\s*CREATE\s+UNIQUE\s+INDEX/i.test(statement);

type Trx = Transaction<ReadDatabase>;

/** Makes the rest of this transaction create and find tables in `schema` first (then `public`). */
async function within(trx: Trx, schema: string): Promise<void> {
  await sql`SELECT set_config('search_path', ${schema === 'public' ? 'public' : `${schema}, public`}, true)`.execute(
    trx,
  );
}

async function run(trx: Trx, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(trx);
}

/** The types and functions of these declarations, (re)created in `public`. */
export async function createFunctions(trx: Trx, declarations: readonly ProjectionTables[]): Promise<void> {
  await within(trx, 'public');
  for (const declaration of declarations) await run(trx, declaration.functions ?? []);
}

/**
 * The tables of these declarations in `schema`, with their keys and unique
 * indexes; `complete` adds the other indexes and the triggers (a new, empty
 * table), else they come later (`createLaterParts`, after a bulk load).
 */
export async function createTables(
  trx: Trx,
  schema: string,
  declarations: readonly ProjectionTables[],
  options: { complete: boolean },
): Promise<void> {
  await within(trx, schema);
  for (const declaration of declarations) {
    await run(trx, Object.values(declaration.tables));
    await run(
      trx,
      (declaration.indexes ?? []).filter((statement) => options.complete || isUnique(statement)),
    );
  }
  if (options.complete) for (const declaration of declarations) await run(trx, declaration.triggers ?? []);
}

/** The indexes that are not unique, built on loaded tables in `schema`. */
export async function createLaterIndexes(trx: Trx, schema: string, declaration: ProjectionTables): Promise<void> {
  await within(trx, schema);
  await run(
    trx,
    (declaration.indexes ?? []).filter((statement) => !isUnique(statement)),
  );
}

/** The triggers of these declarations on their tables in `schema`. */
export async function createTriggers(
  trx: Trx,
  schema: string,
  declarations: readonly ProjectionTables[],
): Promise<void> {
  await within(trx, schema);
  for (const declaration of declarations) await run(trx, declaration.triggers ?? []);
}

/** Drops these declarations' tables from `schema` (their indexes and triggers with them). */
export async function dropTables(trx: Trx, schema: string, declarations: readonly ProjectionTables[]): Promise<void> {
  for (const table of declarations.flatMap(tablesOf)) {
    await sql`DROP TABLE IF EXISTS ${sql.id(schema, table)} CASCADE`.execute(trx);
  }
}
