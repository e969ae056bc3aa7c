import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, configSchema, loadConfig } from './config';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      EVENT_STORE: 'postgres',
      DATA_DIR: '.data',
      APP_ROLE: 'all',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reports every problem, one line each', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', EVENT_STORE: 'eventstoredb', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/EVENTSTORE_CONNECTION_STRING: is required when EVENT_STORE=eventstoredb/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lists every variable it reads in .env.example, and nothing it does not read', () => {
    const example = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]).sort();
    // PG_BIN_DIR is read by the embedded PostgreSQL's starter (libs/read-db), before any configuration.
    expect(listed).toEqual([...Object.keys(configSchema.shape), 'PG_BIN_DIR'].sort());
  });
});
