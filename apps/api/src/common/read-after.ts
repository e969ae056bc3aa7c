import {
  Inject,
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import type { GlobalPosition } from '@pharmacy/event-store';
import { allProjections, type ProjectionWaiter } from '@pharmacy/projections';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, PROJECTION_WAITER } from '../infrastructure/tokens';

/**
 * Read-your-writes without making every write wait for every read model
 * (ADR 0020). A write answers with where its last event is in the log
 * (`X-Log-Position`, and the same in a short-lived cookie, so a browser or a
 * client with a cookie jar carries it without doing anything). A read that
 * carries a position (`X-Read-After`, else the cookie) waits, bounded, until
 * the read models IT is built from have passed it; the others are not waited
 * for. So does any read after a write through the same process, whoever made
 * it. Past the bound it answers anyway with `X-Read-Models: stale`.
 */
export const LOG_POSITION_HEADER = 'X-Log-Position';
export const READ_AFTER_HEADER = 'X-Read-After';
export const READ_AFTER_COOKIE = 'pharmacy.read-after';
/** The header an answer carries when it went out before the read models it is built from caught up. */
export const READ_MODELS_HEADER = 'X-Read-Models';

/** Long enough for any read model to catch up; a position older than this has long been passed. */
const COOKIE_MAX_AGE_MS = 5 * 60 * 1000;

const READS_FROM = 'read-after:reads-from';
const known = new Set(allProjections.map((projection) => projection.name));

/**
 * The read models a route's answer is built from. A read waits for these to
 * pass the position the caller carries; a write's answer waits for these to
 * show its events (none: the answer is built from the recorded events). A
 * route without it waits for every read model (reads) or every read model
 * that handles the write's events (writes): slower, never wrong.
 */
export function ReadsFrom(...names: string[]): MethodDecorator {
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`@ReadsFrom names unknown read models: ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  return SetMetadata(READS_FROM, Object.freeze([...names]));
}

/** What `@ReadsFrom` declared for this handler; null when nothing was. */
export function declaredReadsFrom(handler: object): readonly string[] | null {
  return (Reflect.getMetadata(READS_FROM, handler) as readonly string[] | undefined) ?? null;
}

const POSITION = /^\d{1,20}$/;

function parsePosition(value: unknown): bigint | null {
  return typeof value === 'string' && POSITION.test(value) ? BigInt(value) : null;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The position a read must see: the header when the client sends one, else the cookie a write left. */
export function readAfterOf(request: Request): bigint | null {
  return (
    parsePosition(request.get(READ_AFTER_HEADER)) ??
    parsePosition(cookieValue(request.headers.cookie, READ_AFTER_COOKIE))
  );
}

/** Records on the answer where a write's last event is in the log (the highest when a request writes more than once). */
export function answerWrote(request: Request, response: Response, position: GlobalPosition): void {
  const locals = response.locals as { logPosition?: bigint };
  if (locals.logPosition !== undefined && locals.logPosition >= position.commit) return;
  locals.logPosition = position.commit;
  if (response.headersSent) return;
  const value = position.commit.toString();
  response.setHeader(LOG_POSITION_HEADER, value);
  response.cookie(READ_AFTER_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/api',
    maxAge: COOKIE_MAX_AGE_MS,
  });
}

/** Marks an answer that went out before the read models it is built from caught up. */
export function answerStale(response: Response | undefined): void {
  if (response && !response.headersSent) response.setHeader(READ_MODELS_HEADER, 'stale');
}

/**
 * Before a read (GET/HEAD) runs: when the caller carries a position, waits
 * until the route's read models passed it (bounded by PROJECTION_WAIT_MS).
 * Runs after the guards, so nobody who may not read waits.
 */
@Injectable()
export class ReadAfterInterceptor implements NestInterceptor {
  constructor(
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    // What the caller wrote (elsewhere too), and what anyone wrote through this process: a manager's
    // screen read here right after a till's sale here shows it, as it did when writes waited.
    const carried = readAfterOf(request) ?? -1n;
    const position = carried > this.waiter.latestWrite ? carried : this.waiter.latestWrite;
    if (position < 0n) return next.handle();
    const names = declaredReadsFrom(context.getHandler()) ?? this.waiter.names;
    return from(this.waiter.waitForCommit(position, names, this.config.PROJECTION_WAIT_MS)).pipe(
      switchMap((caughtUp) => {
        if (!caughtUp) answerStale(context.switchToHttp().getResponse<Response>());
        return next.handle();
      }),
    );
  }
}
