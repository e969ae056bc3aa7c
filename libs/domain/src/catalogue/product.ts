import { z } from 'zod';
import { diff } from '../shared/changes';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { EventVersions } from '../shared/event-versions';

export const productStreamId = (productId: string) => `product-${productId}`;

const decimal = z.string().regex(/^\d+\.\d{2}$/);

/** What identifies and describes a product; price, commission and activity have events of their own. */
export const productDetailsSchema = z.object({
  sku: z.string().min(1),
  barcode: z.string().nullable(),
  name: z.string().min(1),
  nameAr: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  brand: z.string().nullable(),
  genericName: z.string().nullable(),
  genericNameAr: z.string().nullable(),
  categoryId: z.string().nullable(),
  supplierId: z.string().nullable(),
  salesUnit: z.enum(['whole', 'sachet', 'pill', 'blister']),
  unitsPerPackage: z.number().int().min(1),
  minStockLevel: z.number().int().min(0),
  maxStockLevel: z.number().int().min(0),
  requiresPrescription: z.boolean(),
  /**
   * Where the product is kept ("Aisle 3, shelf B"): what a stock count of one shelf covers.
   * Absent from ProductRegistered version 1; its upcaster makes it null.
   */
  shelfLocation: z.string().nullable(),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
const detailKeys = Object.keys(productDetailsSchema.shape) as Array<keyof ProductDetails>;

export const productPricingSchema = z.object({ price: decimal, cost: decimal.nullable() });
export type ProductPricing = z.infer<typeof productPricingSchema>;
export const productCommissionSchema = z.object({ commissionRate: decimal, commissionEnabled: z.boolean() });
export type ProductCommission = z.infer<typeof productCommissionSchema>;

export interface ProductSnapshot {
  details: ProductDetails;
  pricing: ProductPricing;
  commission: ProductCommission;
  isActive: boolean;
}

export const productEventSchemas = {
  ProductRegistered: z.object({
    productId: z.string().uuid(),
    details: productDetailsSchema,
    pricing: productPricingSchema,
    commission: productCommissionSchema,
    isActive: z.boolean(),
  }),
  ProductDetailsChanged: z.object({
    productId: z.string().uuid(),
    changes: productDetailsSchema.partial(),
    previous: productDetailsSchema.partial(),
  }),
  ProductPriceChanged: z.object({
    productId: z.string().uuid(),
    price: decimal,
    cost: decimal.nullable(),
    previousPrice: decimal,
    previousCost: decimal.nullable(),
  }),
  ProductCommissionChanged: z.object({
    productId: z.string().uuid(),
    commissionRate: decimal,
    commissionEnabled: z.boolean(),
    previousRate: decimal,
    previousEnabled: z.boolean(),
    reason: z.string().nullable(),
  }),
  ProductActivated: z.object({ productId: z.string().uuid() }),
  ProductDeactivated: z.object({ productId: z.string().uuid() }),
  ProductDeleted: z.object({
    productId: z.string().uuid(),
    sku: z.string(),
    barcode: z.string().nullable(),
    name: z.string(),
  }),
} as const;

/**
 * Versions of the product events whose shape changed (every other is at version 1).
 * ProductRegistered 2: `details.shelfLocation` (version 1 had no shelf location).
 */
export const productEventVersions = {
  ProductRegistered: {
    current: 2,
    upcasters: {
      1: (data: { details: Record<string, unknown> }) => ({
        ...data,
        details: { ...data.details, shelfLocation: data.details.shelfLocation ?? null },
      }),
    },
  },
} as const satisfies EventVersions;

type Schemas = typeof productEventSchemas;
export type ProductEvent = { [K in keyof Schemas]: DomainEvent<K, z.infer<Schemas[K]>> }[keyof Schemas];

export type ProductCommand =
  | { type: 'RegisterProduct'; productId: string; product: ProductSnapshot }
  | {
      type: 'UpdateProduct';
      productId: string;
      product: ProductSnapshot;
      commissionReason?: string | null;
      /** The product's version when the form was loaded; null when the client did not say (no stale-edit check). */
      expectedVersion: number | null;
    }
  /**
   * Only after every pharmacy's stock stream recorded ProductWithdrawn (it
   * held none, and receives no more): the deletion is decided on the write
   * model, and a receipt racing it cannot slip in.
   */
  | { type: 'DeleteProduct'; productId: string };

export type ProductState =
  | { status: 'none' }
  /** `version`: how many events the product has had; an edit names the version it was made on. */
  | ({ status: 'active' | 'deleted'; version: number } & ProductSnapshot);

export const productNotFound = (productId: string) =>
  new DomainError('PRODUCT_NOT_FOUND', 'The product no longer exists.', { productId });

export const staleProductEdit = (productId: string, version: number) =>
  new DomainError(
    'STALE_EDIT',
    'This product was changed by someone else after you opened it. Check its current values and try again.',
    { productId, version },
  );

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'RegisterProduct': {
        if (state.status !== 'none') throw new DomainError('PRODUCT_ALREADY_EXISTS', 'This product already exists');
        const { details, pricing, commission, isActive } = command.product;
        assertStockLevels(details);
        return [
          { type: 'ProductRegistered', data: { productId: command.productId, details, pricing, commission, isActive } },
        ];
      }

      case 'UpdateProduct': {
        if (state.status !== 'active') throw productNotFound(command.productId);
        if (command.expectedVersion !== null && command.expectedVersion !== state.version) {
          throw staleProductEdit(command.productId, state.version);
        }
        const next = command.product;
        assertStockLevels(next.details);
        const productId = command.productId;
        const events: ProductEvent[] = [];
        const details = diff(state.details, next.details, detailKeys);
        if (details) events.push({ type: 'ProductDetailsChanged', data: { productId, ...details } });
        if (state.pricing.price !== next.pricing.price || state.pricing.cost !== next.pricing.cost) {
          events.push({
            type: 'ProductPriceChanged',
            data: {
              productId,
              price: next.pricing.price,
              cost: next.pricing.cost,
              previousPrice: state.pricing.price,
              previousCost: state.pricing.cost,
            },
          });
        }
        if (
          state.commission.commissionRate !== next.commission.commissionRate ||
          state.commission.commissionEnabled !== next.commission.commissionEnabled
        ) {
          events.push({
            type: 'ProductCommissionChanged',
            data: {
              productId,
              commissionRate: next.commission.commissionRate,
              commissionEnabled: next.commission.commissionEnabled,
              previousRate: state.commission.commissionRate,
              previousEnabled: state.commission.commissionEnabled,
              reason: command.commissionReason ?? null,
            },
          });
        }
        if (state.isActive !== next.isActive) {
          events.push({ type: next.isActive ? 'ProductActivated' : 'ProductDeactivated', data: { productId } });
        }
        return events;
      }

      case 'DeleteProduct':
        if (state.status !== 'active') throw productNotFound(command.productId);
        return [
          {
            type: 'ProductDeleted',
            data: {
              productId: command.productId,
              sku: state.details.sku,
              barcode: state.details.barcode,
              name: state.details.name,
            },
          },
        ];

      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    if (event.type === 'ProductRegistered') {
      const { details, pricing, commission, isActive } = event.data;
      return { status: 'active', version: 1, details, pricing, commission, isActive };
    }
    if (state.status === 'none') return state;
    const next = { ...state, version: state.version + 1 };
    switch (event.type) {
      case 'ProductDetailsChanged':
        return { ...next, details: { ...state.details, ...event.data.changes } };
      case 'ProductPriceChanged':
        return { ...next, pricing: { price: event.data.price, cost: event.data.cost } };
      case 'ProductCommissionChanged':
        return {
          ...next,
          commission: { commissionRate: event.data.commissionRate, commissionEnabled: event.data.commissionEnabled },
        };
      case 'ProductActivated':
        return { ...next, isActive: true };
      case 'ProductDeactivated':
        return { ...next, isActive: false };
      case 'ProductDeleted':
        return { ...next, status: 'deleted' };
      default:
        return assertNever(event);
    }
  },
};

function assertStockLevels(details: ProductDetails): void {
  if (details.maxStockLevel < details.minStockLevel) {
    throw new DomainError('STOCK_LEVELS_INVALID', 'Maximum stock must be at least the minimum stock');
  }
}
