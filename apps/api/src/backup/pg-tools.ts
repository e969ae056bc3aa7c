import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** pg_dump and pg_restore of the newest PostgreSQL client installed (they must be at least the server's major version). */
export interface PostgresTools {
  pgDump: string;
  pgRestore: string;
  /** Major version of the tools, e.g. 15. */
  major: number;
  version: string;
}

function versionOf(binary: string): { major: number; version: string } | null {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const match = run.status === 0 ? /(\d+)(?:\.(\d+))?/.exec(run.stdout) : null;
  return match ? { major: Number(match[1]), version: match[0] } : null;
}

/** PG_BIN_DIR, then the newest /usr/lib/postgresql/N/bin, then the PATH. */
export function findPostgresTools(): PostgresTools {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a)))
      candidates.push(join(base, version, 'bin'));
  }
  for (const dir of candidates) {
    const pgDump = join(dir, 'pg_dump');
    const pgRestore = join(dir, 'pg_restore');
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    const found = versionOf(pgDump);
    if (found) return { pgDump, pgRestore, ...found };
  }
  const found = versionOf('pg_dump');
  if (found) return { pgDump: 'pg_dump', pgRestore: 'pg_restore', ...found };
  throw new Error(
    'pg_dump and pg_restore were not found. Install the PostgreSQL client (Debian: apt-get install postgresql-client-15) or set PG_BIN_DIR to the folder that holds them.',
  );
}

/** Refuses tools older than the server: pg_dump cannot read a newer server, and says so less plainly. */
export function assertToolsFit(tools: PostgresTools, serverVersionNum: number): void {
  const server = Math.floor(serverVersionNum / 10_000);
  if (tools.major < server) {
    throw new Error(
      `The database runs PostgreSQL ${server} but ${tools.pgDump} is version ${tools.major}: install the PostgreSQL ${server} client (Debian: apt-get install postgresql-client-${server}) or set PG_BIN_DIR to its bin folder.`,
    );
  }
}

/**
 * A connection string for a client program, with the password moved to
 * PGPASSWORD: in the command line every user of the machine could read it.
 */
export function clientConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  else delete env.PGPASSWORD;
  return { dbname: url.toString(), env };
}

/** The database named by a URL, for messages (no password). */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `database "${decodeURIComponent(url.pathname.slice(1))}" on ${url.hostname}:${url.port || 5432}`;
}

/** Runs a client program; its standard output as a stream, and a promise of its end (rejected, with its stderr, on failure). */
export function runTool(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  input?: Readable,
): { stdout: Readable; done: Promise<void> } {
  const child = spawn(binary, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 20_000) stderr += text;
  });
  // pg_restore stopping early (an error) closes its input: that is its error to report, not EPIPE.
  child.stdin.on('error', () => undefined);
  if (input) {
    input.on('error', (error) => {
      stderr += `\n${error.message}`;
      child.kill('SIGTERM');
    });
    input.pipe(child.stdin);
  } else child.stdin.end();
  const name = binary.split('/').pop();
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`${name} could not be started: ${error.message}`)));
    child.on('close', (code, signal) => {
      input?.destroy();
      if (code === 0) resolve();
      else reject(new Error(`${name} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
  // Awaited by the caller once it has read the output; a failure meanwhile is not an unhandled rejection.
  done.catch(() => undefined);
  return { stdout: child.stdout, done };
}
