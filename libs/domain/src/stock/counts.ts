import { z } from 'zod';
import { DomainError } from '../shared/errors';
import { batchesOf, type CountVarianceReason, type StockState } from './state';

/**
 * Stock counts (stocktakes) and write-offs, on the pharmacy's stock stream.
 *
 * A count fixes, when it starts, the quantity expected in each batch it
 * covers. Sales, receipts and transfers go on while people count. Posting
 * records, per counted batch, an adjustment of (counted − expected at the
 * start): what moved during the count is already in the batch and is neither
 * lost nor counted twice. Everything is one stream, so a post is one atomic
 * append with the stream's revision.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string().datetime({ offset: true });

export const countVarianceReasons = [
  'miscount',
  'damaged',
  'expired',
  'theft',
  'found',
  'supplier_error',
  'other',
] as const satisfies readonly CountVarianceReason[];
export const writeOffReasons = ['expired', 'damaged', 'recalled', 'other'] as const;

export const countEventSchemas = {
  /** A count began: the batches it covers and the quantity each held at that moment. */
  StockCountStarted: z.object({
    countId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    /** What it covers: every product, or one category's. */
    categoryId: z.string().uuid().nullable(),
    /** Or one shelf location's. */
    shelfLocation: z.string().nullable().optional(),
    note: z.string().nullable(),
    startedBy: z.string().uuid().nullable(),
    startedAt: instant,
    lines: z.array(
      z.object({
        batchId: z.string().uuid(),
        productId: z.string().uuid(),
        /** Sealed packs the batch held when the count started. */
        expected: z.number().int().min(0),
      }),
    ),
  }),
  /** Packs counted in some batches (a later entry for a batch replaces an earlier one). */
  StockCounted: z.object({
    countId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    countedBy: z.string().uuid().nullable(),
    counts: z
      .array(
        z.object({
          batchId: z.string().uuid(),
          counted: z.number().int().min(0),
          reason: z.enum(countVarianceReasons).nullable(),
        }),
      )
      .min(1),
  }),
  /** The count is posted: each batch moves by (counted − expected at the start). */
  StockCountPosted: z.object({
    countId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    postedBy: z.string().uuid().nullable(),
    postedAt: instant,
    postedOn: isoDate,
    adjustments: z.array(
      z.object({
        batchId: z.string().uuid(),
        productId: z.string().uuid(),
        expected: z.number().int().min(0),
        counted: z.number().int().min(0),
        change: z.number().int(),
        reason: z.enum(countVarianceReasons).nullable(),
      }),
    ),
  }),
  StockCountCancelled: z.object({
    countId: z.string().uuid(),
    pharmacyId: z.string().uuid(),
    cancelledBy: z.string().uuid().nullable(),
    reason: z.string().nullable(),
  }),
  /** Units destroyed (expired, damaged, recalled) before a witness: they leave stock. */
  StockWrittenOff: z.object({
    pharmacyId: z.string().uuid(),
    batchId: z.string().uuid(),
    productId: z.string().uuid(),
    quantity: z.number().int().min(0),
    looseUnits: z.number().int().min(0),
    reason: z.enum(writeOffReasons),
    witness: z.string().min(1),
    note: z.string().nullable(),
    writtenOffBy: z.string().uuid().nullable(),
  }),
} as const;

type CountReason = (typeof countVarianceReasons)[number];
type OpenCount = StockState['counts'][string];

export type CountCommand =
  | {
      type: 'StartCount';
      countId: string;
      pharmacyId: string;
      /** The products it covers (one category's); null: all. */
      productIds: string[] | null;
      categoryId: string | null;
      shelfLocation: string | null;
      note: string | null;
      by: string | null;
      at: string;
    }
  | {
      type: 'RecordCounts';
      countId: string;
      pharmacyId: string;
      by: string | null;
      counts: Array<{ batchId: string; counted: number; reason: CountReason | null }>;
    }
  | { type: 'PostCount'; countId: string; pharmacyId: string; by: string | null; at: string; today: string }
  | { type: 'CancelCount'; countId: string; pharmacyId: string; by: string | null; reason: string | null }
  | {
      type: 'WriteOff';
      pharmacyId: string;
      batchId: string;
      quantity: number;
      looseUnits: number;
      reason: (typeof writeOffReasons)[number];
      witness: string;
      note: string | null;
      by: string | null;
    };

export const countNotFound = (countId: string) =>
  new DomainError('COUNT_NOT_FOUND', 'This stock count is not open (posted, cancelled or unknown).', { countId });

function openCount(state: StockState, countId: string): OpenCount {
  const count = state.counts[countId];
  if (!count) throw countNotFound(countId);
  return count;
}

