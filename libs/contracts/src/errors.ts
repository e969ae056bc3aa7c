import { z } from 'zod';

/** Every non-2xx answer of the API has this body. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
      }),
    )
    .optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable error codes. Clients may branch on them; messages are for people. */
export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  conflict: 'CONFLICT',
  concurrencyConflict: 'CONCURRENCY_CONFLICT',
  /** The request body is over the server's limit. */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** The body's content type, character set or encoding is not one the server reads. */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
} as const;
