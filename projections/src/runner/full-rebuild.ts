import { sql, type Kysely, type Transaction } from 'kysely';
import { parseEventData, recordedVersion } from '@pharmacy/domain';
import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent } from '@pharmacy/event-store';
import { poolOf, readDbOnClient, type ReadDatabase } from '@pharmacy/read-db';
import { copyInto } from './bulk-rows';
import { lockProjections, writeCheckpoints } from './checkpoints';
import { applyEvents, forgetDerived, lockedByRebuild, ownedTables, type Projection } from './projection';
import { assertSchemaName, useSchema } from './shadow';
import { allProjections } from '../registry';
import { recordShapes } from '../schema/install';
import { createFunctions, createLaterIndexes, createTables, createTriggers } from '../schema/tables';

/**
 * Full rebuilds of read models while the product keeps serving (issue 13).
 *
 * 1. `replay`: every table the projections own is made, as they declare it
 *    today (`Projection.schema`), in a schema of its own, with its columns,
 *    defaults, checks and its primary and unique keys (the projections' upserts
 *    need them) but without its other indexes. The log is read once, page by page, the next page read while the
 *    current one is written, each event parsed once for every projection.
 * 2. `indexes`: the other indexes are built on the loaded tables; tables that
 *    triggers keep (running totals, `Projection.fillTotals`) are filled from
 *    the loaded ones; the tables are analysed.
 * 3. `swap`: under the projections' lock (the live projector waits), the
 *    declared functions and triggers are added, the events
 *    appended since the replay began are applied to the new tables, the live
 *    tables are moved out and the new ones moved into `public`, and the
 *    checkpoints and the shape installed (`projection_tables`) are set, in one
 *    transaction. Readers see the old tables until it commits, then the new
 *    ones; nothing is half built in between. A version bump that changed the
 *    declared tables thus swaps in tables of the new shape.
 */

/** Pages of the log read ahead and written per transaction of the replay phase. */
const PAGES_PER_TRANSACTION = 10;

/**
 * What a log page costs each projection to write, roughly (measured with
 * `npm run bench:rebuild`, docs/benchmarks.md): to share the work evenly among
 * the connections of a rebuild.
 */
const WEIGHTS: Record<string, number> = {
  sales: 19,
  history: 12,
  inventory: 9,
  ledger: 8,
  'audit-events': 8,
  catalogue: 2,
};

/** Splits projections into `count` groups of about the same weight (heaviest first, each to the lightest group). */
function partition(projections: readonly Projection[], count: number): Projection[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(count, projections.length)) }, () => ({
    weight: 0,
    members: [] as Projection[],
  }));
  const weight = (p: Projection) => WEIGHTS[p.name] ?? 1;
  for (const projection of [...projections].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((low, group) => (group.weight < low.weight ? group : low));
    lightest.members.push(projection);
    lightest.weight += weight(projection);
  }
  return groups.map((group) => group.members).filter((members) => members.length > 0);
}

export type RebuildPhase = 'replay' | 'indexes' | 'swap';

export interface FullRebuildProgress {
  phase: RebuildPhase;
  /** Log events read so far. */
  processed: number;
  /** Events in the log when the rebuild started (the goal of `replay`). */
  total: number;
  /** How far through the log, 0..1. */
  fraction: number;
}

export interface FullRebuildOptions {
  /** Log events per page (default 5,000). */
  batchSize?: number;
  /** Connections writing at once during the replay, each for its share of the projections (default 2). */
  parallel?: number;
  onProgress?: (progress: FullRebuildProgress) => void | Promise<void>;
}

export interface FullRebuildResult {
  projections: string[];
  /** Log events replayed, those appended during the rebuild included. */
  events: number;
  ms: number;
  /** Time spent in each phase, ms. */
  phases: Record<RebuildPhase, number>;
}

/** Parses every event of a page once, in today's shape; each projection then takes the types it handles. */
function parsePage(page: readonly RecordedEvent[], handled: ReadonlySet<string>): RecordedEvent[] {
  return page
    .filter((event) => handled.has(event.type))
    .map((event) => ({ ...event, data: parseEventData(event.type, event.data, recordedVersion(event.metadata)) }));
}

async function applyPage(
  trx: Transaction<ReadDatabase>,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const projection of projections) {
    const handles = new Set(projection.handles);
    await applyEvents(
      trx,
      projection,
      events.filter((event) => handles.has(event.type)),
    );
  }
}

/**
 * A transaction on a connection of its own whose new rows go in with COPY
 * (`insertRows`): nothing but the rebuild reads the shadow tables. Without the
 * pool behind `db` (a database made some other way), an ordinary transaction.
 */
async function inShadowTransaction(
  db: Kysely<ReadDatabase>,
  work: (trx: Transaction<ReadDatabase>) => Promise<void>,
): Promise<void> {
  const pool = poolOf(db);
  if (!pool) return db.transaction().execute(work);
  const client = await pool.connect();
  let failed = false;
  try {
    await readDbOnClient(client)
      .transaction()
      .execute(async (trx) => {
        copyInto(trx, client);
        await work(trx);
      });
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A connection whose transaction failed is closed rather than handed back.
    client.release(failed);
  }
}

/**
 * Rebuilds these projections from the whole log into a shadow schema and
 * swaps the result in (see above). A projection reading a table it does not
 * own reads the live one, as it does when the projector runs.
 */
