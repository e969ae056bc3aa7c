import { z } from 'zod';
import { idSchema, optionalIdSchema, optionalText } from './fields';
import { validationMessages as m } from './messages';

// ---------------------------------------------------------------- transfers

export const transferStatuses = ['pending', 'approved', 'completed', 'cancelled'] as const;
export type TransferStatusName = (typeof transferStatuses)[number];

/** POST /api/transfers: whole packs of each product; `batchId` moves one batch (the expiry screen), else FEFO. */
export const createTransferSchema = z
  .object({
    fromPharmacyId: idSchema(m.sourcePharmacyRequired),
    toPharmacyId: idSchema(m.destinationPharmacyRequired),
    items: z
      .array(
        z.object({
          productId: idSchema(m.productRequired),
          quantity: z.coerce
            .number({ error: m.transferQuantityMin })
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
export const receiveTransferSchema = z.object({
  items: z
    .array(
      z.object({
        batchId: idSchema(),
        receivedQuantity: z.coerce
          .number({ error: m.receivedQuantityInvalid })
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
export const cancelTransferSchema = z.object({ reason: optionalText(500) });
export type CancelTransferInput = z.output<typeof cancelTransferSchema>;

/** GET /api/transfers */
export const transfersQuerySchema = z.object({ pharmacyId: optionalIdSchema() });

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
