import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

/** The built entry points the production topology runs (`npm run build:server`). */
export const entryPoints = {
  api: join(root, 'apps/api/dist/main.js'),
  projector: join(root, 'apps/projector/dist/main.js'),
  worker: join(root, 'apps/worker/dist/main.js'),
  verify: join(root, 'apps/api/dist/cli/verify.js'),
} as const;

/** One server process of the suite: its own process group, its output kept (and written to `logFile`). */
export class ServerProcess {
  readonly pid: number;
  readonly startedAt = Date.now();
  /** Resolves when the process has exited, with how. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    if (child.pid === undefined) throw new Error(`${name} did not start`);
    this.pid = child.pid;
    const log = createWriteStream(logFile, { flags: 'a' });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      log.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        log.end();
        running.delete(this);
        resolve(this.exit);
      }),
    );
    running.add(this);
  }

  get alive(): boolean {
    return this.exit === null;
  }

  /** How it ended, for a report: `running`, `exit 1`, `SIGKILL`. */
  get status(): string {
    if (!this.exit) return 'running';
    return this.exit.signal ?? `exit ${this.exit.code}`;
  }

  /** Everything it printed so far. */
  get log(): string {
    return this.output;
  }

  /** The last lines it printed (for a failure message). */
  tail(lines = 15): string {
    return this.output
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  }

  /** Resolves when its output has a line matching `pattern` after `from` (an offset in `log`); with the time waited. */
  async waitForLine(pattern: RegExp, timeoutMs: number, from = 0): Promise<number> {
    const started = Date.now();
    for (;;) {
      if (pattern.test(this.output.slice(from))) return Date.now() - started;
      if (!this.alive)
        throw new Error(`${this.name} ended (${this.status}) before printing ${pattern}:\n${this.tail()}`);
      if (Date.now() - started > timeoutMs) {
        throw new Error(`${this.name} did not print ${pattern} within ${timeoutMs} ms:\n${this.tail()}`);
      }
      await sleep(50);
    }
  }

  /** Kills its whole process group with this signal and waits until it has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.alive) return;
    killGroup(this.pid, signal);
    await this.exited;
  }

  /** SIGTERM (a clean stop), then SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.alive) return;
    killGroup(this.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(this.pid, 'SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Every process started and not yet exited: what `stopAll` and the exit hook end. */
const running = new Set<ServerProcess>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Starts `node <script>` in a process group of its own, with only the given environment (plus PATH and HOME). */
export function startNode(name: string, script: string, env: Record<string, string>, logDir: string): ServerProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new ServerProcess(name, child, join(logDir, `${name}.log`));
}

/** Stops every process this suite started and has not seen exit (cleanly, then by force). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop(3000)));
}

// Whatever happens to the suite (a failed assertion, a timeout, Ctrl-C), nothing it started outlives it.
process.on('exit', () => {
  for (const p of running) killGroup(p.pid, 'SIGKILL');
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`'s result, or a failure as soon as one of these processes ends meanwhile (with the end of its log). */
export function whileAlive<T>(work: Promise<T>, ...processes: ServerProcess[]): Promise<T> {
  let stop = () => undefined as void;
  const ended = new Promise<never>((_, reject) => {
    let watching = true;
    stop = () => void (watching = false);
    for (const p of processes) {
      void p.exited.then(() => {
        if (watching) reject(new Error(`${p.name} (pid ${p.pid}) ended (${p.status}):\n${p.tail()}`));
      });
    }
  });
  return Promise.race([work, ended]).finally(stop);
}
