import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { RequestOrigin } from '../identity/audit';
import type { AuthenticatedRequest, Principal } from './access/access';

/** Who asked, and the id that ties the request, its events and its log lines together. */
export interface RequestContext {
  userId: string | null;
  pharmacyId: string | null;
  correlationId: string;
}

export function requestContextOf(request: Request): RequestContext {
  const principal = (request as AuthenticatedRequest).principal;
  const id = (request as Request & { id?: unknown }).id;
  return {
    userId: principal?.id ?? null,
    pharmacyId: principal?.pharmacyId ?? null,
    correlationId: typeof id === 'string' && id ? id : randomUUID(),
  };
}

export function originOf(request: Request): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.get('user-agent') ?? null };
}

export const Ctx = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  requestContextOf(ctx.switchToHttp().getRequest<Request>()),
);

export const Origin = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  originOf(ctx.switchToHttp().getRequest<Request>()),
);

/** The signed-in caller; only on routes that are not @Public() (the guard guarantees it). */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('Caller used on a route without a signed-in principal');
  return principal;
});
