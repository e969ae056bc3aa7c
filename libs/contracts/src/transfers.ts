import { z } from 'zod';
import { idSchema, optionalIdSchema, optionalText, pageQueryFields, jsonNumber } from './fields';
import { validationMessages as m } from './messages';

// ---------------------------------------------------------------- transfers

export const transferStatuses = ['pending', 'approved', 'completed', 'cancelled'] as const;
export type TransferStatusName = (typeof transferStatuses)[number];

/** POST /api/transfers: whole packs of each product; `batchId` moves one batch (the expiry screen), else FEFO. */
export const createTransferSchema = z
  .strictObject({
    fromPharmacyId: idSchema(m.sourcePharmacyRequired),
    toPharmacyId: idSchema(m.destinationPharmacyRequired),
    items: z
      .array(
        z.strictObject({
          productId: idSchema(m.productRequired),
          quantity: jsonNumber(m.transferQuantityMin)
            .int(m.wholeNumber)
            .min(1, m.transferQuantityMin)
            .max(100_000, m.tooLong),
          batchId: optionalIdSchema(),
        }),
        { error: m.transferItemsRequired },
      )
      .min(1, m.transferItemsRequired)
      .max(200, m.tooLong),
    notes: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (value.fromPharmacyId === value.toPharmacyId) {
      ctx.addIssue({ code: 'custom', path: ['toPharmacyId'], message: m.samePharmacy });
    }
    const seen = new Set<string>();
    value.items.forEach((item, index) => {
      const key = `${item.productId}|${item.batchId ?? ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['items', index, 'productId'], message: m.productAlreadyInTransfer });
      seen.add(key);
    });
  });
export type CreateTransferInput = z.output<typeof createTransferSchema>;

/** POST /api/transfers/{id}/receive: packs counted in per source batch (absent: all arrived); a shortfall needs a reason. */
export const receiveTransferSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        batchId: idSchema(),
        receivedQuantity: jsonNumber(m.receivedQuantityInvalid)
          .int(m.receivedQuantityInvalid)
          .min(0, m.receivedQuantityInvalid)
          .max(100_000, m.tooLong),
      }),
    )
    .max(400, m.tooLong)
    .nullish()
    .transform((items) => items ?? null),
  discrepancyReason: optionalText(500),
});
export type ReceiveTransferInput = z.output<typeof receiveTransferSchema>;

/** POST /api/transfers/{id}/cancel */
export const cancelTransferSchema = z.strictObject({ reason: optionalText(500) });
export type CancelTransferInput = z.output<typeof cancelTransferSchema>;

/**
 * Orders of `GET /api/transfers` pages: `created` (when created), or `status`
 * (in the order a transfer goes: pending, approved, completed, then
 * cancelled; newest first within each); a leading minus for descending.
 */
export const transferSorts = ['created', '-created', 'status', '-status'] as const;
export type TransferSort = (typeof transferSorts)[number];

/**
 * GET /api/transfers. Without `limit`, `offset`, `sort`, `q` and `status`,
 * every transfer from or to the pharmacy: the specification's array. With any
 * of them, one page of those matching `q` (the id, with or without '#', either
 * pharmacy's name in either language, or the notes) and `status`, newest first
 * unless sorted otherwise; the `X-Total-Count` header says how many match.
 */
export const transfersQuerySchema = z.object({
  pharmacyId: optionalIdSchema(),
  q: z.string().trim().max(200, m.tooLong).optional(),
  status: z.enum(transferStatuses, { error: m.transferStatusInvalid }).optional(),
  ...pageQueryFields(transferSorts, m.transferSortInvalid),
});
export type TransfersQuery = z.output<typeof transfersQuerySchema>;

/** GET /api/transfers/summary?pharmacyId=: the tiles, counted over every transfer the list would show. */
export const transferSummaryQuerySchema = z.object({ pharmacyId: optionalIdSchema() });

/** GET /api/transfers/summary: how many transfers are in each status ("In Progress" counts approved ones). */
export const transferSummarySchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  total: z.number().int(),
});
export type TransferSummary = z.infer<typeof transferSummarySchema>;

/** A transfer in the list: the specification's fields, the pharmacies' names and the totals. */
export const transferSchema = z.object({
  id: z.string(),
  fromPharmacyId: z.string(),
  toPharmacyId: z.string(),
  fromPharmacyName: z.string(),
  fromPharmacyNameAr: z.string().nullable(),
  toPharmacyName: z.string(),
  toPharmacyNameAr: z.string().nullable(),
  initiatedBy: z.string().nullable(),
  initiatedByName: z.string().nullable(),
  /** pending, approved (dispatched, in transit), completed or cancelled. */
  status: z.string(),
  notes: z.string().nullable(),
  /** Packs sent, and (once received) packs that arrived. */
  totalQuantity: z.number(),
  receivedQuantity: z.number().nullable(),
  itemCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do now (the server decides; the buttons follow). */
  canApprove: z.boolean(),
  canReceive: z.boolean(),
  canCancel: z.boolean(),
  /**
   * Pending and nothing held at the source yet: requested by someone who does
   * not work there, it waits for the source's approval, which reserves and
   * dispatches the packs in one step (or is refused when they are gone).
   */
  awaitingSourceApproval: z.boolean(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferItemSchema = z.object({
  transferId: z.string(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  /** The source batch. */
  batchId: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number(),
  /** Null until received. */
  receivedQuantity: z.number().nullable(),
});
export type TransferItem = z.infer<typeof transferItemSchema>;

export const transferStepSchema = z.object({
  /** requested, approved, dispatched, received, arrived, cancelled, released, returned. */
  step: z.string(),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** Which pharmacy the step happened at. */
  pharmacyId: z.string().nullable(),
  note: z.string().nullable(),
});
export type TransferStep = z.infer<typeof transferStepSchema>;

/** GET /api/transfers/{id}, and the answer of every transfer command. */
export const transferDetailSchema = transferSchema.extend({
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Why packs did not arrive, when some did not. */
  discrepancyReason: z.string().nullable(),
  items: z.array(transferItemSchema),
  timeline: z.array(transferStepSchema),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

// ---------------------------------------------------------------- shortages

export const shortageStatuses = ['can_fulfill', 'partial', 'no_source'] as const;

/** GET /api/inventory/shortages: one row per active pharmacy and active product at or below its minimum. */
export const shortageItemSchema = z.object({
  pharmacyId: z.string(),
  pharmacyName: z.string(),
  pharmacyNameAr: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  productNameAr: z.string().nullable(),
  productSku: z.string(),
  minStockLevel: z.number(),
  /** Sellable packs: unexpired and not reserved for a transfer. */
  currentStock: z.number(),
  deficit: z.number(),
  /** The other active pharmacy with the most packs above its own minimum (earliest expiry breaks ties); null: none. */
  suggestedSource: z.string().nullable(),
  suggestedSourceId: z.string().nullable(),
  suggestedSourceNameAr: z.string().nullable(),
  /** Packs the suggested source can spare (above its own minimum). */
  suggestedSourceStock: z.number(),
  canFulfill: z.boolean(),
  /** Other active pharmacies with packs to spare. */
  otherLocationsCount: z.number(),
  status: z.enum(shortageStatuses),
});
export type ShortageItem = z.infer<typeof shortageItemSchema>;
