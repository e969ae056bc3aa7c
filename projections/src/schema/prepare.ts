import { createPool, createReadDb, migrateDatabase } from '@pharmacy/read-db';
import { allProjections } from '../registry';
import { installProjectionTables } from './install';

/**
 * Brings a read database to the shape this code reads and writes: the
 * migrations (tables nothing rebuilds), then every projection's own tables
 * (`installProjectionTables`). Every process and tool that opens the read
 * database calls this first. Returns the migrations applied.
 */
export async function prepareReadDatabase(connectionString: string): Promise<string[]> {
  const applied = await migrateDatabase(connectionString);
  const pool = createPool(connectionString, { max: 1 });
  const db = createReadDb(pool);
  try {
    await installProjectionTables(db, allProjections);
  } finally {
    await db.destroy();
  }
  return applied;
}
