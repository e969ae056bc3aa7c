import { afterAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import { Client } from 'pg';
import { createTestDatabase, testRedisUrl } from '@pharmacy/test-harness';

/** The harness hands out real servers: a job makes a round trip through Redis, and test databases are isolated clones. */
describe('test harness', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('provides a real Redis on which a BullMQ job makes a round trip', async () => {
    const connection = { url: testRedisUrl() };
    const queue = new Queue('harness-roundtrip', { connection });
    closers.push(() => queue.close());
    const done = new Promise<unknown>((resolve) => {
      const worker = new Worker('harness-roundtrip', async (job) => ({ doubled: (job.data as { n: number }).n * 2 }), {
        connection,
      });
      worker.on('completed', (_job, result) => resolve(result));
      closers.push(() => worker.close());
    });
    await queue.add('double', { n: 21 });
    expect(await done).toEqual({ doubled: 42 });
  });

  it('gives each caller its own migrated database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    closers.push(
      () => a.drop(),
      () => b.drop(),
    );
    expect(a.name).not.toBe(b.name);
    const client = new Client({ connectionString: a.url });
    await client.connect();
    closers.push(() => client.end());
    const { rows } = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema IN ('public', 'eventstore') ORDER BY 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['events', 'streams', 'pharmacies', 'projection_checkpoints']),
    );
    await client.query("INSERT INTO eventstore.streams VALUES ('only-in-a', 0)");
    const other = new Client({ connectionString: b.url });
    await other.connect();
    closers.push(() => other.end());
    expect((await other.query("SELECT 1 FROM eventstore.streams WHERE stream_id = 'only-in-a'")).rowCount).toBe(0);
  });
});
