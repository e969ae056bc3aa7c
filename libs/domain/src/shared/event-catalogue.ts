import type { z } from 'zod';
import { categoryEventSchemas } from '../catalogue/category';
import { productEventSchemas } from '../catalogue/product';
import { supplierEventSchemas } from '../catalogue/supplier';
import { pharmacyEventSchemas } from '../pharmacies/pharmacy';
import { stockEventSchemas } from '../stock/stock';
import { transferEventSchemas } from '../transfers/transfer';
import { uniqueValueEventSchemas } from '../uniqueness/unique-value';

/**
 * Every event type the product writes, with the schema its data must match.
 * Appends and projections validate against it; docs/events.md describes each.
 */
export const eventSchemas = {
  ...pharmacyEventSchemas,
  ...categoryEventSchemas,
  ...supplierEventSchemas,
  ...productEventSchemas,
  ...uniqueValueEventSchemas,
  ...stockEventSchemas,
  ...transferEventSchemas,
} as const satisfies Record<string, z.ZodType>;

export type KnownEventType = keyof typeof eventSchemas;

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Parses event data against its schema; throws on an unknown type or a mismatch. */
export function parseEventData(type: string, data: unknown): unknown {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type ${type}`);
  return eventSchemas[type].parse(data);
}
