import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { GlobalPosition } from '@pharmacy/event-store';
import type { RequestOrigin } from '../identity/audit';
import type { AuthenticatedRequest, Principal } from './access/access';
import { idempotencyKeyOf, requestHash, type Idempotency } from './idempotency';
import { answerStale, answerWrote, declaredReadsFrom } from './read-after';

export { READ_MODELS_HEADER } from './read-after';

/** Who asked, and the id that ties the request, its events and its log lines together. */
export interface RequestContext {
  userId: string | null;
  pharmacyId: string | null;
  correlationId: string;
  /** The caller's name as a receipt prints it (first and last name, else e-mail); null for system work. */
  userName: string | null;
  /** The client's Idempotency-Key and a hash of its request; null without the header. */
  idempotency: Idempotency | null;
  /** Tells the client that a GET right now may not show this write yet (the read models are behind). */
  readModelsBehind(): void;
  /**
   * The read models the answer is built from (`@ReadsFrom` on the route): a
   * write's answer waits for these only. Null: undeclared, or no request (a
   * seed, a job), which waits for every read model that shows the events.
   */
  answerReads: readonly string[] | null;
  /** Hands the client the log position of what this request wrote (a header and a cookie), for its next reads to wait on. */
  wrote(position: GlobalPosition): void;
}

/** A context for work that no HTTP request started (seeding, jobs, tests). */
export function systemContext(userId: string | null = null, pharmacyId: string | null = null): RequestContext {
  return {
    userId,
    pharmacyId,
    correlationId: randomUUID(),
    userName: null,
    idempotency: null,
    readModelsBehind: () => undefined,
    answerReads: null,
    wrote: () => undefined,
  };
}

export function requestContextOf(request: Request, response?: Response, handler?: object): RequestContext {
  const principal = (request as AuthenticatedRequest).principal;
  const id = (request as Request & { id?: unknown }).id;
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const route = `${request.baseUrl}${(request.route as { path?: string } | undefined)?.path ?? request.path}`;
  return {
    userId: principal?.id ?? null,
    pharmacyId: principal?.pharmacyId ?? null,
    correlationId: typeof id === 'string' && id ? id : randomUUID(),
    userName: principal
      ? [principal.user.firstName, principal.user.lastName].filter(Boolean).join(' ') || principal.user.email
      : null,
    idempotency: key
      ? { key, requestHash: requestHash(request.method, route, request.params as Record<string, string>, request.body) }
      : null,
    readModelsBehind: () => answerStale(response),
    answerReads: handler ? declaredReadsFrom(handler) : null,
    wrote: (position) => {
      if (response) answerWrote(request, response, position);
    },
  };
}

export function originOf(request: Request): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.get('user-agent') ?? null };
}

export const Ctx = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  requestContextOf(
    ctx.switchToHttp().getRequest<Request>(),
    ctx.switchToHttp().getResponse<Response>(),
    ctx.getHandler(),
  ),
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
