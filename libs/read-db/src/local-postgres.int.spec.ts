import { afterAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startLocalPostgres, type LocalPostgres } from './local-postgres';

describe('a cluster of its own (npm start and the benchmarks without DATABASE_URL)', () => {
  let root: string | undefined;
  let server: LocalPostgres | undefined;

  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('starts with a password in a folder whose parents do not exist yet, and keeps only the cluster private', async () => {
    // A project folder as a clone makes it (mkdtemp's own is private to its owner).
    root = await mkdtemp(join(tmpdir(), 'local-postgres-'));
    await chmod(root, 0o755);
    const dataDir = join(root, 'not-yet', 'cluster');

    server = await startLocalPostgres({ dataDir });

    const client = new Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    expect(rows).toEqual([{ one: 1 }]);
    // As root the server runs as another user, who must pass through the parents to reach the cluster.
    expect((await stat(join(root, 'not-yet'))).mode & 0o055).toBe(0o055);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });
});
