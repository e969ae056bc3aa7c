import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { sql, type Selectable } from 'kysely';
import {
  categoryEventSchemas,
  categoryStreamId,
  currentEventVersion,
  parseEventData,
  pharmacyEventSchemas,
  pharmacyStreamId,
  productEventSchemas,
  productStreamId,
  stockEventSchemas,
  stockStreamId,
  supplierEventSchemas,
  supplierStreamId,
  transferEventSchemas,
  transferStreamId,
  type CategoryEvent,
  type PharmacyEvent,
  type ProductEvent,
  type StockEvent,
  type SupplierEvent,
  type TransferEvent,
  type UniqueKind,
  type UniqueValueEvent,
  uniqueValueStreamId,
} from '@pharmacy/domain';
import { PostgresEventStore, type EventMetadata, type GlobalPosition, type NewEvent } from '@pharmacy/event-store';
import { createPool, createReadDb, type ReadDatabase, type ReadDb } from '@pharmacy/read-db';
import { createTestDatabase, type TestDatabase } from '@pharmacy/test-harness/database';
import { rebuildProjections } from '../runner/full-rebuild';
import { ownedTables, type Projection } from '../runner/projection';
import { ProjectionRunner } from '../runner/projection-runner';
import { tableName, verifyProjections } from '../runner/shadow';

/**
 * Projection specs, as emmett's `PostgreSQLProjectionSpec`: given these
 * events, when these, then these rows, on a real PostgreSQL. For the
 * `*.int.spec.ts` files only.
 *
 *     const spec = projectionSpec(pharmaciesProjection); // in a describe: one database for the file
 *
 *     it('...', () =>
 *       spec
 *         .given(registered(DOWNTOWN))
 *         .when(renamed(DOWNTOWN, 'Old Town'))
 *         .then('pharmacies', [{ id: DOWNTOWN, name: 'Old Town' }]));
 *
 * The events are appended to the event store with the metadata the command
 * executor writes (by default: `SPEC_USER`, the event's pharmacy, business
 * time `specTime(n)` for the n-th event), in order, each run of one stream in
 * one append, so their positions are 1, 2, 3... The live path then applies
 * them as the projector does: the real `ProjectionRunner`, the given events as
 * one batch (one transaction) and the when events as the next.
 *
 * `then(table, rows)` compares the table's rows with `rows` as a multiset
 * (order does not matter, the number of rows does) on the columns the
 * expected rows name: a column no expected row names is not compared.
 * Timestamps may be written as ISO text. Several `then`s on one `when` share
 * its events, applied once.
 *
 * `thenRebuildMatchesLive()` builds the projection again from the same log
 * by the two other paths, and expects every table it owns to hold the same
 * rows as the live path left (leaving out the columns PostgreSQL fills in
 * itself, as verification does): the verification replay into a shadow
 * schema (`verifyProjections`, triggers on) and the full rebuild
 * (`rebuildProjections`: copies loaded with COPY and without triggers, the
 * running totals filled once, then swapped in).
 *
 * The file's database is cloned from the migrated template once (beforeAll);
 * each scenario (a `given`) starts from an empty log, no checkpoints and empty
 * tables of the projection, so a test may hold several, one after the other.
 */

/** Any event the product writes, as the deciders make it. */
export type AnyDomainEvent =
  PharmacyEvent | CategoryEvent | SupplierEvent | ProductEvent | UniqueValueEvent | StockEvent | TransferEvent;

/**
 * An event of a spec: its type and data (validated against the event
 * catalogue when appended) and, optionally, its id (by default a new one), the
 * metadata to record instead of the defaults, and the stream (by default the
 * one the product writes it to).
 */
export type SpecEvent = AnyDomainEvent & { id?: string; metadata?: Partial<EventMetadata>; streamId?: string };

/** The user every spec event is recorded as, unless its metadata names another. */
export const SPEC_USER = '0f0e0d0c-0b0a-4908-8706-050403020100';

/** Business time of the n-th event of a test (from 0), when its metadata gives none: a minute apart. */
export function specTime(n: number): string {
  return new Date(Date.UTC(2026, 2, 2, 8, 0) + n * 60_000).toISOString();
}

type Table = keyof ReadDatabase & string;
type Expected<V> = V extends Date ? Date | string : V;
/** Some columns of a row of `T`, as the read database answers them (numeric and bigint as text, dates 'YYYY-MM-DD'). */
export type ExpectedRow<T extends Table> = {
  [K in keyof Selectable<ReadDatabase[T]>]?: Expected<Selectable<ReadDatabase[T]>[K]>;
};

