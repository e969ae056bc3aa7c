import { z } from 'zod';
import { idSchema, optionalIdSchema, pageLimitSchema } from './fields';
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
  limit: pageLimitSchema(200).default(50),
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
  /**
   * Deprecated: the event's type in words ("Stock adjusted"), kept for clients of
   * earlier versions. The event in plain words is the web app's message
   * `audit.event.<type>`, worded from `facts`.
   */
  description: z.string().meta({
    deprecated: true,
    description: 'Deprecated: the type in words. The sentence is worded from `facts` by the client.',
  }),
  /**
   * What the event's sentence says, as its message's arguments: counts and amounts as
   * written, codes, and the names of the products and pharmacies it touched in the
   * language asked for (absent when not known). Empty for a type that reads as its name.
   */
  facts: z.record(z.string(), z.string()).meta({
    description: "The arguments of the event's sentence: counts, amounts, codes, names in the language asked for",
  }),
  data: z.record(z.string(), z.unknown()),
});

export const auditEventPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

/** GET /api/audit/period-report: a pharmacy's stock over a period, for auditors. */
export const periodReportQuerySchema = z
  .object({
    pharmacyId: idSchema(m.pharmacyIdRequired),
    from: instant,
    to: instant,
  })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { path: ['to'], message: m.periodReversed });

const movementTotals = z.record(z.string(), z.number());

export const periodReportBatchSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Packs held at `from` (business time). */
  opening: z.number(),
  /** Packs held at `to`: opening plus every movement of the period. */
  closing: z.number(),
  /** Packs moved in the period by kind of movement (received, sold, adjusted, ...). */
  movements: movementTotals,
});

export const periodReportSchema = z.object({
  pharmacyId: z.string(),
  from: z.string(),
  to: z.string(),
  products: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      productNameAr: z.string().nullable(),
      productSku: z.string(),
      opening: z.number(),
      closing: z.number(),
      movements: movementTotals,
      batches: z.array(periodReportBatchSchema),
    }),
  ),
  totals: z.object({ opening: z.number(), closing: z.number(), movements: movementTotals }),
});
export type PeriodReport = z.infer<typeof periodReportSchema>;

/** GET /api/audit/verification: the last check that the read models equal a fresh replay of the log. */
export const verificationRunSchema = z.object({
  /** never: not run yet; running: started, not finished. */
  status: z.enum(['never', 'running', 'ok', 'differences', 'failed']),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** 'schedule' or the id of the user who asked for it. */
  trigger: z.string().nullable(),
  eventsReplayed: z.number(),
  /** Tables compared, and per table the rows that differ. */
  tables: z.array(
    z.object({
      projection: z.string(),
      table: z.string(),
      rows: z.number(),
      /** Rows the live read model has that a replay does not (or has differently). */
      unexpected: z.number(),
      /** Rows a replay has that the live read model lacks (or has differently). */
      missing: z.number(),
      /** A few of the differing rows, as JSON, to start an investigation from. */
      samples: z.array(z.object({ side: z.enum(['live', 'replay']), row: z.record(z.string(), z.unknown()) })),
    }),
  ),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type VerificationRun = z.infer<typeof verificationRunSchema>;
