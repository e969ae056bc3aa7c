import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CancelTransferInput, CreateTransferInput, ReceiveTransferInput } from '@pharmacy/contracts';
import {
  decideReservation,
  DomainError,
  stockDecider,
  stockStreamId,
  todayIn,
  transferDecider,
  transferStatusConflict,
  transferStreamId,
  type RequestedLine,
  type ReserveTransferCommand,
  type TransferCommand,
  type TransferEvent,
  type TransferState,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { CommandOutcome } from '../common/command-executor';
import { CommandExecutor } from '../common/command-executor';
import { newEntityId } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { WriteModel } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { factOf, TransferProcess, transferEventId } from './transfer-process';

/** Creates a pending transfer; answers its id. */
export class CreateTransferCommand extends Command<string> {
  constructor(
    readonly input: CreateTransferInput,
    readonly context: RequestContext,
    /**
     * The caller works at the source (its staff, or an administrator): the
     * packs are reserved at once. Otherwise the request holds nothing until
     * the source approves it (ADR 0011, "Requests from outside the source").
     */
    readonly atSource: boolean,
  ) {
    super();
  }
}

/** One step of a transfer's lifecycle, decided on its stream. */
export class TransferActionCommand extends Command<void> {
  constructor(
    readonly transferId: string,
    readonly action:
      | { type: 'approve' }
      | { type: 'receive'; input: ReceiveTransferInput }
      | { type: 'cancel'; input: CancelTransferInput },
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * From the source's staff: the source reserves the packs (one append to its
 * stock stream, where no unit can be both sold and sent); the transfer's own
 * stream then records the request (a process step, taken here and again by
 * the reactor). From anyone else: one append to the transfer's stream, the
 * request with what the source's stock would give now; nothing is held.
 */
@CommandHandler(CreateTransferCommand)
export class CreateTransferHandler implements ICommandHandler<CreateTransferCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly process: TransferProcess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, context, atSource }: CreateTransferCommand): Promise<string> {
    const [from, to] = await Promise.all([
      this.writeModel.pharmacy(input.fromPharmacyId),
      this.writeModel.pharmacy(input.toPharmacyId),
    ]);
    if (!from.details.isActive) {
      throw new DomainError('PHARMACY_INACTIVE', `${from.details.name} is inactive: it cannot send stock.`, {
        pharmacyId: from.id,
      });
    }
    if (!to.details.isActive) {
      throw new DomainError('PHARMACY_INACTIVE', `${to.details.name} is inactive: it cannot receive stock.`, {
        pharmacyId: to.id,
      });
    }
    const items = await Promise.all(
      input.items.map(async (item) => {
        const { product } = await this.writeModel.product(item.productId);
        return {
          productId: item.productId,
          productName: product.details.name,
          quantity: item.quantity,
          batchId: item.batchId,
        };
      }),
    );
    const transferId = newEntityId(context, 'transfer');
    const now = new Date();
    const reservation: ReserveTransferCommand = {
      type: 'ReserveTransfer',
      transferId,
      pharmacyId: from.id,
      toPharmacyId: to.id,
      notes: input.notes,
      requestedBy: context.userId,
      requestedAt: now.toISOString(),
      today: todayIn(this.config.TIME_ZONE, now),
      items,
      approval: null,
    };
    if (!atSource) {
      await this.request(reservation, context);
      return transferId;
    }
    const reserved = await this.executor.execute(stockStreamId(from.id), stockDecider, reservation, context, {
      snapshot: STOCK_SNAPSHOTS,
      eventId: () => transferEventId('TransferStockReserved', transferId),
      waitForProjections: false,
    });
    const [event] = reserved.events;
    if (event?.type !== 'TransferStockReserved') throw new Error('a transfer that reserved nothing');
    const requested = await this.process.followNow(factOf(event, context));
    await this.executor.settle(context, reserved, ...(requested ? [requested] : []));
    return transferId;
  }

  /**
   * A request from outside the source. Its items are what the source's stock
   * decides it would give now (refused as a reservation would be: too few
   * packs, an expired batch); the approval reserves again from the stock as
   * it is then. A retry under the same Idempotency-Key finds its transfer
   * recorded and is answered from it, whatever the stock has become.
   */
  private async request(reservation: ReserveTransferCommand, context: RequestContext): Promise<void> {
    const streamId = transferStreamId(reservation.transferId);
    const recorded = await this.executor.read(streamId, transferDecider, (state) => state !== null);
    const items = recorded
      ? []
      : ((
          await this.executor.read(
            stockStreamId(reservation.pharmacyId),
            stockDecider,
            (state) => decideReservation(reservation, state),
            { snapshot: STOCK_SNAPSHOTS },
          )
        )?.items ?? []);
    const outcome = await this.executor.execute(
      streamId,
      transferDecider,
      {
        type: 'RecordTransferRequest',
        request: {
          transferId: reservation.transferId,
          fromPharmacyId: reservation.pharmacyId,
          toPharmacyId: reservation.toPharmacyId,
          notes: reservation.notes,
          requestedBy: reservation.requestedBy,
          requestedAt: reservation.requestedAt,
          items,
          reserved: false,
          lines: reservation.items.map(({ productId, quantity, batchId }) => ({ productId, quantity, batchId })),
        },
      },
      context,
      { eventId: () => transferEventId('TransferRequested', reservation.transferId), waitForProjections: false },
    );
    await this.executor.settle(context, outcome);
  }
}