export function decideCount(command: CountCommand, state: StockState) {
  switch (command.type) {
    case 'StartCount': {
      if (state.counts[command.countId]) return [];
      const products = command.productIds ? new Set(command.productIds) : null;
      const lines = Object.keys(state.byProduct)
        .filter((productId) => !products || products.has(productId))
        .flatMap((productId) =>
          batchesOf(state, productId)
            .filter(([, batch]) => batch.quantity > 0 || batch.reserved > 0)
            .map(([batchId, batch]) => ({ batchId, productId, expected: batch.quantity })),
        )
        .sort((a, b) => (a.batchId < b.batchId ? -1 : 1));
      return [
        {
          type: 'StockCountStarted' as const,
          data: {
            countId: command.countId,
            pharmacyId: command.pharmacyId,
            categoryId: command.categoryId,
            shelfLocation: command.shelfLocation,
            note: command.note,
            startedBy: command.by,
            startedAt: command.at,
            lines,
          },
        },
      ];
    }
    case 'RecordCounts': {
      const count = openCount(state, command.countId);
      for (const entry of command.counts) {
        if (!count.expected[entry.batchId]) {
          throw new DomainError('COUNT_LINE_UNKNOWN', 'This batch is not part of the count.', {
            batchId: entry.batchId,
          });
        }
      }
      return [
        {
          type: 'StockCounted' as const,
          data: {
            countId: command.countId,
            pharmacyId: command.pharmacyId,
            countedBy: command.by,
            counts: command.counts,
          },
        },
      ];
    }
    case 'PostCount': {
      const count = openCount(state, command.countId);
      const adjustments = Object.entries(count.counted)
        .map(([batchId, { counted, reason }]) => {
          const { productId, expected } = count.expected[batchId]!;
          return { batchId, productId, expected, counted, change: counted - expected, reason };
        })
        .sort((a, b) => (a.batchId < b.batchId ? -1 : 1));
      for (const line of adjustments) {
        const batch = state.batches[line.batchId]!;
        if (line.change !== 0 && !line.reason) {
          throw new DomainError(
            'VARIANCE_REASON_REQUIRED',
            `Batch ${batch.batchNumber} was counted ${line.counted}, ${line.expected} expected: give a reason for the difference.`,
            { batchId: line.batchId },
          );
        }
        if (batch.quantity + line.change < batch.reserved) {
          throw new DomainError(
            'COUNT_BELOW_ZERO',
            `Batch ${batch.batchNumber} holds ${batch.quantity} packs now; its count would take it below ${batch.reserved > 0 ? 'what is reserved' : 'zero'}. Count it again.`,
            { batchId: line.batchId, quantity: batch.quantity },
          );
        }
      }
      return [
        {
          type: 'StockCountPosted' as const,
          data: {
            countId: command.countId,
            pharmacyId: command.pharmacyId,
            postedBy: command.by,
            postedAt: command.at,
            postedOn: command.today,
            adjustments,
          },
        },
      ];
    }
    case 'CancelCount':
      openCount(state, command.countId);
      return [
        {
          type: 'StockCountCancelled' as const,
          data: {
            countId: command.countId,
            pharmacyId: command.pharmacyId,
            cancelledBy: command.by,
            reason: command.reason,
          },
        },
      ];
    case 'WriteOff': {
      const batch = state.batches[command.batchId];
      if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'Inventory batch not found', { batchId: command.batchId });
      if (command.quantity + command.looseUnits <= 0) {
        throw new DomainError('QUANTITY_INVALID', 'Write off at least one pack or unit.');
      }
      if (command.quantity > batch.quantity - batch.reserved || command.looseUnits > batch.looseUnits) {
        throw new DomainError(
          'INSUFFICIENT_STOCK',
          `Batch ${batch.batchNumber} holds ${batch.quantity - batch.reserved} packs and ${batch.looseUnits} loose units that can be written off.`,
          { batchId: command.batchId, available: batch.quantity - batch.reserved },
        );
      }
      return [
        {
          type: 'StockWrittenOff' as const,
          data: {
            pharmacyId: command.pharmacyId,
            batchId: command.batchId,
            productId: batch.productId,
            quantity: command.quantity,
            looseUnits: command.looseUnits,
            reason: command.reason,
            witness: command.witness,
            note: command.note,
            writtenOffBy: command.by,
          },
        },
      ];
    }
  }
}

type CountEvent = {
  [K in keyof typeof countEventSchemas]: { type: K; data: z.infer<(typeof countEventSchemas)[K]> };
}[keyof typeof countEventSchemas];

export function evolveCount(state: StockState, event: CountEvent): StockState {
  switch (event.type) {
    case 'StockCountStarted':
      state.counts[event.data.countId] = {
        expected: Object.fromEntries(
          event.data.lines.map((line) => [line.batchId, { productId: line.productId, expected: line.expected }]),
        ),
        counted: {},
      };
      return state;
    case 'StockCounted': {
      const count = state.counts[event.data.countId];
      if (count) for (const c of event.data.counts) count.counted[c.batchId] = { counted: c.counted, reason: c.reason };
      return state;
    }
    case 'StockCountPosted':
      delete state.counts[event.data.countId];
      for (const line of event.data.adjustments) {
        const batch = state.batches[line.batchId];
        if (!batch || line.change === 0) continue;
        batch.quantity += line.change;
        batch.version += 1;
      }
      return state;
    case 'StockCountCancelled':
      delete state.counts[event.data.countId];
      return state;
    case 'StockWrittenOff': {
      const batch = state.batches[event.data.batchId];
      if (batch) {
        batch.quantity -= event.data.quantity;
        batch.looseUnits -= event.data.looseUnits;
        batch.version += 1;
      }
      return state;
    }
  }
}
