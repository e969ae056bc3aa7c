import type { Insertable, Transaction } from 'kysely';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { snakeCaseName, type ReadDatabase } from '@pharmacy/read-db';

/**
 * New rows for a projection's tables: plain inserts (no conflict to resolve),
 * the bulk of what a replay writes (sales and their lines, ledger movements,
 * the audit trail, entity history).
 *
 * In the projector they are multi-row INSERTs. In a full rebuild, whose shadow
 * tables nothing else reads until the swap, the rebuild lends the transaction
 * its connection (`copyInto`) and the rows go in with COPY: one text stream
 * per table instead of a statement with a parameter per value, which costs
 * both the Node process and PostgreSQL a fraction (docs/benchmarks.md).
 */
const copyClients = new WeakMap<Transaction<ReadDatabase>, PoolClient>();

/** Lets `insertRows` in this transaction COPY through its connection (the client the transaction runs on). */
export function copyInto(trx: Transaction<ReadDatabase>, client: PoolClient): void {
  copyClients.set(trx, client);
}

type Table = keyof ReadDatabase & string;

/** Rows per INSERT: under PostgreSQL's limit of 65,535 parameters for the widest table. */
const INSERT_CHUNK = 1000;

export async function insertRows<T extends Table>(
  trx: Transaction<ReadDatabase>,
  table: T,
  rows: ReadonlyArray<Insertable<ReadDatabase[T]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const client = copyClients.get(trx);
  if (client) {
    for (const group of byColumns(rows as ReadonlyArray<Record<string, unknown>>)) await copyRows(client, table, group);
    return;
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK) as never)
      .execute();
  }
}

interface ColumnGroup {
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/**
 * Rows grouped by the columns they give a value (undefined is no value, as for
 * an INSERT): COPY names its columns once, and a column left out keeps its default.
 */
function byColumns(rows: ReadonlyArray<Record<string, unknown>>): ColumnGroup[] {
  const groups = new Map<string, ColumnGroup>();
  for (const row of rows) {
    const columns = Object.keys(row).filter((key) => row[key] !== undefined);
    const key = columns.join(',');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns, rows: [] }));
    group.rows.push(row);
  }
  return [...groups.values()];
}

/** Bytes handed to the COPY stream at a time. */
const COPY_CHUNK = 1 << 20;

async function copyRows(client: PoolClient, table: Table, group: ColumnGroup): Promise<void> {
  const columns = group.columns.map((c) => `"${snakeCaseName(c)}"`).join(', ');
  // Unqualified, so the transaction's search_path (the rebuild's shadow schema first) decides.
  const stream = client.query(copyFrom(`COPY "${snakeCaseName(table)}" (${columns}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let text = '';
  for (const row of group.rows) {
    text += group.columns.map((column) => copyText(row[column])).join('\t') + '\n';
    if (text.length >= COPY_CHUNK) {
      if (!stream.write(text)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
      text = '';
    }
  }
  stream.end(text);
  await done;
}

/** A value in COPY's text format, with COPY's escapes; \N for null. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  return escapeCopy(literal(value));
}

/** A value as PostgreSQL reads it from text: what node-postgres would send as a parameter. */
function literal(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const elements = value.map((element: unknown) =>
      element === null || element === undefined ? 'NULL' : `"${literal(element).replace(/[\\"]/g, '\\$&')}"`,
    );
    return `{${elements.join(',')}}`;
  }
  return JSON.stringify(value);
}

function escapeCopy(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}
