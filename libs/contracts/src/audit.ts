import { z } from 'zod';
import { idSchema, optionalIdSchema } from './fields';
import { validationMessages as m } from './messages';

const instant = z.iso.datetime({ offset: true, error: m.instantInvalid });

/** GET /api/audit/stock-on-hand */
export const stockOnHandQuerySchema = z.object({
  pharmacyId: idSchema(m.pharmacyIdRequired),
  /** An instant (ISO 8601 with offset); absent: now. */
  asOf: instant.optional(),
  /** Also replay the log up to that instant and say whether both answers agree. */
  verify: z
    .enum(['true', 'false'], { error: m.booleanInvalid })
    .optional()
    .transform((value) => value === 'true'),
});

export const stockOnHandSchema = z.object({
  pharmacyId: z.string(),
  asOf: z.string(),
  batches: z.array(
    z.object({
      batchId: z.string(),
      productId: z.string(),
      productName: z.string(),
      productNameAr: z.string().nullable(),
      productSku: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      quantity: z.number(),
      looseUnits: z.number(),
    }),
  ),
  products: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productNameAr: z.string().nullable(),
      productSku: z.string(),
      quantity: z.number(),
      looseUnits: z.number(),
    }),
  ),
  /** With `verify=true`: the same question answered by replaying the log up to `asOf`. */
  verification: z
    .object({
      matches: z.boolean(),
      eventsReplayed: z.number(),
      differences: z.array(
        z.object({
          batchId: z.string(),
          ledger: z.number(),
          replay: z.number(),
          ledgerLoose: z.number(),
          replayLoose: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type StockOnHand = z.infer<typeof stockOnHandSchema>;

/** GET /api/audit/stock-card: a batch, or a product at a pharmacy. */
export const stockCardQuerySchema = z
  .object({
    batchId: optionalIdSchema(),
    productId: optionalIdSchema(),
    pharmacyId: optionalIdSchema(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => q.batchId || (q.productId && q.pharmacyId), {
    path: ['batchId'],
    message: m.stockCardSubject,
  });

export const stockMovementSchema = z.object({
  position: z.string(),
  seq: z.number(),
  batchId: z.string(),
  batchNumber: z.string(),
  movement: z.string(),
  quantityChange: z.number(),
  looseChange: z.number(),
  reservedChange: z.number(),
  /** Packs after this movement, as of its business time. */
  balance: z.number(),
  occurredAt: z.string(),
  recordedAt: z.string(),
  userName: z.string().nullable(),
  eventId: z.string(),
  eventType: z.string(),
  reference: z.string().nullable(),
});

export const stockCardSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: z.number(),
  closing: z.number(),
  movements: z.array(stockMovementSchema),
});
export type StockCard = z.infer<typeof stockCardSchema>;
