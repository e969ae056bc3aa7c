import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CategoryInput, SupplierInput } from '@pharmacy/contracts';
import { categoryDecider, categoryStreamId, supplierDecider, supplierStreamId } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { CommandExecutor } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';
import { READ_DB } from '../infrastructure/tokens';

export class SaveCategoryCommand extends Command<void> {
  constructor(
    readonly categoryId: string,
    readonly input: CategoryInput,
    readonly mode: 'create' | 'update',
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class DeleteCategoryCommand extends Command<void> {
  constructor(
    readonly categoryId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class SaveSupplierCommand extends Command<void> {
  constructor(
    readonly supplierId: string,
    readonly input: SupplierInput,
    readonly mode: 'create' | 'update',
    readonly context: RequestContext,
  ) {
    super();
  }
}

export class DeleteSupplierCommand extends Command<void> {
  constructor(
    readonly supplierId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SaveCategoryCommand)
export class SaveCategoryHandler implements ICommandHandler<SaveCategoryCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ categoryId, input, mode, context }: SaveCategoryCommand): Promise<void> {
    const command =
      mode === 'create'
        ? ({ type: 'CreateCategory', categoryId, details: input } as const)
        : ({ type: 'ChangeCategoryDetails', categoryId, details: input } as const);
    await this.executor.execute(categoryStreamId(categoryId), categoryDecider, command, context);
  }
}

@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler implements ICommandHandler<DeleteCategoryCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ categoryId, context }: DeleteCategoryCommand): Promise<void> {
    const { count } = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('categoryId', '=', categoryId)
      .executeTakeFirstOrThrow();
    await this.executor.execute(
      categoryStreamId(categoryId),
      categoryDecider,
      { type: 'DeleteCategory', categoryId, productsUsingIt: Number(count) },
      context,
    );
  }
}

@CommandHandler(SaveSupplierCommand)
export class SaveSupplierHandler implements ICommandHandler<SaveSupplierCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ supplierId, input, mode, context }: SaveSupplierCommand): Promise<void> {
    const command =
      mode === 'create'
        ? ({ type: 'RegisterSupplier', supplierId, details: input } as const)
        : ({ type: 'ChangeSupplierDetails', supplierId, details: input } as const);
    await this.executor.execute(supplierStreamId(supplierId), supplierDecider, command, context);
  }
}

@CommandHandler(DeleteSupplierCommand)
export class DeleteSupplierHandler implements ICommandHandler<DeleteSupplierCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ supplierId, context }: DeleteSupplierCommand): Promise<void> {
    const { count } = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('supplierId', '=', supplierId)
      .executeTakeFirstOrThrow();
    await this.executor.execute(
      supplierStreamId(supplierId),
      supplierDecider,
      { type: 'DeleteSupplier', supplierId, productsUsingIt: Number(count) },
      context,
    );
  }
}

export const referenceDataHandlers = [
  SaveCategoryHandler,
  DeleteCategoryHandler,
  SaveSupplierHandler,
  DeleteSupplierHandler,
];
