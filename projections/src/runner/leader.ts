import { Client } from 'pg';

const PROJECTOR_LOCK_KEY = 7_364_201_912;

export interface Leadership {
  /** Resolves when leadership is lost (the lock's connection died). */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * Waits until this process holds the projector lock: a session-level advisory
 * lock on a dedicated connection. One projector runs; a standby waits here and
 * takes over when the leader's connection goes away.
 */
export async function acquireLeadership(
  connectionString: string,
  options: {
    retryMs?: number;
    signal?: AbortSignal;
    onWaiting?: () => void;
    /** The advisory lock to hold; default the projector's. Another role (a process manager) takes its own. */
    lockKey?: number;
  } = {},
): Promise<Leadership | null> {
  const lockKey = options.lockKey ?? PROJECTOR_LOCK_KEY;
  let warned = false;
  while (!options.signal?.aborted) {
    const client = new Client({ connectionString });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lockKey]);
      if (rows[0]?.locked) {
        let markLost!: () => void;
        const lost = new Promise<void>((resolve) => (markLost = resolve));
        client.on('error', () => markLost());
        client.on('end', () => markLost());
        return {
          lost,
          async release() {
            await client.query('SELECT pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
            await client.end().catch(() => undefined);
          },
        };
      }
      await client.end();
      if (!warned) options.onWaiting?.();
      warned = true;
    } catch {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 2000));
  }
  return null;
}