export interface ProjectionSpec {
  /** What happened before: applied as one batch. May be empty. */
  given(...events: SpecEvent[]): { when(...events: SpecEvent[]): WhenEvents };
}

export interface WhenEvents {
  /** Expects the table (one the projection owns) to hold exactly these rows, on the columns they name. */
  then<T extends Table>(table: T, rows: ReadonlyArray<ExpectedRow<T>>): Promise<void>;
  /** Expects the verification replay and the full rebuild of the same log to give the live rows, table by table. */
  thenRebuildMatchesLive(): Promise<void>;
  /**
   * For a projection worked out from other read models (`derivedFrom`):
   * expects `redo` (its rows worked out from scratch) to leave the rows the
   * live path left, table by table.
   */
  thenFromScratchMatchesLive(redo: (db: ReadDb) => Promise<void>): Promise<void>;
}

export interface ProjectionSpecOptions {
  /** The projections it is worked out from: applied before it, as the projector does (`derivedFrom`). */
  from?: readonly Projection[];
  /** Runs once the given events are applied, before the when events (e.g. the day a derived projection keeps). */
  afterGiven?: (db: ReadDb) => Promise<void>;
}

export function projectionSpec(projection: Projection, options: ProjectionSpecOptions = {}): ProjectionSpec {
  const projections = [...(options.from ?? []), projection];
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReadDb;
  const tables = ownedTables(projection);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: database.url, pollIntervalMs: 50 });
    db = createReadDb(createPool(database.url));
  });
  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  return {
    given: (...given) => ({
      when: (...when) => {
        let applied: Promise<void> | null = null;
        const events = () =>
          (applied ??= (async () => {
            // Every scenario starts from an empty log (positions from 1 again: the store gives the next
            // append max(position) + 1) and empty tables.
            const emptied = [
              'eventstore.events',
              'eventstore.streams',
              'public.projection_checkpoints',
              ...projections.flatMap(ownedTables),
            ];
            await sql`TRUNCATE ${sql.raw(emptied.join(', '))}`.execute(db);
            await append(store, given, 0);
            await runProjector(store, db, projections);
            await options.afterGiven?.(db);
            await append(store, when, given.length);
            await runProjector(store, db, projections);
          })());
        return {
          async then(table, rows) {
            if (!tables.includes(tableName(table))) {
              throw new Error(`${table} is not a table of the ${projection.name} projection (${tables.join(', ')})`);
            }
            await events();
            const actual = await db.selectFrom(table).selectAll().execute();
            expectRows(table, actual as Array<Record<string, unknown>>, rows as Array<Record<string, unknown>>);
          },
          async thenRebuildMatchesLive() {
            await events();
            const live = await tableRows(db, tables);
            if (Object.values(live).every((rows) => rows.length === 0)) {
              throw new Error('Nothing to compare: the events left every table of the projection empty.');
            }
            const verified = await verifyProjections(store, db, [projection], { schema: 'projection_spec_verify' });
            expect(verified.tables.filter((t) => t.missing > 0 || t.unexpected > 0)).toEqual([]);
            await rebuildProjections(store, db, [projection]);
            expect(await tableRows(db, tables)).toEqual(live);
          },
          async thenFromScratchMatchesLive(redo) {
            await events();
            const live = await tableRows(db, tables);
            if (Object.values(live).every((rows) => rows.length === 0)) {
              throw new Error('Nothing to compare: the events left every table of the projection empty.');
            }
            await redo(db);
            expect(await tableRows(db, tables)).toEqual(live);
          },
        };
      },
    }),
  };
}

/** Appends the events, as the command executor records them; each run of events of one stream in one append. */
async function append(store: PostgresEventStore, events: readonly SpecEvent[], first: number): Promise<void> {
  let run: { streamId: string; events: NewEvent[] } | null = null;
  for (const [i, event] of events.entries()) {
    const streamId = event.streamId ?? streamOf(event);
    const data = event.data as Record<string, unknown>;
    const envelope: NewEvent = {
      id: event.id ?? randomUUID(),
      type: event.type,
      data: parseEventData(event.type, event.data),
      metadata: {
        userId: SPEC_USER,
        pharmacyId: typeof data.pharmacyId === 'string' ? data.pharmacyId : null,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: specTime(first + i),
        schemaVersion: currentEventVersion(event.type),
        ...event.metadata,
      },
    };
    if (run && run.streamId === streamId) run.events.push(envelope);
    else {
      if (run) await store.append(run.streamId, run.events, 'any');
      run = { streamId, events: [envelope] };
    }
  }
  if (run) await store.append(run.streamId, run.events, 'any');
}

