import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  DomainError,
  type DomainEvent,
  stockDecider,
  stockStreamId,
  transferDecider,
  transferStreamId,
  type StockEvent,
  type TransferEvent,
  type TransferStockReservedData,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import { CommandExecutor, type CommandOutcome } from '../common/command-executor';
import { nameBasedUuid } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { LOGGER } from '../infrastructure/tokens';

/**
 * The transfer process manager (ADR 0011). A transfer touches three streams:
 * its own and the stock streams of both pharmacies. Each user action is one
 * append to one stream; every consequence on another stream is a step this
 * process takes in reaction to the fact that calls for it:
 *
 *   TransferStockReserved (source)  → TransferRequested          (transfer)
 *     … an approval's (a request from outside the source)
 *                                    → TransferApproved           (transfer)
 *       or, the transfer cancelled meanwhile, TransferStockReleased (source)
 *   TransferApproved      (transfer) → TransferDispatched         (source)
 *   TransferReceived      (transfer) → TransferStockArrived       (destination)
 *   TransferCancelled     (transfer) → TransferStockReleased | TransferStockReturned (source)
 *
 * The command handler takes the step at once, so the caller sees its
 * result; the transfer reactor takes it again from the log, so a crash
 * between the two appends is finished when the process comes back. Each
 * step is a keyed command whose key derives from the transfer and the step:
 * taken twice, it is recorded once (the second finds the first).
 */

/** The facts that call for a step. */
export const transferProcessTriggers = [
  'TransferStockReserved',
  'TransferApproved',
  'TransferReceived',
  'TransferCancelled',
] as const;
type Trigger = Extract<StockEvent | TransferEvent, { type: (typeof transferProcessTriggers)[number] }>;

/** A fact the process reacts to: its event's id (the causation of the step), who caused it and the correlation. */
export interface TransferFact {
  id: string;
  type: string;
  data: unknown;
  userId: string | null;
  correlationId: string;
}

/**
 * The id of a transfer's event of this type. Each happens once per transfer,
 * so the id names it: a retry writes the same id, and a step names its cause.
 * (One reservation per transfer: when the request was made, or when the
 * source approved a request that held nothing.)
 */
export const transferEventId = (type: Trigger['type'] | 'TransferRequested', transferId: string) =>
  nameBasedUuid(`${type}|${transferId}`);

export function isTransferTrigger(type: string): boolean {
  return (transferProcessTriggers as readonly string[]).includes(type);
}

/** Take the step this fact calls for (recorded once however often it is taken); its outcome, or null for none. */
export class TakeTransferStepCommand extends Command<CommandOutcome<DomainEvent, undefined> | null> {
  constructor(readonly fact: TransferFact) {
    super();
  }
}

