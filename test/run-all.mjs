#!/usr/bin/env node
// `npm test`: makes sure the machine has what the tests need (scripts/system-deps.mjs),
// builds the web app the browser tests drive, runs every Jest project
// (unit, web, integration, browser) against the harness's real PostgreSQL, Redis
// and Chromium, then the fault drills (test/faults), and ends with one plain summary
// line: `N passed, N failed, N skipped`. `--only <project|faults>` runs one part.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

// PostgreSQL, Redis, Chromium and an Arabic font come from the machine: installed here when missing and possible.
if (run('node', ['scripts/system-deps.mjs', '--for', only ?? 'all']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
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
const faultsReport = join(root, 'test-results', 'faults.json');
rmSync(report, { force: true });
rmSync(faultsReport, { force: true });

let status = 0;
const reports = [];
if (only !== 'faults') {
  const jestArgs = [
    'jest',
    '--ci',
    '--json',
    `--outputFile=${report}`,
    // The paths first: --selectProjects takes every word after it as a project's name.
    ...passThrough,
    ...(only ? ['--selectProjects', only] : []),
  ];
  status = await runJest(jestArgs);
  reports.push(report);
}
// The fault drills kill their own PostgreSQL and Redis, so they run after the rest, on their own
// (test/faults/run.mjs); left out when the run is narrowed to some tests.
if (only === 'faults' || (!only && passThrough.length === 0)) {
  const faults = run('node', ['test/faults/run.mjs', '--json', `--outputFile=${faultsReport}`]);
  status = status || faults;
  reports.push(faultsReport);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of reports) {
  if (!existsSync(file)) {
    totals.failed += 1;
    continue;
  }
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  totals.skipped += summary.numPendingTests + (summary.numTodoTests ?? 0);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(status);

/**
 * Runs Jest and resolves with its exit status. Jest writes the report after the
 * global teardown (databases stopped), then exits; a handle some library left
 * open (a background loop, a socket) would keep it alive for ever, and CI would
 * wait for ever. So once the report is there, Jest has EXIT_GRACE_MS to exit;
 * after that it is stopped, loudly, and the status is what the report says.
 */
function runJest(commandArgs) {
  const EXIT_GRACE_MS = 60_000;
  return new Promise((resolve) => {
    const child = spawn('npx', commandArgs, { cwd: root, stdio: 'inherit', detached: true });
    let finishedAt = null;
    // Jest runs in its own process group (so a stuck one can be stopped whole): pass Ctrl-C on to it.
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // already gone
        }
      });
    }
    const watch = setInterval(() => {
      if (finishedAt === null && existsSync(report) && statSync(report).size > 0) finishedAt = Date.now();
      if (finishedAt !== null && Date.now() - finishedAt > EXIT_GRACE_MS) {
        clearInterval(watch);
        console.log(
          `Jest wrote its report but did not exit within ${EXIT_GRACE_MS / 1000} s: something left a handle open ` +
            '(find it with `npx jest --detectOpenHandles <file>`). Stopping it.',
        );
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, 1000);
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      if (signal && finishedAt !== null) {
        const summary = JSON.parse(readFileSync(report, 'utf8'));
        resolve(summary.success ? 0 : 1);
      } else {
        resolve(code ?? 1);
      }
    });
  });
}