/** The stream the product writes an event to. */
function streamOf(event: AnyDomainEvent): string {
  const data = event.data as Record<string, string>;
  const is = (schemas: object) => Object.hasOwn(schemas, event.type);
  if (is(stockEventSchemas)) return stockStreamId(data.pharmacyId!);
  if (is(pharmacyEventSchemas)) return pharmacyStreamId(data.pharmacyId!);
  if (is(productEventSchemas)) return productStreamId(data.productId!);
  if (is(categoryEventSchemas)) return categoryStreamId(data.categoryId!);
  if (is(supplierEventSchemas)) return supplierStreamId(data.supplierId!);
  if (is(transferEventSchemas)) return transferStreamId(data.transferId!);
  return uniqueValueStreamId(data.kind as UniqueKind, data.value!);
}

/** The live path: the given events, then the when events, each applied by the projector as one batch. */
/** Runs the projector until it has committed the head of the log, then stops it; a failing batch fails the spec. */
async function runProjector(store: PostgresEventStore, db: ReadDb, projections: readonly Projection[]): Promise<void> {
  const head = await store.headPosition();
  if (!head) return;
  let failed: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  failure.catch(() => undefined);
  const runner = new ProjectionRunner(store, db, projections, {
    restartDelayMs: 60_000,
    logger: {
      info: () => undefined,
      error: (message, context) => failed(new Error(`${message}: ${String(context?.error)}`)),
    },
  });
  const caughtUp = new Promise<void>((resolve) =>
    runner.progress.on('advanced', (_name: string, position: GlobalPosition) => {
      if (position.commit >= head.commit) resolve();
    }),
  );
  try {
    await runner.start();
    if (projections.some((p) => (runner.committedPosition(p.name)?.commit ?? 0n) < head.commit)) {
      await Promise.race([caughtUp, failure]);
    }
  } finally {
    await runner.stop();
  }
}

/** A value as compared: timestamps as ISO text. */
function comparable(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Text equal for equal values, whatever the order of an object's keys (jsonb answers them in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

function pick(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c, comparable(row[c])]));
}

/** The rows as a multiset, each compared on the columns its expected row names. */
function expectRows(table: string, actual: Array<Record<string, unknown>>, expected: Array<Record<string, unknown>>) {
  const want = expected.map((row) => pick(row, Object.keys(row)));
  const left = [...actual];
  // Each expected row takes an equal row; one that finds none takes the row most like it, so a
  // difference shows as that row's columns, whatever order the table answers in.
  const paired: Array<Record<string, unknown> | undefined> = want.map((row) => {
    const columns = Object.keys(row);
    const equal = left.findIndex((candidate) => canonical(pick(candidate, columns)) === canonical(row));
    return equal >= 0 ? left.splice(equal, 1)[0] : undefined;
  });
  for (const [i, row] of want.entries()) {
    if (paired[i] || left.length === 0) continue;
    const alike = (candidate: Record<string, unknown>) =>
      Object.keys(row).filter((c) => canonical(comparable(candidate[c])) === canonical(row[c])).length;
    const best = left.reduce((top, candidate, j) => (alike(candidate) > alike(left[top]!) ? j : top), 0);
    paired[i] = left.splice(best, 1)[0];
  }
  const named = [...new Set(want.flatMap((row) => Object.keys(row)))];
  const aligned = [
    ...paired.map((row, i) => (row ? pick(row, Object.keys(want[i]!)) : undefined)),
    // Rows no expected row took: there are more than expected.
    ...left.map((row) => pick(row, named.length > 0 ? named : Object.keys(row))),
  ];
  expect({ [table]: aligned }).toEqual({ [table]: want });
}

/**
 * Every row of these tables, in a stable order, leaving out the columns
 * PostgreSQL fills in itself (a default of now() or a sequence: when a row was
 * written, not what the events say), as verification does.
 */
async function tableRows(db: ReadDb, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const columns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = ${table}
         AND coalesce(column_default, '') !~* '(now\\(\\)|nextval|random|clock_timestamp|current_timestamp)'
       ORDER BY ordinal_position`.execute(db);
    const rows = await sql<{ row: unknown }>`
      SELECT to_jsonb(r) AS row FROM (SELECT ${sql.join(columns.rows.map((c) => sql.id(c.name)))}
        FROM ${sql.id('public', table)}) r ORDER BY to_jsonb(r)::text`.execute(db);
    out[table] = rows.rows.map((r) => r.row);
  }
  return out;
}