/**
 * Approve, receive or cancel: one append to the transfer's stream, then the
 * step it calls for at a pharmacy. Approving a request from outside the
 * source is one append to the source's stock stream instead: the reservation
 * (refused when the stock is gone), which the process records as the approval
 * and then dispatches.
 */
@CommandHandler(TransferActionCommand)
export class TransferActionHandler implements ICommandHandler<TransferActionCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly process: TransferProcess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ transferId, action, context }: TransferActionCommand): Promise<void> {
    if (action.type === 'approve') {
      const request = await this.executor.read(transferStreamId(transferId), transferDecider, (state) =>
        state && !state.reservedOnRequest ? { ...state, lines: [...state.lines] } : null,
      );
      if (request) return this.approveRequest(transferId, request, context);
    }
    const now = new Date();
    const at = now.toISOString();
    const command: TransferCommand =
      action.type === 'approve'
        ? { type: 'ApproveTransfer', transferId, by: context.userId, at }
        : action.type === 'receive'
          ? {
              type: 'ReceiveTransfer',
              transferId,
              by: context.userId,
              at,
              today: todayIn(this.config.TIME_ZONE, now),
              received: action.input.items,
              discrepancyReason: action.input.discrepancyReason,
            }
          : { type: 'CancelTransfer', transferId, by: context.userId, at, reason: action.input.reason };
    const typeOf: Record<TransferCommand['type'], TransferEvent['type']> = {
      RecordTransferRequest: 'TransferRequested',
      ApproveTransfer: 'TransferApproved',
      ReceiveTransfer: 'TransferReceived',
      CancelTransfer: 'TransferCancelled',
    };
    const outcome = await this.executor.execute(transferStreamId(transferId), transferDecider, command, context, {
      eventId: () => transferEventId(typeOf[command.type] as 'TransferApproved', transferId),
      waitForProjections: false,
    });
    const [event] = outcome.events;
    const followed = event ? await this.process.followNow(factOf(event, context)) : null;
    await this.executor.settle(context, outcome, ...(followed ? [followed] : []));
  }

  /**
   * The source approves a request that held nothing: its stock decides what
   * it can send now (a shortage refuses the approval and nothing is written);
   * the process then records the approval and dispatches. A retry under the
   * same Idempotency-Key is answered from the first attempt (the reservation
   * is found by its key), each step recorded once.
   */
  private async approveRequest(transferId: string, request: TransferState, context: RequestContext): Promise<void> {
    const now = new Date();
    const items = await Promise.all(request.lines.map((line) => this.named(line)));
    const transferStatus = async () =>
      (await this.executor.read(transferStreamId(transferId), transferDecider, (state) => state?.status)) ??
      request.status;
    const reserved = await this.executor.execute(
      stockStreamId(request.fromPharmacyId),
      stockDecider,
      {
        type: 'ReserveTransfer',
        transferId,
        pharmacyId: request.fromPharmacyId,
        toPharmacyId: request.toPharmacyId,
        notes: request.notes,
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt,
        today: todayIn(this.config.TIME_ZONE, now),
        items,
        approval: { approvedBy: context.userId, approvedAt: now.toISOString(), transferStatus: request.status },
      },
      context,
      {
        snapshot: STOCK_SNAPSHOTS,
        eventId: () => transferEventId('TransferStockReserved', transferId),
        waitForProjections: false,
        // Cancelled (or approved by someone else) since it was read: reserve nothing.
        precondition: async () => {
          const status = await transferStatus();
          if (status !== 'pending') throw transferStatusConflict(transferId, status, ['pending'], 'approved');
        },
      },
    );
    const steps: Array<CommandOutcome<{ type: string }, undefined>> = [reserved];
    // No event: an approval's reservation was there already (another approval in flight, or one whose
    // process died before recording it); its steps are that approval's, or the reactor's.
    const [event] = reserved.events;
    const approved =
      event?.type === 'TransferStockReserved' ? await this.process.followNow(factOf(event, context)) : null;
    const [approval] = approved?.events ?? [];
    if (approved) steps.push(approved);
    if (approval?.type === 'TransferApproved') {
      const dispatched = await this.process.followNow(factOf(approval as TransferEvent, context));
      if (dispatched) steps.push(dispatched);
    }
    await this.executor.settle(context, ...steps);
    if (approval?.type === 'TransferStockReleased') {
      // Cancelled while the approval reserved: the packs went back on sale.
      throw transferStatusConflict(transferId, 'cancelled', ['pending'], 'approved');
    }
  }

  private async named(line: RequestedLine) {
    const { product } = await this.writeModel.product(line.productId);
    return { ...line, productName: product.details.name };
  }
}

export const transferCommandHandlers = [CreateTransferHandler, TransferActionHandler];
