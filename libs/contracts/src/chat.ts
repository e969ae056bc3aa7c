import { z } from 'zod';
import { validationMessages as m } from './messages';

/**
 * POST /api/chat/pharmacist. `context` is what the specification's page sends
 * (counts, the first inventory rows, the role); the server accepts it and does
 * not trust it: it looks every fact up itself in the read models of the
 * caller's pharmacies.
 */
export const chatRequestSchema = z.strictObject({
  message: z.string({ error: m.chatMessageRequired }).trim().min(1, m.chatMessageRequired).max(2000, m.tooLong),
  context: z.record(z.string(), z.unknown()).optional(),
  /** The conversation so far (newest last), so a follow-up question has its context. */
  history: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant'], { error: m.chatRoleInvalid }),
        content: z.string().max(8000, m.tooLong),
      }),
    )
    .max(20, m.tooLong)
    .optional(),
  /** The interface's language: the answer is in the question's own language when its letters tell, else in this one (absent: Accept-Language). */
  language: z.enum(['en', 'ar'], { error: m.languageInvalid }).optional(),
});
export type ChatRequest = z.output<typeof chatRequestSchema>;

export const chatToolCallSchema = z.object({
  /** lowStock, expiringBatches, productStock, findProduct, productSales, batchHistory */
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

export const chatAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    response: z.string(),
    /** model: a configured OpenAI-compatible model answered with the tools; local: the built-in assistant. */
    mode: z.enum(['model', 'local']),
    /** The read-model lookups the answer was built from, in order. */
    tools: z.array(chatToolCallSchema),
  }),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;
