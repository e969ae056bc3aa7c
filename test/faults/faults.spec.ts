import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { join } from 'node:path';
import { FaultEnvironment } from './lib/environment';
import { stopAll } from './lib/processes';
import { say, seconds } from './lib/report';
import { postgresRestartedUnderLoad } from './scenarios/postgres-restart';
import { redisDown } from './scenarios/redis-down';
import { projectorAndReactorKilled } from './scenarios/kills';
import { scaleOut } from './scenarios/scale-out';

/** Where the server processes' logs are kept after a run. */
const LOGS = join(__dirname, '..', '..', 'test-results', 'faults-logs');

/**
 * The fault drills of issue 14, against the built server in real processes on
 * one PostgreSQL and one Redis: each scenario kills something, prints what it
 * killed and what it checked, and fails on the first property that does not hold.
 */
describe('faults', () => {
  let env: FaultEnvironment;
  let failed = false;

  /** A scenario: its processes are all stopped after it, whatever happened. */
  const scenario = (name: string, run: (env: FaultEnvironment) => Promise<void>) =>
    it(name, async () => {
      const started = Date.now();
      say('');
      say(`${name}:`);
      try {
        await run(env);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        await stopAll();
      }
      say(`  (${seconds(Date.now() - started)})`);
    });

  beforeAll(async () => {
    const started = Date.now();
    env = await FaultEnvironment.start();
    say(
      `PostgreSQL (port ${env.postgresPort}, durable) and Redis (append-only file) up, template seeded in ${seconds(Date.now() - started)}`,
    );
  }, 90_000);

  afterAll(async () => {
    await env?.stop(LOGS);
    if (failed) say(`the server processes' logs are in ${LOGS}`);
  });

  scenario('PostgreSQL restarted under a sales load', postgresRestartedUnderLoad);
  scenario('Redis down', redisDown);
  scenario('Projector killed mid-batch, transfer reactor killed between steps', projectorAndReactorKilled);
  scenario('Scale-out: the leading projector killed', scaleOut);
});
