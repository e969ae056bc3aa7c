import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { validationMessages } from '@pharmacy/contracts';
import { RequestValidationError } from './validation';

/** `If-Match: "7"` (or `W/"7"`, or `7`): the version an edit was made on; null without the header or for `*`. */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  if (!match) throw new RequestValidationError([{ field: 'If-Match', message: validationMessages.versionInvalid }]);
  return Number(match[1]);
}

/** The If-Match header as a version (see `versionFromIfMatch`). */
export const IfMatchVersion = createParamDecorator((_: unknown, ctx: ExecutionContext): number | null =>
  versionFromIfMatch(ctx.switchToHttp().getRequest<Request>().get('if-match')),
);
