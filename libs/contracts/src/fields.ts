import { z } from 'zod';
import { validationMessages as m } from './messages';

/** Optional text: trimmed; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional e-mail: trimmed; empty becomes null; otherwise must look like an address. */
export const optionalEmail = z
  .string()
  .trim()
  .max(254, m.tooLong)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, m.invalidEmail);
