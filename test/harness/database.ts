import { cloneDatabase, databaseUrl, dropDatabase } from './template';

export interface TestDatabase {
  /** Connection string of this test file's own database (migrated, empty). */
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: the harness's global setup sets it when integration or browser tests run (a test that needs PostgreSQL or Redis is an *.int.spec.ts, run through jest)`,
    );
  return value;
}

/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = required('TEST_PG_ADMIN_URL');
  const name = await cloneDatabase(adminUrl, required('TEST_PG_TEMPLATE'));
  return { url: databaseUrl(adminUrl, name), name, drop: () => dropDatabase(adminUrl, name) };
}

export function testRedisUrl(): string {
  return required('TEST_REDIS_URL');
}
