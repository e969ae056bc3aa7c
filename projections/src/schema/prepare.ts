import { migrateDatabase } from '@pharmacy/read-db';

/**
 * Brings a read database to the shape this code reads and writes: the
 * migrations (tables nothing rebuilds) and then every projection's own tables.
 * Every process and tool that opens the read database calls this first.
 */
export async function prepareReadDatabase(connectionString: string): Promise<string[]> {
  return migrateDatabase(connectionString);
}
