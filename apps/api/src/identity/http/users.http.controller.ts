import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  adminUsersQuerySchema,
  assignPharmacySchema,
  isPageRequest,
  registerUserSchema,
  resetPasswordSchema,
  updateRoleSchema,
  type AdminUserRow,
  type AdminUsersQuery,
  type MessageAnswer,
  type UserPharmacy,
} from '@pharmacy/contracts';
import { DomainError, pharmacyNotFound } from '@pharmacy/domain';
import type { z } from 'zod';
import { AdminOnly, type Principal } from '../../common/access/access';
import { Reaches, reach } from '../../common/access/policy';
import { newEntityId } from '../../common/idempotency';
import { ParseId } from '../../common/ids';
import { sendPage } from '../../common/paging';
import { Caller, Ctx, Origin, type RequestContext } from '../../common/request-context';
import { ZodValidationPipe } from '../../common/validation';
import type { RequestOrigin } from '../audit';
import { UsersAdminService, userNotFound } from '../users-admin.service';

const ADMINS_ONLY = 'Only administrators can manage users.';
const userId = new ParseId(userNotFound);
const pharmacyId = new ParseId(pharmacyNotFound);

@Controller('api/admin/users')
@AdminOnly(ADMINS_ONLY)
@Reaches(reach.none())
export class AdminUsersHttpController {
  constructor(private readonly users: UsersAdminService) {}

  /**
   * Every user's rows (the specification's flat array), or with `limit`,
   * `offset`, `sort` or `q` the rows of one page of users, `X-Total-Count`
   * saying how many users match.
   */
  @Get()
  async list(
    @Query(new ZodValidationPipe(adminUsersQuerySchema)) query: AdminUsersQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminUserRow[]> {
    if (!isPageRequest(query) && !query.q) return this.users.list();
    const { rows, total } = await this.users.page({
      q: query.q ?? '',
      sort: query.sort ?? 'name',
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return sendPage(response, rows, total);
  }

  @Patch(':userId/role')
  async changeRole(
    @Param('userId', userId) id: string,
    @Body(new ZodValidationPipe(updateRoleSchema)) body: z.output<typeof updateRoleSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<MessageAnswer> {
    await this.users.changeRole(id, body.role, { id: caller.id, origin });
    return { message: 'User role updated successfully!' };
  }

  @Post(':userId/pharmacies')
  @HttpCode(200)
  async assign(
    @Param('userId', userId) id: string,
    @Body(new ZodValidationPipe(assignPharmacySchema)) body: z.output<typeof assignPharmacySchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<MessageAnswer> {
    await this.users.assignPharmacy(id, body.pharmacyId, { id: caller.id, origin });
    return { message: 'Pharmacy assigned successfully!' };
  }

  @Delete(':userId/pharmacies/:pharmacyId')
  async unassign(
    @Param('userId', userId) id: string,
    @Param('pharmacyId', pharmacyId) pharmacy: string,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<MessageAnswer> {
    await this.users.removePharmacy(id, pharmacy, { id: caller.id, origin });
    return { message: 'Pharmacy assignment removed successfully!' };
  }

  @Delete(':userId')
  async remove(
    @Param('userId', userId) id: string,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<MessageAnswer> {
    await this.users.delete(id, { id: caller.id, origin });
    return { message: 'User deleted successfully!' };
  }

  @Post(':userId/reset-password')
  @HttpCode(200)
  async resetPassword(
    @Param('userId', userId) id: string,
    @Body(new ZodValidationPipe(resetPasswordSchema)) body: z.output<typeof resetPasswordSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
    @Req() request: Request,
  ): Promise<MessageAnswer> {
    await this.users.resetPassword(id, body.newPassword, { id: caller.id, origin, sid: request.sessionID });
    return { message: 'Password reset successfully!' };
  }
}

@Controller('api')
export class UsersHttpController {
  constructor(private readonly users: UsersAdminService) {}

  /** Creates a user (administrators). They sign in with their e-mail and password. */
  @Post('auth/register')
  @HttpCode(201)
  @AdminOnly(ADMINS_ONLY)
  @Reaches(reach.none())
  async register(
    @Body(new ZodValidationPipe(registerUserSchema)) body: z.output<typeof registerUserSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
    @Ctx() context: RequestContext,
  ): Promise<MessageAnswer & { userId: string }> {
    const userId = await this.users.register(body, { id: caller.id, origin }, newEntityId(context, 'user'));
    return { message: 'User created successfully!', userId };
  }

  /** A user's pharmacy assignments: their own, or anyone's for an administrator. */
  @Get('users/:userId/pharmacies')
  @Reaches(reach.user('path', 'userId'))
  pharmacies(@Param('userId', userId) id: string, @Caller() caller: Principal): Promise<UserPharmacy[]> {
    if (caller.role === 'pharmacist' && caller.id !== id) {
      throw new DomainError('FORBIDDEN', 'You can only see your own pharmacy assignments.');
    }
    return this.users.pharmaciesOf(id);
  }
}
