import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Jest loads globalSetup with plain Node resolution (no moduleNameMapper): first, the
// package names of the libraries point at their sources.
import './sources';
import { startLocalPostgres } from '../../libs/read-db/src/local-postgres';
import { startLocalRedis } from './redis';
import { containerRuntimeAvailable, startPostgresContainer, startRedisContainer } from './containers';
import { prepareTemplateDatabase } from './template';

type Stop = () => Promise<void>;
const stops: Stop[] = [];

/**
 * Starts one PostgreSQL and one Redis for the whole run (or uses DATABASE_URL /
 * REDIS_URL), migrates a template database, and hands the URLs to the test
 * workers through the environment. Each test file clones the template.
 *
 * It is the global setup of the projects that use them (integration, browser:
 * jest.config.js), so a run of unit and web tests alone starts neither; a spec
 * that needs them is an `*.int.spec.ts`.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const containers = !process.env.DATABASE_URL || !process.env.REDIS_URL ? await containerRuntimeAvailable() : false;
  // Tells the EventStoreDB contract suite whether it can start a server in a container.
  process.env.TEST_CONTAINER_RUNTIME =
    containers || (!process.env.EVENTSTORE_CONNECTION_STRING && (await containerRuntimeAvailable())) ? '1' : '0';

  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    if (containers) {
      const pg = await startPostgresContainer();
      stops.push(pg.stop);
      adminUrl = pg.url;
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'pharmacy-test-pg-'));
      await chmod(dir, 0o755); // the server may run as another OS user (see startLocalPostgres)
      const pg = await startLocalPostgres({ dataDir: join(dir, 'data'), ephemeral: true });
      stops.push(async () => {
        await pg.stop();
        await rm(dir, { recursive: true, force: true });
      });
      adminUrl = pg.url;
    }
  }

  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const redis = containers ? await startRedisContainer() : await startLocalRedis();
    stops.push(redis.stop);
    redisUrl = redis.url;
  }

  const template = await prepareTemplateDatabase(adminUrl);
  process.env.TEST_PG_ADMIN_URL = adminUrl;
  process.env.TEST_PG_TEMPLATE = template;
  process.env.TEST_REDIS_URL = redisUrl;
  (globalThis as { __harnessStops?: Stop[] }).__harnessStops = stops;
  process.stdout.write(
    `\n[harness] PostgreSQL and Redis ready in ${Date.now() - started} ms (${containers ? 'containers' : 'local processes'})\n`,
  );
}
