import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LocalPostgresOptions {
  /** Folder that holds the cluster; created (and initialised) when missing. */
  dataDir: string;
  /** Port to listen on; a free one is picked when absent. */
  port?: number;
  /**
   * Trade durability for speed (fsync, synchronous_commit and full_page_writes
   * off). Only for throwaway clusters such as the test harness.
   */
  ephemeral?: boolean;
  /** Server settings (`-c name=value`) for this start, e.g. memory sized to the machine. */
  settings?: Record<string, string>;
}

export interface LocalPostgres {
  /** URL of the `postgres` maintenance database as the superuser. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server: `fast` (default) rolls back and shuts down cleanly; `immediate` kills it, as a crash does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

/** Finds initdb/pg_ctl: PG_BIN_DIR, then the newest /usr/lib/postgresql/N/bin, then pg_config. */
export function findPostgresBinaries(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(join(fromEnv, 'pg_ctl'))) return fromEnv;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(base, versions[0], 'bin');
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = pgConfig.stdout?.trim();
  if (pgConfig.status === 0 && dir && existsSync(join(dir, 'pg_ctl'))) return dir;
  throw new Error(
    'PostgreSQL server binaries not found. Install them (Debian: apt-get install postgresql-15), set PG_BIN_DIR, or set DATABASE_URL.',
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** PostgreSQL refuses to run as root: when we are root, its commands run as the `postgres` OS user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', process.env.PG_OS_USER ?? 'postgres', '--', command, ...args]];
}

async function serverUserIds(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const user = process.env.PG_OS_USER ?? 'postgres';
  const { stdout } = await run('id', ['-u', user]);
  const { stdout: gid } = await run('id', ['-g', user]);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}

async function exec(command: string, args: string[]): Promise<string> {
  const [cmd, argv] = asServerUser(command, args);
  try {
    const { stdout } = await run(cmd, argv, { maxBuffer: 10 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${command} failed: ${e.stderr || e.stdout || e.message}`, { cause: error });
  }
}

/**
 * Starts (initialising when needed) a PostgreSQL cluster in `dataDir` with the
 * machine's server binaries. A cluster already running there is reused.
 */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const bin = findPostgresBinaries();
  const dataDir = resolve(options.dataDir);
  const socketDir = join(dataDir, 'socket');
  const passwordFile = join(dataDir, '..', `${dataDir.split('/').pop()}.password`);
  const ids = await serverUserIds();

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // The parents keep the usual mode: as root, the server user must pass through them to
    // read the password file beside the cluster. Only the cluster itself is private.
    await mkdir(dirname(dataDir), { recursive: true });
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (ids) await chown(dataDir, ids.uid, ids.gid);
    const password = options.ephemeral ? null : randomBytes(18).toString('base64url');
    const args = ['-D', dataDir, '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'];
    if (password) {
      const pwfile = join(dataDir, '..', `.initdb-${process.pid}`);
      await writeFile(pwfile, password, { mode: 0o600 });
      if (ids) await chown(pwfile, ids.uid, ids.gid);
      args.push('--auth-local=scram-sha-256', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
      await exec(join(bin, 'initdb'), args).finally(() =>
        import('node:fs/promises').then((fs) => fs.rm(pwfile, { force: true })),
      );
      await writeFile(passwordFile, password, { mode: 0o600 });
    } else {
      args.push('--auth=trust');
      await exec(join(bin, 'initdb'), args);
    }
  }
  const password = existsSync(passwordFile) ? (await readFile(passwordFile, 'utf8')).trim() : null;
  const credentials = password ? `postgres:${encodeURIComponent(password)}` : 'postgres';

  const running = await readRunningPort(dataDir);
  if (running !== null) {
    return handle(running, false);
  }

  await mkdir(socketDir, { recursive: true });
  if (ids) await chown(socketDir, ids.uid, ids.gid);
  const port = options.port ?? (await freePort());
  const settings = [`-p ${port}`, `-k ${socketDir}`, `-c listen_addresses=127.0.0.1`, `-c max_connections=200`];
  if (options.ephemeral) {
    settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  }
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    if (!/^[a-z_]+$/.test(name) || !/^[\w.]+$/.test(value)) throw new Error(`Invalid server setting ${name}=${value}`);
    settings.push(`-c ${name}=${value}`);
  }
  await exec(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    settings.join(' '),
    '-l',
    join(dataDir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  return handle(port, true);

  function handle(port: number, owned: boolean): LocalPostgres {
    return {
      url: `postgres://${credentials}@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      async stop(mode = 'fast') {
        if (!owned) return;
        await exec(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
      },
    };
  }
}

/** Port of a live postmaster in `dataDir`, or null when none runs there. */
async function readRunningPort(dataDir: string): Promise<number | null> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
    return Number.isFinite(port) ? port : null;
  } catch {
    return null;
  }
}
