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

/** GET /api/audit/events: newest first, a page at a time (`cursor`: the `nextCursor` of the page before). */
export const auditEventsQuerySchema = z.object({
  pharmacyId: optionalIdSchema(),
  productId: optionalIdSchema(),
  batchId: optionalIdSchema(),
  userId: optionalIdSchema(),
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,80}$/, m.eventTypeInvalid)
    .optional(),
  from: instant.optional(),
  to: instant.optional(),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, m.cursorInvalid)
    .optional(),
  limit: z.coerce
    .number({ error: m.limitInvalid })
    .int(m.limitInvalid)
    .min(1, m.limitInvalid)
    .max(200, m.limitInvalid)
    .default(50),
  lang: z.enum(['en', 'ar'], { error: m.languageInvalid }).optional(),
});

export const auditEventSchema = z.object({
  position: z.string(),
  eventId: z.string(),
  type: z.string(),
  streamId: z.string(),
  /** Business time, and when it was written. */
  occurredAt: z.string(),
  recordedAt: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  pharmacyId: z.string().nullable(),
  /** The event in plain words, in the language asked for. */
  description: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const auditEventPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;
