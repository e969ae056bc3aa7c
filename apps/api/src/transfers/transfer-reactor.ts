import { CommandBus } from '@nestjs/cqrs';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { DomainError, readEvent } from '@pharmacy/domain';
import type { EventStore, RecordedEvent, Subscription } from '@pharmacy/event-store';
import { acquireLeadership, readCheckpoint, writeCheckpoint } from '@pharmacy/projections';
import type { ReadDb } from '@pharmacy/read-db';
import { DATABASE_URL, EVENT_STORE, LOGGER, READ_DB } from '../infrastructure/tokens';
import { isTransferTrigger, TakeTransferStepCommand } from './transfer-process';

/** Its checkpoint, next to the projections' (it is not one: it writes to the log, not to tables). */
export const TRANSFER_REACTOR = { name: 'transfer-process', version: 1 } as const;
const LOCK_KEY = 7_364_201_913;
const RETRY_MS = 1000;

/**
 * Follows the log from its own checkpoint and takes every transfer step the
 * log calls for (see TransferProcess), so a transfer half-done by a process
 * that died is finished by the next one. One server runs it at a time (an
 * advisory lock, like the projector's); the checkpoint moves after a batch's
 * steps are taken, so a crash repeats steps (recorded once) but skips none.
 */
@Injectable()
export class TransferReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly commands: CommandBus,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.abort.abort();
    await this.subscription?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    while (!signal.aborted) {
      const leadership = await acquireLeadership(this.databaseUrl, { signal, lockKey: LOCK_KEY });
      if (!leadership) return;
      try {
        const after = await readCheckpoint(this.db, TRANSFER_REACTOR.name);
        // Shut down while the lock or the checkpoint was on its way: nothing to follow.
        if (signal.aborted) break;
        const subscription = this.store.subscribe({ after, batchSize: 200 }, (events) => this.handle(events));
        this.subscription = subscription;
        void leadership.lost.then(() => subscription.stop());
        await subscription.done;
      } catch (error) {
        if (!signal.aborted) {
          this.logger.warn({ err: error }, 'transfer reactor stopped; resuming from its checkpoint');
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      } finally {
        await this.subscription?.stop();
        this.subscription = null;
        await leadership.release();
      }
    }
  }

  private async handle(events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (!isTransferTrigger(event.type)) continue;
      try {
        await this.commands.execute(
          new TakeTransferStepCommand({
            id: event.id,
            type: event.type,
            data: readEvent(event).data,
            userId: event.metadata.userId,
            correlationId: event.metadata.correlationId,
          }),
        );
      } catch (error) {
        // A refusal will not change by trying again: say so loudly and go on (a stuck reactor would hold up every transfer).
        if (!(error instanceof DomainError)) throw error;
        this.logger.error(
          { err: error, eventId: event.id, type: event.type, streamId: event.streamId },
          'a transfer step was refused; the transfer needs a person to look at it',
        );
      }
    }
    const last = events.at(-1);
    if (last) {
      await this.db.transaction().execute((trx) => writeCheckpoint(trx, TRANSFER_REACTOR, last.position));
    }
  }
}
