import { z } from 'zod';
import { diff } from '../shared/changes';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';

export const categoryStreamId = (categoryId: string) => `category-${categoryId}`;

export const categoryDetailsSchema = z.object({
  name: z.string().min(1),
  nameAr: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
});
export type CategoryDetails = z.infer<typeof categoryDetailsSchema>;
const keys = Object.keys(categoryDetailsSchema.shape) as Array<keyof CategoryDetails>;

export const categoryEventSchemas = {
  CategoryCreated: z.object({ categoryId: z.string().uuid(), details: categoryDetailsSchema }),
  CategoryDetailsChanged: z.object({
    categoryId: z.string().uuid(),
    changes: categoryDetailsSchema.partial(),
    previous: categoryDetailsSchema.partial(),
  }),
  CategoryDeleted: z.object({ categoryId: z.string().uuid(), name: z.string() }),
} as const;

type Schemas = typeof categoryEventSchemas;
export type CategoryEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export type CategoryCommand =
  | { type: 'CreateCategory'; categoryId: string; details: CategoryDetails }
  | { type: 'ChangeCategoryDetails'; categoryId: string; details: CategoryDetails }
  /** `productsUsingIt`: how many products name this category (from the catalogue read model). */
  | { type: 'DeleteCategory'; categoryId: string; productsUsingIt: number };

export type CategoryState = { status: 'none' } | { status: 'active' | 'deleted'; details: CategoryDetails };

export const categoryNotFound = (categoryId: string) =>
  new DomainError('CATEGORY_NOT_FOUND', 'Category not found', { categoryId });

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, CategoryState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateCategory':
        if (state.status !== 'none') throw new DomainError('CATEGORY_ALREADY_EXISTS', 'This category already exists');
        return [{ type: 'CategoryCreated', data: { categoryId: command.categoryId, details: command.details } }];
      case 'ChangeCategoryDetails': {
        if (state.status !== 'active') throw categoryNotFound(command.categoryId);
        const changed = diff(state.details, command.details, keys);
        return changed
          ? [{ type: 'CategoryDetailsChanged', data: { categoryId: command.categoryId, ...changed } }]
          : [];
      }
      case 'DeleteCategory':
        if (state.status !== 'active') throw categoryNotFound(command.categoryId);
        if (command.productsUsingIt > 0) {
          throw new DomainError(
            'CATEGORY_IN_USE',
            `This category is used by ${command.productsUsingIt} product(s). Move them to another category first.`,
            { productsUsingIt: command.productsUsingIt },
          );
        }
        return [{ type: 'CategoryDeleted', data: { categoryId: command.categoryId, name: state.details.name } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { status: 'active', details: event.data.details };
      case 'CategoryDetailsChanged':
        return state.status === 'none' ? state : { ...state, details: { ...state.details, ...event.data.changes } };
      case 'CategoryDeleted':
        return state.status === 'none' ? state : { status: 'deleted', details: state.details };
      default:
        return assertNever(event);
    }
  },
};
