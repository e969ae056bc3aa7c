import { HttpException, HttpStatus } from '@nestjs/common';
import { sql } from 'kysely';
import type { ReadDb } from '@pharmacy/read-db';

/**
 * Fixed-window counters in PostgreSQL, so every API replica shares them.
 * Used on the sign-in paths against guessing and mail flooding.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: ReadDb) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<void> {
    const now = Date.now();
    const windowStart = new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
    const row = await this.db
      .insertInto('rateLimits')
      .values({ key, windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.db
        .deleteFrom('rateLimits')
        .where('windowStart', '<', new Date(now - 24 * 3600 * 1000))
        .execute();
    }
    if (row.hits > limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now) / 1000));
      throw new HttpException(
        {
          code: 'RATE_LIMITED',
          message: `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
          retryAfter,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
