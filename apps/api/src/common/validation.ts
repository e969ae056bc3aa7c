import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

/** A request that does not match its contract. Answered as 400 with one message per field. */
export class RequestValidationError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'The request is not valid');
    this.name = 'RequestValidationError';
  }
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
}

/** Parses a body or query with a schema from libs/contracts: the same rules and messages as the web form. */
@Injectable()
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.output<Schema> {
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw new RequestValidationError(fieldErrors(parsed.error));
    return parsed.data;
  }
}
