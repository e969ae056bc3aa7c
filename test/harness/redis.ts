import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from '../../libs/read-db/src/local-postgres';

export interface LocalRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM: Redis saves what it must and exits), or kills it (SIGKILL: a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface LocalRedisOptions {
  /** Port to listen on; a free one is picked when absent. Given again after a stop, a restart. */
  port?: number;
  /**
   * Keep the keys in an append-only file in this folder, written before each
   * answer (appendfsync always), as production runs Redis: a restart on the
   * same folder finds every key. Without it: no persistence.
   */
  dataDir?: string;
}

/** Starts a redis-server on a loopback port: throwaway (no persistence) unless `dataDir` is given. */
export async function startLocalRedis(options: LocalRedisOptions = {}): Promise<LocalRedis> {
  const port = options.port ?? (await freePort());
  const persistence = options.dataDir
    ? ['--dir', options.dataDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--loglevel', 'warning'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let failure: Error | null = null;
  child.on('error', (error) => {
    failure = new Error(
      `redis-server could not start (${error.message}). Install it: apt-get install redis-server, or set REDIS_URL.`,
    );
  });
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (failure) throw failure;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
    socket.setTimeout(500);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
