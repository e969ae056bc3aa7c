import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type {} from 'express-session';
import type {} from 'passport';
import type { Role } from '@pharmacy/contracts';
import type { SessionUser } from '../../identity/identity.types';
import { SettingsService } from '../../identity/settings.service';

export type { Role };

/** Who is calling, resolved once per request from the session. */
export interface Principal {
  id: string;
  role: Role;
  email: string;
  /** The pharmacy this session works in (null until one is selected). */
  pharmacyId: string | null;
  user: SessionUser;
}

declare module 'express-session' {
  interface SessionData {
    pharmacyId?: string | null;
  }
}

export type AuthenticatedRequest = Request & { user?: SessionUser; principal?: Principal };

const PUBLIC = 'access:public';
const REQUIRED_ROLE = 'access:required-role';
const OWN_ACCOUNT = 'access:own-account';

/** A route anyone may call (the sign-in paths). Every other route needs a session. */
export const Public = () => SetMetadata(PUBLIC, true);

/**
 * Marks a route for administrators only, with the message a refused user reads.
 * Auditors may call the route's reads (GET): they see everything.
 */
export const AdminOnly = (message = 'Only administrators can do this.') =>
  SetMetadata(REQUIRED_ROLE, { role: 'admin', message });

/**
 * A write that concerns only the caller's own session or account (the pharmacy
 * they work in, their profile, their authenticator): allowed to auditors, who
 * otherwise change nothing.
 */
export const OwnAccount = () => SetMetadata(OWN_ACCOUNT, true);

export const readOnlyMessage = 'Auditors can see everything but change nothing.';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function principalOf(request: AuthenticatedRequest): Principal | null {
  if (!request.user) return null;
  return {
    id: request.user.id,
    role: request.user.role,
    email: request.user.email,
    pharmacyId: request.session?.pharmacyId ?? null,
    user: request.user,
  };
}

/** Who may call a route, as its decorators declare it: what the guard below enforces and the authorization matrix checks. */
export interface DeclaredAccess {
  /** public: anyone; signed-in: any session; admin: administrators (and auditors, to read). */
  audience: 'public' | 'signed-in' | 'admin';
  /** What a refused user of an admin route reads. */
  refusal: string | null;
  /** An auditor may call it even though it is not a read (@OwnAccount()). */
  ownAccount: boolean;
}

/** A route's handler and its controller class, where its decorators put their metadata. */
export type RouteTargets = Parameters<Reflector['getAllAndOverride']>[1];

/** The access a route declares; `targets` are its handler and its controller (the handler's word wins). */
export function declaredAccess(reflector: Reflector, targets: RouteTargets): DeclaredAccess {
  const required = reflector.getAllAndOverride<{ role: Role; message: string } | undefined>(REQUIRED_ROLE, targets);
  const audience = reflector.getAllAndOverride<boolean>(PUBLIC, targets) ? 'public' : required ? 'admin' : 'signed-in';
  return {
    audience,
    refusal: required?.message ?? null,
    ownAccount: reflector.getAllAndOverride<boolean>(OWN_ACCOUNT, targets) ?? false,
  };
}

/**
 * The one gate every API route passes: a session is required unless the route
 * is @Public(); @AdminOnly() routes refuse other roles with their message
 * (auditors may read them); an auditor's write is refused unless it concerns
 * only their own account (@OwnAccount()). The session's idle timeout follows
 * the auto-logout setting.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: SettingsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const principal = principalOf(request);
    if (principal) request.principal = principal;
    const access = declaredAccess(this.reflector, [context.getHandler(), context.getClass()]);
    if (access.audience === 'public') return true;
    if (!principal) throw new UnauthorizedException({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const reads = READS.has(request.method.toUpperCase());
    if (principal.role === 'auditor' && !reads && !access.ownAccount) {
      throw new ForbiddenException({ code: 'READ_ONLY', message: readOnlyMessage });
    }
    const auditorReading = principal.role === 'auditor' && reads;
    if (access.audience === 'admin' && principal.role !== 'admin' && !auditorReading) {
      throw new ForbiddenException({ code: 'FORBIDDEN', message: access.refusal });
    }
    if (request.session) {
      request.session.cookie.maxAge = (await this.settings.system()).autoLogoutMinutes * 60_000;
    }
    return true;
  }
}
