import type { z } from 'zod';
import { categoryEventSchemas } from '../catalogue/category';
import { productEventSchemas, productEventVersions } from '../catalogue/product';
import { supplierEventSchemas } from '../catalogue/supplier';
import { pharmacyEventSchemas } from '../pharmacies/pharmacy';
import { stockEventSchemas } from '../stock/stock';
import { transferStockEventVersions } from '../stock/transfers';
import { transferEventSchemas, transferEventVersions } from '../transfers/transfer';
import { uniqueValueEventSchemas } from '../uniqueness/unique-value';
import { recordedVersion, upcastWith, type EventVersions } from './event-versions';

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

/** The event types whose shape changed, with their current version and upcasters; every other type is at version 1. */
export const eventVersions: EventVersions = {
  ...productEventVersions,
  ...transferEventVersions,
  ...transferStockEventVersions,
};

/** The schema version an event of this type is written at now. */
export function currentEventVersion(type: string): number {
  return eventVersions[type]?.current ?? 1;
}

/** Data written at `version` in today's shape (unchanged when already current). Does not validate. */
export function upcastEventData(type: string, data: unknown, version: number): unknown {
  return upcastWith(eventVersions, type, data, version);
}

/**
 * Parses event data against its schema, after upcasting it from the version it
 * was written at (default: today's); throws on an unknown type, a version newer
 * than this release knows, or a mismatch.
 */
export function parseEventData(type: string, data: unknown, version = currentEventVersion(type)): unknown {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type ${type}`);
  return eventSchemas[type].parse(upcastEventData(type, data, version));
}

/**
 * A recorded event as the domain reads it: its data in today's shape. Folds
 * trust data already at the current version (it was validated when written)
 * and only upcast older data; projections validate too (`parseEventData`).
 */
export function readEvent<E extends { type: string; data: unknown }>(recorded: {
  type: string;
  data: unknown;
  metadata: { schemaVersion?: number | null };
}): E {
  return {
    type: recorded.type,
    data: upcastEventData(recorded.type, recorded.data, recordedVersion(recorded.metadata)),
  } as E;
}
