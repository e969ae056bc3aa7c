import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppConfig } from '../config/config';
import { startEmbeddedDatabase } from '../infrastructure/embedded-database';

/** DATABASE_URL, or the embedded cluster of `npm start` (started for the duration of the command). */
export async function databaseFromConfig(config: AppConfig): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  mkdirSync(resolve(config.DATA_DIR), { recursive: true, mode: 0o755 });
  const embedded = await startEmbeddedDatabase(config.DATA_DIR);
  return { url: embedded.url, stop: () => embedded.server.stop() };
}
