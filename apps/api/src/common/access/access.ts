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

/** A route anyone may call (the sign-in paths). Every other route needs a session. */
export const Public = () => SetMetadata(PUBLIC, true);

/** Marks a route for administrators only, with the message a refused user reads. */
export const AdminOnly = (message = 'Only administrators can do this.') =>
  SetMetadata(REQUIRED_ROLE, { role: 'admin', message });

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

/**
 * The one gate every API route passes: a session is required unless the route
 * is @Public(), and @AdminOnly() routes refuse other roles with their message.
 * The session's idle timeout follows the auto-logout setting.
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
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    if (!principal) throw new UnauthorizedException({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    const required = this.reflector.getAllAndOverride<{ role: Role; message: string } | undefined>(
      REQUIRED_ROLE,
      targets,
    );
    if (required && principal.role !== required.role) {
      throw new ForbiddenException({ code: 'FORBIDDEN', message: required.message });
    }
    if (request.session) {
      request.session.cookie.maxAge = (await this.settings.system()).autoLogoutMinutes * 60_000;
    }
    return true;
  }
}
