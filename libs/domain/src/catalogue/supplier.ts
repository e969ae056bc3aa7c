import { z } from 'zod';
import { diff } from '../shared/changes';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';

export const supplierStreamId = (supplierId: string) => `supplier-${supplierId}`;

export const supplierDetailsSchema = z.object({
  name: z.string().min(1),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
});
export type SupplierDetails = z.infer<typeof supplierDetailsSchema>;
const keys = Object.keys(supplierDetailsSchema.shape) as Array<keyof SupplierDetails>;

export const supplierEventSchemas = {
  SupplierRegistered: z.object({ supplierId: z.string().uuid(), details: supplierDetailsSchema }),
  SupplierDetailsChanged: z.object({
    supplierId: z.string().uuid(),
    changes: supplierDetailsSchema.partial(),
    previous: supplierDetailsSchema.partial(),
  }),
  SupplierDeleted: z.object({ supplierId: z.string().uuid(), name: z.string() }),
} as const;

type Schemas = typeof supplierEventSchemas;
export type SupplierEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export type SupplierCommand =
  | { type: 'RegisterSupplier'; supplierId: string; details: SupplierDetails }
  | { type: 'ChangeSupplierDetails'; supplierId: string; details: SupplierDetails }
  | { type: 'DeleteSupplier'; supplierId: string; productsUsingIt: number };

export type SupplierState = { status: 'none' } | { status: 'active' | 'deleted'; details: SupplierDetails };

export const supplierNotFound = (supplierId: string) =>
  new DomainError('SUPPLIER_NOT_FOUND', 'Supplier not found', { supplierId });

export const supplierDecider: Decider<SupplierCommand, SupplierEvent, SupplierState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterSupplier':
        if (state.status !== 'none') throw new DomainError('SUPPLIER_ALREADY_EXISTS', 'This supplier already exists');
        return [{ type: 'SupplierRegistered', data: { supplierId: command.supplierId, details: command.details } }];
      case 'ChangeSupplierDetails': {
        if (state.status !== 'active') throw supplierNotFound(command.supplierId);
        const changed = diff(state.details, command.details, keys);
        return changed
          ? [{ type: 'SupplierDetailsChanged', data: { supplierId: command.supplierId, ...changed } }]
          : [];
      }
      case 'DeleteSupplier':
        if (state.status !== 'active') throw supplierNotFound(command.supplierId);
        if (command.productsUsingIt > 0) {
          throw new DomainError(
            'SUPPLIER_IN_USE',
            `This supplier is named on ${command.productsUsingIt} product(s). Choose another supplier for them first, or mark this one inactive.`,
            { productsUsingIt: command.productsUsingIt },
          );
        }
        return [{ type: 'SupplierDeleted', data: { supplierId: command.supplierId, name: state.details.name } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'SupplierRegistered':
        return { status: 'active', details: event.data.details };
      case 'SupplierDetailsChanged':
        return state.status === 'none' ? state : { ...state, details: { ...state.details, ...event.data.changes } };
      case 'SupplierDeleted':
        return state.status === 'none' ? state : { status: 'deleted', details: state.details };
      default:
        return assertNever(event);
    }
  },
};
