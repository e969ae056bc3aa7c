import { loadConfig } from '../../apps/api/src/config/config';
import { startServer, type RunningServer } from '../../apps/api/src/bootstrap';
import { createLogger } from '../../apps/api/src/infrastructure/logger';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  /** http://127.0.0.1:<port> serving the API and the built web app. */
  baseUrl: string;
  database: TestDatabase;
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * The real server (API, projector, web app) on a fresh database of its own,
 * listening on a free loopback port.
 */
export async function startTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...options.env });
  const server = await startServer(config, database.url, createLogger(config.LOG_LEVEL), {
    seed: options.seed ?? false,
  });
  const port = new URL(server.url).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    server,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}
