import { sql } from 'kysely';
import type { VerificationRun } from '@pharmacy/contracts';
import type { EventStore } from '@pharmacy/event-store';
import type { ReadDb } from '@pharmacy/read-db';
import { allProjections, verifyProjections, type ReplayProgress } from '@pharmacy/projections';

export const VERIFY_JOB = 'projections-verify';

/** Held (session level) while a verification runs: one at a time, across every process. */
const VERIFY_LOCK = 736_420_191;

export class VerificationRunningError extends Error {
  constructor() {
    super('A verification of the read models is running already. Its result will show here when it ends.');
  }
}

/**
 * Rebuilds every read model into a shadow schema and compares it with the
 * live tables (`verifyProjections`), recording the outcome in `job_runs`: the
 * nightly job, the admins' "Verify now" and `npm run projections:verify` all
 * come here. A run that fails is recorded as failed, with why.
 */
export async function runVerification(
  db: ReadDb,
  store: EventStore,
  trigger: string,
  onProgress?: (progress: ReplayProgress) => void,
): Promise<VerificationRun> {
  return db.connection().execute(async (connection) => {
    const locked = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${VERIFY_LOCK}) AS locked`.execute(
      connection,
    );
    if (!locked.rows[0]?.locked) throw new VerificationRunningError();
    const startedAt = new Date();
    let run: Omit<VerificationRun, 'startedAt' | 'finishedAt' | 'trigger'>;
    try {
      // A run killed midway leaves its schema behind; under the lock no other run owns one.
      const stale = await sql<{ name: string }>`
        SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE 'verify\\_%'`.execute(
        connection,
      );
      for (const { name } of stale.rows) await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(connection);
      const schema = `verify_${startedAt.getTime()}`;
      const result = await verifyProjections(store, db, allProjections, { schema, onProgress });
      run = {
        status: result.matches ? 'ok' : 'differences',
        eventsReplayed: result.eventsReplayed,
        tables: result.tables,
        error: null,
      };
    } catch (error) {
      run = {
        status: 'failed',
        eventsReplayed: 0,
        tables: [],
        error: error instanceof Error ? error.message : String(error),
      };
    } finally {
      await sql`SELECT pg_advisory_unlock(${VERIFY_LOCK})`.execute(connection);
    }
    const finishedAt = new Date();
    await db
      .insertInto('jobRuns')
      .values({ job: VERIFY_JOB, startedAt, finishedAt, trigger, result: JSON.stringify(run) })
      .execute();
    return { ...run, startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(), trigger };
  });
}

/** The latest verification ('running' while one runs now; 'never' before the first). */
export async function lastVerification(db: ReadDb): Promise<VerificationRun> {
  const [row, running] = await Promise.all([
    db
      .selectFrom('jobRuns')
      .selectAll()
      .where('job', '=', VERIFY_JOB)
      .orderBy('startedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    sql<{ running: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${VERIFY_LOCK} AND objsubid = 1
      ) AS running`.execute(db),
  ]);
  const last: VerificationRun = row
    ? {
        ...(row.result as unknown as Omit<VerificationRun, 'startedAt' | 'finishedAt' | 'trigger'>),
        startedAt: row.startedAt.toISOString(),
        finishedAt: row.finishedAt.toISOString(),
        trigger: row.trigger,
      }
    : {
        status: 'never',
        startedAt: null,
        finishedAt: null,
        trigger: null,
        eventsReplayed: 0,
        tables: [],
        error: null,
      };
  return running.rows[0]?.running ? { ...last, status: 'running' } : last;
}
