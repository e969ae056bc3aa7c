import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CancelTransferInput, CreateTransferInput, ReceiveTransferInput } from '@pharmacy/contracts';
import {
  DomainError,
  stockDecider,
  stockStreamId,
  todayIn,
  transferDecider,
  transferStreamId,
  type TransferCommand,
  type TransferEvent,
} from '@pharmacy/domain';
import { CommandExecutor } from '../common/command-executor';
import { newEntityId } from '../common/idempotency';
import type { RequestContext } from '../common/request-context';
import { WriteModel } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { STOCK_SNAPSHOTS } from '../inventory/stock-snapshots';
import { factOf, TransferProcess, transferEventId } from './transfer-process';

/** Creates a pending transfer; answers its id. */
export class CreateTransferCommand extends Command<string> {
  constructor(
    readonly input: CreateTransferInput,
    readonly context: RequestContext,
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
 * The source reserves the packs (one append to its stock stream, where no
 * unit can be both sold and sent); the transfer's own stream then records
 * the request (a process step, taken here and again by the reactor).
 */
@CommandHandler(CreateTransferCommand)
export class CreateTransferHandler implements ICommandHandler<CreateTransferCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly writeModel: WriteModel,
    private readonly process: TransferProcess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, context }: CreateTransferCommand): Promise<string> {
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
    const reserved = await this.executor.execute(
      stockStreamId(from.id),
      stockDecider,
      {
        type: 'ReserveTransfer',
        transferId,
        pharmacyId: from.id,
        toPharmacyId: to.id,
        notes: input.notes,
        requestedBy: context.userId,
        requestedAt: now.toISOString(),
        today: todayIn(this.config.TIME_ZONE, now),
        items,
      },
      context,
      {
        snapshot: STOCK_SNAPSHOTS,
        eventId: () => transferEventId('TransferStockReserved', transferId),
        waitForProjections: false,
      },
    );
    const [event] = reserved.events;
    if (event?.type !== 'TransferStockReserved') throw new Error('a transfer that reserved nothing');
    const requested = await this.process.followNow(factOf(event, context));
    await this.executor.settle(context, reserved, ...(requested ? [requested] : []));
    return transferId;
  }
}

/** Approve, receive or cancel: one append to the transfer's stream, then the step it calls for at a pharmacy. */
@CommandHandler(TransferActionCommand)
export class TransferActionHandler implements ICommandHandler<TransferActionCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly process: TransferProcess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ transferId, action, context }: TransferActionCommand): Promise<void> {
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
}

export const transferCommandHandlers = [CreateTransferHandler, TransferActionHandler];
