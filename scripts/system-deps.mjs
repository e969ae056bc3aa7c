#!/usr/bin/env node
// What the tests need from the machine (not from npm): a PostgreSQL server, redis-server,
// Chromium and a font with Arabic glyphs. `npm test` and `.ci/run` call this first. It
// installs what is missing from Debian's packages when it can (root, or passwordless
// sudo), and otherwise stops with the one command that would install it.
//
//   node scripts/system-deps.mjs [--for unit|web|integration|browser|all] [--check]
//
// --for narrows the check to what those tests use (unit and web tests need nothing);
// --check reports without installing. DATABASE_URL and REDIS_URL stand in for a local
// server of their own.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const args = process.argv.slice(2);
const scope = args.includes('--for') ? args[args.indexOf('--for') + 1] : 'all';
const checkOnly = args.includes('--check');

const needs = {
  postgres: ['integration', 'browser', 'all'].includes(scope) && !process.env.DATABASE_URL,
  redis: ['integration', 'browser', 'all'].includes(scope) && !process.env.REDIS_URL,
  chromium: ['browser', 'all'].includes(scope),
  fonts: ['browser', 'all'].includes(scope),
};

/** Each requirement: whether the machine has it, and the Debian package that brings it. */
const requirements = [
  { name: 'PostgreSQL server', needed: needs.postgres, present: hasPostgres, pkg: 'postgresql-15' },
  { name: 'redis-server', needed: needs.redis, present: () => onPath('redis-server'), pkg: 'redis-server' },
  { name: 'Chromium', needed: needs.chromium, present: () => existsSync('/usr/bin/chromium'), pkg: 'chromium' },
  { name: 'Noto Sans Arabic font', needed: needs.fonts, present: hasArabicFont, pkg: 'fonts-noto-core' },
];

const missing = requirements.filter((r) => r.needed && !r.present());
if (missing.length === 0) process.exit(0);

const packages = missing.map((r) => r.pkg);
const installCommand = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
const what = missing.map((r) => r.name).join(', ');

if (checkOnly) fail(`missing: ${what}.`);
const runner = installer();
if (!runner) {
  fail(
    `the tests need ${what}, and this machine cannot install them from here` +
      `${onPath('apt-get') ? ' (not root, and no passwordless sudo)' : ' (no apt-get: not Debian or Ubuntu)'}.`,
  );
}

console.log(`[system-deps] installing what the tests need: ${packages.join(' ')} (Debian packages)`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const step of [
  ['apt-get', 'update', '-qq'],
  ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
]) {
  const command = [...runner, ...step];
  const result = spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (result.status !== 0) fail(`\`${command.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
}
const stillMissing = missing.filter((r) => !r.present());
if (stillMissing.length > 0) fail(`still missing after the install: ${stillMissing.map((r) => r.name).join(', ')}.`);
console.log(`[system-deps] installed: ${what}`);

function fail(reason) {
  console.error(
    `[system-deps] ${reason}\n` +
      `  Install them with:  sudo sh -c '${installCommand}'\n` +
      '  or point the tests at servers of your own with DATABASE_URL and REDIS_URL (see README.md).',
  );
  process.exit(1);
}

/** How to run apt-get here: directly as root, through passwordless sudo, or not at all. */
function installer() {
  if (!onPath('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function hasPostgres() {
  if (process.env.PG_BIN_DIR) return existsSync(`${process.env.PG_BIN_DIR}/pg_ctl`);
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(`${root}/${version}/bin/pg_ctl`));
}

function hasArabicFont() {
  const result = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return result.status === 0 && /Noto Sans Arabic/i.test(result.stdout);
}