@CommandHandler(TakeTransferStepCommand)
export class TransferProcess implements ICommandHandler<TakeTransferStepCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly commands: CommandBus,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {}

  async execute({ fact }: TakeTransferStepCommand): Promise<CommandOutcome<DomainEvent, undefined> | null> {
    if (!isTransferTrigger(fact.type)) return null;
    const event = { type: fact.type, data: fact.data } as Trigger;
    const step = (name: string): { context: RequestContext; causationId: string } => ({
      causationId: fact.id,
      context: {
        userId: fact.userId,
        pharmacyId: null,
        correlationId: fact.correlationId,
        userName: null,
        idempotency: { key: `transfer-process|${event.data.transferId}|${name}`, requestHash: 'transfer-process' },
        readModelsBehind: () => undefined,
        answerReads: null,
        wrote: () => undefined,
      },
    });
    const quietly = { waitForProjections: false } as const;
    switch (event.type) {
      case 'TransferStockReserved': {
        const { approval, ...d } = event.data;
        if (approval) return this.approveReserved({ ...d, approval }, step);
        const { context, causationId } = step('request');
        return this.executor.execute(
          transferStreamId(d.transferId),
          transferDecider,
          {
            type: 'RecordTransferRequest',
            request: {
              transferId: d.transferId,
              fromPharmacyId: d.pharmacyId,
              toPharmacyId: d.toPharmacyId,
              notes: d.notes,
              requestedBy: d.requestedBy,
              requestedAt: d.requestedAt,
              items: d.items,
              reserved: true,
              // Held batch by batch from the start: nothing is asked again.
              lines: d.items.map(({ productId, quantity, batchId }) => ({ productId, quantity, batchId })),
            },
          },
          context,
          { ...quietly, causationId },
        );
      }
      case 'TransferApproved': {
        const { context, causationId } = step('dispatch');
        const d = event.data;
        return this.executor.execute(
          stockStreamId(d.fromPharmacyId),
          stockDecider,
          {
            type: 'DispatchTransfer',
            transferId: d.transferId,
            pharmacyId: d.fromPharmacyId,
            toPharmacyId: d.toPharmacyId,
          },
          context,
          { ...quietly, causationId, snapshot: STOCK_SNAPSHOTS },
        );
      }
      case 'TransferReceived': {
        const { context, causationId } = step('arrive');
        const d = event.data;
        return this.executor.execute(
          stockStreamId(d.toPharmacyId),
          stockDecider,
          {
            type: 'ArriveTransfer',
            transferId: d.transferId,
            pharmacyId: d.toPharmacyId,
            fromPharmacyId: d.fromPharmacyId,
            today: d.receivedOn,
            items: d.items
              .filter((item) => item.receivedQuantity > 0)
              .map(({ receivedQuantity, ...item }) => ({
                ...item,
                quantity: receivedQuantity,
                newBatchId: nameBasedUuid(`transfer-batch|${d.transferId}|${item.batchId}`),
              })),
          },
          context,
          { ...quietly, causationId, snapshot: STOCK_SNAPSHOTS },
        );
      }
      case 'TransferCancelled': {
        const d = event.data;
        const { context, causationId } = step(d.stage === 'pending' ? 'release' : 'return');
        return this.executor.execute(
          stockStreamId(d.fromPharmacyId),
          stockDecider,
          d.stage === 'pending'
            ? { type: 'ReleaseTransfer', transferId: d.transferId, pharmacyId: d.fromPharmacyId }
            : {
                type: 'ReturnTransfer',
                transferId: d.transferId,
                pharmacyId: d.fromPharmacyId,
                items: d.items.map(({ batchId, productId, quantity }) => ({ batchId, productId, quantity })),
              },
          context,
          { ...quietly, causationId, snapshot: STOCK_SNAPSHOTS },
        );
      }
    }
  }

  /**
   * The source's approval of a request that held nothing has reserved the
   * packs: record the approval with them (the transfer's id for it, so the
   * dispatch names it whoever wrote it). Cancelled meanwhile (approve and
   * cancel are then on two streams, and the cancellation's release may have
   * come before the reservation): the packs are for sale again.
   */
  private async approveReserved(
    d: TransferStockReservedData & { approval: NonNullable<TransferStockReservedData['approval']> },
    step: (name: string) => { context: RequestContext; causationId: string },
  ): Promise<CommandOutcome<DomainEvent, undefined>> {
    const approve = step('approve');
    try {
      return await this.executor.execute(
        transferStreamId(d.transferId),
        transferDecider,
        {
          type: 'ApproveTransfer',
          transferId: d.transferId,
          by: d.approval.approvedBy,
          at: d.approval.approvedAt,
          reserved: d.items,
        },
        approve.context,
        {
          waitForProjections: false,
          causationId: approve.causationId,
          eventId: () => transferEventId('TransferApproved', d.transferId),
        },
      );
    } catch (error) {
      const cancelled =
        error instanceof DomainError &&
        error.code === 'TRANSFER_STATUS_CONFLICT' &&
        error.details.status === 'cancelled';
      if (!cancelled) throw error;
      const release = step('release-unapproved');
      return this.executor.execute(
        stockStreamId(d.pharmacyId),
        stockDecider,
        { type: 'ReleaseTransfer', transferId: d.transferId, pharmacyId: d.pharmacyId },
        release.context,
        { waitForProjections: false, causationId: release.causationId, snapshot: STOCK_SNAPSHOTS },
      );
    }
  }

  /**
   * The step a command handler takes right after its own append. Its failure
   * does not fail the command, whose write has landed: the reactor takes the
   * step from the log.
   */
  async followNow(fact: TransferFact): Promise<CommandOutcome<DomainEvent, undefined> | null> {
    try {
      return await this.commands.execute(new TakeTransferStepCommand(fact));
    } catch (error) {
      const log = error instanceof DomainError ? this.logger.error : this.logger.warn;
      log.call(
        this.logger,
        { err: error, eventId: fact.id, type: fact.type },
        'transfer step not taken now; the transfer reactor takes it from the log',
      );
      return null;
    }
  }
}

/** The fact a handler's own append recorded, for `followNow`. */
export function factOf(event: { type: string; data: { transferId: string } }, context: RequestContext): TransferFact {
  return {
    id: transferEventId(event.type as Trigger['type'], event.data.transferId),
    type: event.type,
    data: event.data,
    userId: context.userId,
    correlationId: context.correlationId ?? randomUUID(),
  };
}