export async function rebuildProjections(
  store: EventStore,
  db: Kysely<ReadDatabase>,
  projections: readonly Projection[],
  options: FullRebuildOptions = {},
): Promise<FullRebuildResult> {
  const started = Date.now();
  const phases: Record<RebuildPhase, number> = { replay: 0, indexes: 0, swap: 0 };
  const names = projections.map((p) => p.name);
  const tables = [...new Set(projections.flatMap(ownedTables))];
  const schemas = projections.map((p) => p.schema);
  const handled = new Set(projections.flatMap((p) => p.handles));
  const stamp = `${Date.now().toString(36)}_${process.pid}`;
  const shadow = `rebuild_${stamp}`;
  const retired = `retired_${stamp}`;
  assertSchemaName(shadow);
  assertSchemaName(retired);
  const batchSize = options.batchSize ?? 5000;
  const head = await store.headPosition();
  const total = head ? Number(head.commit) : 0;
  let processed = 0;
  let after: GlobalPosition | null = null;
  const report = async (phase: RebuildPhase) => {
    const fraction = total > 0 && after ? Math.min(1, Number(after.commit) / total) : 1;
    await options.onProgress?.({ phase, processed, total, fraction });
  };

  await sql`CREATE SCHEMA ${sql.id(shadow)}`.execute(db);
  try {
    // 1. The tables, with their keys; the log replayed into them.
    let mark = Date.now();
    await db.transaction().execute(async (trx) => {
      await createTables(trx, shadow, schemas, { complete: false });
    });
    const replay = async (trx: Transaction<ReadDatabase>, until: GlobalPosition | null, phase: RebuildPhase) => {
      let next = store.readAll({ after, maxCount: batchSize });
      for (;;) {
        const page = await next;
        const within = until ? page.filter((event) => comparePositions(event.position, until) <= 0) : page;
        if (within.length === 0) break;
        const last = within[within.length - 1]!.position;
        // Reading the next page overlaps with writing this one: the log and the tables are read and written at once.
        next = store.readAll({ after: last, maxCount: batchSize });
        await applyPage(trx, projections, parsePage(within, handled));
        processed += within.length;
        after = last;
        await report(phase);
        if (within.length < page.length) break;
      }
      await next.catch(() => undefined);
    };
    // The bulk of the log, a chunk of pages at a time: the next chunk is read and parsed while this
    // one is written, by `parallel` groups of projections on their own connections (their tables
    // are disjoint), each chunk in one transaction per group.
    const groups = partition(projections, options.parallel ?? 2);
    const readChunk = async (from: GlobalPosition | null) => {
      const pages: RecordedEvent[][] = [];
      let last = from;
      let read = 0;
      for (let i = 0; i < PAGES_PER_TRANSACTION && (!head || !last || comparePositions(last, head) < 0); i += 1) {
        const page = await store.readAll({ after: last, maxCount: batchSize });
        const within = head ? page.filter((event) => comparePositions(event.position, head) <= 0) : [];
        if (within.length === 0) break;
        pages.push(parsePage(within, handled));
        read += within.length;
        last = within[within.length - 1]!.position;
        if (within.length < page.length) break;
      }
      return { pages, read, last };
    };
    let nextChunk = readChunk(after);
    for (;;) {
      const chunk = await nextChunk;
      if (chunk.read === 0) break;
      nextChunk = readChunk(chunk.last);
      await Promise.all(
        groups.map((group) =>
          inShadowTransaction(db, async (trx) => {
            await useSchema(trx, shadow);
            // The shadow tables are not live: a crash leaves a schema to drop, nothing to recover.
            await sql`SET LOCAL synchronous_commit = off`.execute(trx);
            for (const page of chunk.pages) await applyPage(trx, group, page);
          }),
        ),
      ).catch(async (error: unknown) => {
        await nextChunk.catch(() => undefined);
        throw error;
      });
      processed += chunk.read;
      after = chunk.last;
      await report('replay');
    }
    phases.replay = Date.now() - mark;

    // 2. The other indexes, built once on the loaded tables; the running totals added up once from
    // them (kept from the swap on by the declared triggers).
    mark = Date.now();
    await report('indexes');
    for (const schema of schemas) {
      await db.transaction().execute((trx) => createLaterIndexes(trx, shadow, schema));
    }
    await db.transaction().execute(async (trx) => {
      await useSchema(trx, shadow);
      for (const projection of projections) await projection.fillTotals?.(trx);
    });
    for (const table of tables) await sql`ANALYZE ${sql.id(shadow, table)}`.execute(db);
    phases.indexes = Date.now() - mark;

    // 3. What was appended meanwhile, then the swap, in one transaction under the lock.
    mark = Date.now();
    await db.transaction().execute(async (trx) => {
      await lockProjections(trx, lockedByRebuild(allProjections, projections));
      await forgetDerived(trx, allProjections, projections);
      // The declared functions (in public: the live triggers call them too, so under the lock) and
      // the triggers that keep the loaded totals from here on.
      await createFunctions(trx, schemas);
      await createTriggers(trx, shadow, schemas);
      await useSchema(trx, shadow);
      await replay(trx, null, 'swap');
      await sql`SELECT set_config('search_path', 'public', true)`.execute(trx);
      await sql`CREATE SCHEMA ${sql.id(retired)}`.execute(trx);
      for (const table of tables) {
        await sql`ALTER TABLE IF EXISTS ${sql.id('public', table)} SET SCHEMA ${sql.id(retired)}`.execute(trx);
        await sql`ALTER TABLE ${sql.id(shadow, table)} SET SCHEMA public`.execute(trx);
      }
      await recordShapes(trx, projections);
      if (after) await writeCheckpoints(trx, projections, after);
      else await trx.deleteFrom('projectionCheckpoints').where('name', 'in', names).execute();
    });
    await report('swap');
    phases.swap = Date.now() - mark;
    await sql`DROP SCHEMA IF EXISTS ${sql.id(retired)} CASCADE`.execute(db);
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(shadow)} CASCADE`.execute(db);
  }
  return { projections: names, events: processed, ms: Date.now() - started, phases };
}
