#!/usr/bin/env node
// `npm test`: builds the web app the browser tests drive, runs every Jest project
// (unit, web, integration, browser) against the harness's real PostgreSQL, Redis
// and Chromium, and ends with one plain summary line: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : null;
const passThrough = onlyIndex >= 0 ? args.filter((_, i) => i !== onlyIndex && i !== onlyIndex + 1) : args;

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

if (!only || only === 'browser') {
  const started = Date.now();
  // A NODE_ENV inherited from a test shell would bundle React's development build.
  if (run('npm', ['run', '--silent', 'build:web'], { ...process.env, NODE_ENV: 'production' }) !== 0) {
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`web app built for the browser tests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

mkdirSync(join(root, 'test-results'), { recursive: true });
const report = join(root, 'test-results', 'jest.json');
const jestArgs = [
  'jest',
  '--ci',
  '--json',
  `--outputFile=${report}`,
  ...(only ? ['--selectProjects', only] : []),
  ...passThrough,
];
const status = run('npx', jestArgs);

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  const failed = summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  const skipped = summary.numPendingTests + (summary.numTodoTests ?? 0);
  console.log(`${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
} else {
  console.log('0 passed, 1 failed');
}
process.exit(status);
