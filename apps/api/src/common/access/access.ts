import { CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

export type Role = 'admin' | 'pharmacist';

export interface Principal {
  id: string | null;
  role: Role;
  pharmacyId: string | null;
}

const REQUIRED_ROLE = 'access:required-role';

/** Marks a route for administrators only, with the message a refused user reads. */
export const AdminOnly = (message = 'Only administrators can do this.') =>
  SetMetadata(REQUIRED_ROLE, { role: 'admin', message });

/**
 * Who is calling. Sign-in does not exist yet: every caller acts as an
 * administrator. This is the single switch the identity work replaces with the
 * session's user; the guard and every @AdminOnly() route stay as they are.
 */
@Injectable()
export class PrincipalResolver {
  resolve(_request: Request): Principal {
    return { id: null, role: 'admin', pharmacyId: null };
  }
}

@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly principals: PrincipalResolver,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    const principal = this.principals.resolve(request);
    request.user = principal;
    const required = this.reflector.getAllAndOverride<{ role: Role; message: string } | undefined>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (required && principal.role !== required.role) {
      throw new ForbiddenException({ code: 'FORBIDDEN', message: required.message });
    }
    return true;
  }
}
