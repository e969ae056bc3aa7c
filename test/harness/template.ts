import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { prepareReadDatabase } from '../../projections/src/schema/prepare';
import { migrateEventStore } from '../../libs/event-store/src/postgres/schema';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database with every migration applied, to be used as a template. */
export async function prepareTemplateDatabase(adminUrl: string): Promise<string> {
  const name = `pharmacy_template_${randomUUID().slice(0, 8)}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(adminUrl, name);
  await migrateEventStore(url);
  await prepareReadDatabase(url);
  return name;
}

export async function cloneDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `pharmacy_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
