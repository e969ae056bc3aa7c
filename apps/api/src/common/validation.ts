import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
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

type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'an id (a UUID such as 5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01)',
  guid: 'an id (a UUID such as 5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01)',
  email: 'an e-mail address',
  datetime: 'a date and time with its offset, e.g. 2026-11-17T14:00:00+03:00',
  date: 'a date (YYYY-MM-DD)',
  url: 'a web address',
};

/**
 * The message of a rule the contract gives no words of its own (a field's type,
 * a bare length or an enum): zod's default wording says neither which field it
 * means nor what to send ("Invalid input: expected string, received number"),
 * so this one names both. The contract's own messages come first.
 */
export function issueMessage(issue: RawIssue, part: ArgumentMetadata['type'] = 'body'): string {
  const path = (issue.path ?? []).map(String).join('.');
  const field = path || (part === 'query' ? 'The query' : 'The request body');
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return path ? `${field} is required` : `${field} must be a JSON object`;
      if (part === 'query' && Array.isArray(issue.input)) return `${field} must be given once`;
      if (!path && issue.expected === 'object') return `${field} must be a JSON object`;
      return `${field} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    }
    case 'too_big':
      if (issue.origin === 'string') return `${field} must be at most ${String(issue.maximum)} characters`;
      if (issue.origin === 'array') return `${field} can have at most ${String(issue.maximum)} items`;
      return `${field} must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${field} is required`
          : `${field} must be at least ${String(issue.minimum)} characters`;
      }
      if (issue.origin === 'array') return `${field} needs at least ${String(issue.minimum)} item(s)`;
      return `${field} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}`;
    case 'invalid_format':
      return FORMAT_NAMES[issue.format]
        ? `${field} must be ${FORMAT_NAMES[issue.format]}`
        : `${field} is not in the expected format`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field(s) ${issue.keys.join(', ')}: remove them`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union': {
      // The options' own messages: the contract's words when an option has them ('' or an id: "Invalid
      // identifier"), else the types the options take ("text or a number").
      const firsts = ('errors' in issue ? issue.errors : []).flatMap((option) => option.slice(0, 1));
      const own = [...firsts]
        .reverse()
        .find((nested) => nested.code !== 'invalid_value' && !/^The (request body|query)\b/.test(nested.message));
      if (own) return own.message;
      const types = new Set(
        firsts.flatMap((nested) =>
          nested.code === 'invalid_type' ? [TYPE_NAMES[nested.expected] ?? nested.expected] : [],
        ),
      );
      return types.size ? `${field} must be ${[...types].join(' or ')}` : `${field} is not valid`;
    }
    default:
      return `${field} is not valid`;
  }
}

/** Parses a body or query with a schema from libs/contracts: the same rules and messages as the web form. */
@Injectable()
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.output<Schema> {
    const parsed = this.schema.safeParse(value ?? {}, { error: (issue) => issueMessage(issue, metadata?.type) });
    if (!parsed.success) throw new RequestValidationError(fieldErrors(parsed.error));
    return parsed.data;
  }
}
