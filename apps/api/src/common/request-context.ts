import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';

/** Who asked, and the id that ties the request, its events and its log lines together. */
export interface RequestContext {
  userId: string | null;
  pharmacyId: string | null;
  correlationId: string;
}

export function requestContextOf(request: Request): RequestContext {
  const user = (request as Request & { user?: { id?: string; pharmacyId?: string | null } }).user;
  const id = (request as Request & { id?: unknown }).id;
  return {
    userId: user?.id ?? null,
    pharmacyId: user?.pharmacyId ?? null,
    correlationId: typeof id === 'string' && id ? id : randomUUID(),
  };
}

export const Ctx = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  requestContextOf(ctx.switchToHttp().getRequest<Request>()),
);
