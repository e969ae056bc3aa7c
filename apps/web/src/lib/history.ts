import type { HistoryEntry } from '@pharmacy/contracts';

/**
 * What a history drawer says about one recorded event: which kind of thing
 * happened, the fields that changed (old → new) and, for events that create
 * something, the values it started with. Pure, so the wording rules are tested
 * without a screen; the drawer turns fields and values into text.
 */

/** Every field an event of the catalogue or stock streams can name. */
export const historyFields = [
  'name',
  'nameAr',
  'sku',
  'barcode',
  'description',
  'descriptionAr',
  'brand',
  'genericName',
  'genericNameAr',
  'categoryId',
  'supplierId',
  'salesUnit',
  'unitsPerPackage',
  'minStockLevel',
  'maxStockLevel',
  'requiresPrescription',
  'price',
  'cost',
  'commissionRate',
  'commissionEnabled',
  'reason',
  'productId',
  'pharmacyId',
  'batchNumber',
  'quantity',
  'purchasePrice',
  'expiryDate',
  'quantityChange',
  'adjustmentReason',
  'note',
] as const;
export type HistoryField = (typeof historyFields)[number];

export type HistoryKind =
  | 'productRegistered'
  | 'productDetailsChanged'
  | 'productPriceChanged'
  | 'productCommissionChanged'
  | 'productActivated'
  | 'productDeactivated'
  | 'productDeleted'
  | 'batchReceived'
  | 'batchCorrected'
  | 'stockAdjusted'
  | 'productWithdrawn'
  | 'productReinstated'
  | 'other';

/** `from` is absent for a starting value (a registration, a receipt). */
export interface HistoryLine {
  field: HistoryField;
  value: unknown;
  from?: unknown;
}

export interface DescribedEvent {
  kind: HistoryKind;
  lines: HistoryLine[];
}

const kindOfType: Record<string, HistoryKind> = {
  ProductRegistered: 'productRegistered',
  ProductDetailsChanged: 'productDetailsChanged',
  ProductPriceChanged: 'productPriceChanged',
  ProductCommissionChanged: 'productCommissionChanged',
  ProductActivated: 'productActivated',
  ProductDeactivated: 'productDeactivated',
  ProductDeleted: 'productDeleted',
  BatchReceived: 'batchReceived',
  BatchCorrected: 'batchCorrected',
  StockAdjusted: 'stockAdjusted',
  ProductWithdrawn: 'productWithdrawn',
  ProductReinstated: 'productReinstated',
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The starting values worth reading, in this order, when present. */
function facts(data: Record<string, unknown>, fields: readonly HistoryField[]): HistoryLine[] {
  return fields
    .filter((field) => data[field] !== undefined && data[field] !== null && data[field] !== '')
    .map((field) => ({ field, value: data[field] }));
}

/** Old → new for each field of a `{changes, previous}` event, in the order of `historyFields`. */
function changes(data: Record<string, unknown>): HistoryLine[] {
  const next = record(data.changes);
  const previous = record(data.previous);
  return historyFields
    .filter((field) => field in next)
    .map((field) => ({ field, value: next[field], from: previous[field] }));
}

function changed(field: HistoryField, from: unknown, value: unknown): HistoryLine[] {
  return from === value ? [] : [{ field, value, from }];
}

export function describeHistoryEntry(entry: Pick<HistoryEntry, 'type' | 'data'>): DescribedEvent {
  const kind = kindOfType[entry.type] ?? 'other';
  const data = entry.data;
  switch (kind) {
    case 'productRegistered': {
      const details = record(data.details);
      const pricing = record(data.pricing);
      const commission = record(data.commission);
      return {
        kind,
        lines: [
          ...facts(details, ['name', 'nameAr', 'sku', 'barcode']),
          ...facts(pricing, ['price', 'cost']),
          ...(commission.commissionEnabled === true ? facts(commission, ['commissionRate']) : []),
          ...facts(details, ['minStockLevel', 'maxStockLevel']),
        ],
      };
    }
    case 'productDetailsChanged':
    case 'batchCorrected':
      return { kind, lines: changes(data) };
    case 'productPriceChanged':
      return {
        kind,
        lines: [...changed('price', data.previousPrice, data.price), ...changed('cost', data.previousCost, data.cost)],
      };
    case 'productCommissionChanged':
      return {
        kind,
        lines: [
          ...changed('commissionEnabled', data.previousEnabled, data.commissionEnabled),
          ...changed('commissionRate', data.previousRate, data.commissionRate),
          ...facts(data, ['reason']),
        ],
      };
    case 'productDeleted':
      return { kind, lines: facts(data, ['name', 'sku']) };
    case 'batchReceived':
      return {
        kind,
        lines: facts(data, ['batchNumber', 'quantity', 'expiryDate', 'purchasePrice', 'pharmacyId']),
      };
    case 'stockAdjusted':
      return {
        kind,
        lines: [
          ...facts(data, ['quantityChange']),
          ...(data.reason ? [{ field: 'adjustmentReason' as const, value: data.reason }] : []),
          ...facts(data, ['note']),
        ],
      };
    case 'productWithdrawn':
    case 'productReinstated':
      return { kind, lines: facts(data, ['pharmacyId']) };
    case 'productActivated':
    case 'productDeactivated':
    case 'other':
      return { kind, lines: [] };
  }
}
