import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Category, CategoryInput, Supplier, SupplierInput } from '@pharmacy/contracts';
import {
  categoryDecider,
  categoryStreamId,
  supplierDecider,
  supplierStreamId,
  type CategoryState,
  type SupplierState,
} from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { CommandExecutor, type StreamMeta } from '../common/command-executor';
import type { RequestContext } from '../common/request-context';
import { READ_DB } from '../infrastructure/tokens';

function stamped(meta: StreamMeta): { createdAt: string; updatedAt: string } {
  const updatedAt = meta.updatedAt ?? new Date().toISOString();
  return { createdAt: meta.createdAt ?? updatedAt, updatedAt };
}

const toCategory = (id: string, state: CategoryState, meta: StreamMeta): Category | null =>
  state.status === 'active' ? { id, ...state.details, ...stamped(meta) } : null;

const toSupplier = (id: string, state: SupplierState, meta: StreamMeta): Supplier | null =>
  state.status === 'active' ? { id, ...state.details, ...stamped(meta) } : null;

export class SaveCategoryCommand extends Command<Category> {
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

export class SaveSupplierCommand extends Command<Supplier> {
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

  async execute({ categoryId, input, mode, context }: SaveCategoryCommand): Promise<Category> {
    const command =
      mode === 'create'
        ? ({ type: 'CreateCategory', categoryId, details: input } as const)
        : ({ type: 'ChangeCategoryDetails', categoryId, details: input } as const);
    const { answer } = await this.executor.execute(categoryStreamId(categoryId), categoryDecider, command, context, {
      answer: (state, _events, meta) => toCategory(categoryId, state, meta),
    });
    return answer!;
  }
}

/**
 * How many products name a category or supplier, from the catalogue read
 * model. Deleting one that a product registered a moment ago still names is
 * a small race this check does not close: the product keeps a dangling
 * reference, shown without a name.
 */
async function productsUsing(db: ReadDb, column: 'categoryId' | 'supplierId', id: string): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler implements ICommandHandler<DeleteCategoryCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ categoryId, context }: DeleteCategoryCommand): Promise<void> {
    const productsUsingIt = await productsUsing(this.db, 'categoryId', categoryId);
    await this.executor.execute(
      categoryStreamId(categoryId),
      categoryDecider,
      { type: 'DeleteCategory', categoryId, productsUsingIt },
      context,
    );
  }
}

@CommandHandler(SaveSupplierCommand)
export class SaveSupplierHandler implements ICommandHandler<SaveSupplierCommand> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ supplierId, input, mode, context }: SaveSupplierCommand): Promise<Supplier> {
    const command =
      mode === 'create'
        ? ({ type: 'RegisterSupplier', supplierId, details: input } as const)
        : ({ type: 'ChangeSupplierDetails', supplierId, details: input } as const);
    const { answer } = await this.executor.execute(supplierStreamId(supplierId), supplierDecider, command, context, {
      answer: (state, _events, meta) => toSupplier(supplierId, state, meta),
    });
    return answer!;
  }
}

@CommandHandler(DeleteSupplierCommand)
export class DeleteSupplierHandler implements ICommandHandler<DeleteSupplierCommand> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_DB) private readonly db: ReadDb,
  ) {}

  async execute({ supplierId, context }: DeleteSupplierCommand): Promise<void> {
    const productsUsingIt = await productsUsing(this.db, 'supplierId', supplierId);
    await this.executor.execute(
      supplierStreamId(supplierId),
      supplierDecider,
      { type: 'DeleteSupplier', supplierId, productsUsingIt },
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
