#!/usr/bin/env node
// `npm run test:faults`: the fault drills (issue 14) against the built server in real
// processes. Builds the server packages when their sources are newer than the build, then
// runs test/faults/faults.spec.ts alone (it starts its own PostgreSQL and Redis and kills
// them, so it never runs beside other tests). Prints what it killed and what it checked.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const started = Date.now();

// A PostgreSQL server and redis-server on this machine (the suite runs its own, whatever DATABASE_URL says).
const machineEnv = { ...process.env };
delete machineEnv.DATABASE_URL;
delete machineEnv.REDIS_URL;
const deps = spawnSync('node', ['scripts/system-deps.mjs', '--for', 'integration'], {
  cwd: root,
  stdio: 'inherit',
  env: machineEnv,
});
if (deps.status !== 0) process.exit(deps.status ?? 1);

/** The newest modification time of the TypeScript sources below `dir`. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const serverPackages = [
  ...readdirSync(join(root, 'libs')).map((name) => join(root, 'libs', name)),
  join(root, 'projections'),
  join(root, 'apps/api'),
  join(root, 'apps/worker'),
  join(root, 'apps/projector'),
].filter((dir) => existsSync(join(dir, 'src')));
// build-server.mjs rewrites every package's dist, the projector's last.
const built = join(root, 'apps/projector/dist/main.js');
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (serverPackages.some((dir) => newestSource(join(dir, 'src')) > builtAt)) {
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('server build is up to date');
}

const jest = spawn(
  'npx',
  [
    'jest',
    '--config',
    'test/faults/jest.config.js',
    '--ci',
    '--runInBand',
    // A pool or socket of a killed server left to time out must not hold the suite open.
    '--forceExit',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', detached: true },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    try {
      process.kill(-jest.pid, signal);
    } catch {
      // already gone
    }
  });
}
jest.on('exit', (code, signal) => {
  const status = code ?? (signal ? 1 : 0);
  console.log(`faults suite ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(status);
});
