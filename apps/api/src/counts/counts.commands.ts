import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { RecordCountsInput, StartCountInput, StockCountDetail } from '@pharmacy/contracts';
import {
  DomainError,
  stockDecider,
  stockStreamId,
  todayIn,
  type StockCommand,
  STOCK_SNAPSHOTS,
} from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import type { Principal } from '../common/access/access';
import { CommandExecutor } from '../common/command-executor';
import { newEntityId } from '../common/idempotency';
import { PharmacyScope } from '../common/pharmacy-scope';
import type { RequestContext } from '../common/request-context';
import { WriteModel } from '../common/write-model';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, READ_DB } from '../infrastructure/tokens';
import { StockCounts } from './counts.service';

/** Each answers the count as it stands after the command. */
export class StartCountCommand extends Command<StockCountDetail> {
  constructor(
    readonly input: StartCountInput,
    readonly caller: Principal,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class RecordCountsCommand extends Command<StockCountDetail> {
  constructor(
    readonly countId: string,
    readonly input: RecordCountsInput,
    readonly caller: Principal,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class PostCountCommand extends Command<StockCountDetail> {
  constructor(
    readonly countId: string,
    readonly caller: Principal,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class CancelCountCommand extends Command<StockCountDetail> {
  constructor(
    readonly countId: string,
    readonly reason: string | null,
    readonly caller: Principal,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** A count's command on its pharmacy's stock stream, through the one command path. */
function onStock(executor: CommandExecutor, pharmacyId: string, context: RequestContext, command: StockCommand) {
  return executor.execute(stockStreamId(pharmacyId), stockDecider, command, context, { snapshot: STOCK_SNAPSHOTS });
}

/** Starts a count of the pharmacy's stock (all of it, a category's or a shelf's): what the books hold now is expected. */
@CommandHandler(StartCountCommand)
export class StartCountHandler implements ICommandHandler<StartCountCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly counts: StockCounts,
    private readonly writeModel: WriteModel,
    private readonly scope: PharmacyScope,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ input, caller, context }: StartCountCommand): Promise<StockCountDetail> {
    await this.scope.assertWritable(caller, input.pharmacyId);
    await this.writeModel.pharmacy(input.pharmacyId);
    let productIds: string[] | null = null;
    if (input.categoryId || input.shelfLocation) {
      if (input.categoryId) await this.writeModel.category(input.categoryId);
      let products = this.db.selectFrom('products').select('id');
      if (input.categoryId) products = products.where('categoryId', '=', input.categoryId);
      if (input.shelfLocation) {
        products = products.where(sql<boolean>`lower(trim(shelf_location)) = ${input.shelfLocation.toLowerCase()}`);
      }
      productIds = (await products.execute()).map((p) => p.id);
    }
    const countId = newEntityId(context, 'stock-count');
    await onStock(this.executor, input.pharmacyId, context, {
      type: 'StartCount',
      countId,
      pharmacyId: input.pharmacyId,
      productIds,
      categoryId: input.categoryId,
      shelfLocation: input.shelfLocation,
      note: input.note,
      by: context.userId,
      at: new Date().toISOString(),
    });
    return this.counts.detail(countId, caller);
  }
}

/** Records packs counted per batch (again for a batch: replaces its count). */
@CommandHandler(RecordCountsCommand)
export class RecordCountsHandler implements ICommandHandler<RecordCountsCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly counts: StockCounts,
  ) {}

  async execute({ countId, input, caller, context }: RecordCountsCommand): Promise<StockCountDetail> {
    const pharmacyId = await this.counts.pharmacyOf(countId, caller);
    await onStock(this.executor, pharmacyId, context, {
      type: 'RecordCounts',
      countId,
      pharmacyId,
      by: context.userId,
      counts: input.counts,
    });
    return this.counts.detail(countId, caller);
  }
}

/** Posts counted − expected to the batches (administrators and the pharmacy's manager). */
@CommandHandler(PostCountCommand)
export class PostCountHandler implements ICommandHandler<PostCountCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly counts: StockCounts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ countId, caller, context }: PostCountCommand): Promise<StockCountDetail> {
    const pharmacyId = await this.counts.pharmacyOf(countId, caller);
    if (!(await this.counts.mayPost(caller, pharmacyId))) {
      throw new DomainError('FORBIDDEN', "Only an administrator or the pharmacy's manager can post a stock count.");
    }
    const now = new Date();
    await onStock(this.executor, pharmacyId, context, {
      type: 'PostCount',
      countId,
      pharmacyId,
      by: context.userId,
      at: now.toISOString(),
      today: todayIn(this.config.TIME_ZONE, now),
    });
    return this.counts.detail(countId, caller);
  }
}

@CommandHandler(CancelCountCommand)
export class CancelCountHandler implements ICommandHandler<CancelCountCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly counts: StockCounts,
  ) {}

  async execute({ countId, reason, caller, context }: CancelCountCommand): Promise<StockCountDetail> {
    const pharmacyId = await this.counts.pharmacyOf(countId, caller);
    await onStock(this.executor, pharmacyId, context, {
      type: 'CancelCount',
      countId,
      pharmacyId,
      by: context.userId,
      reason,
    });
    return this.counts.detail(countId, caller);
  }
}

export const countCommandHandlers = [StartCountHandler, RecordCountsHandler, PostCountHandler, CancelCountHandler];
