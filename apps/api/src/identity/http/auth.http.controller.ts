import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  loginRequestSchema,
  loginVerifySchema,
  pharmacistLoginSchema,
  selectPharmacySchema,
  totpConfirmSchema,
  totpDisableSchema,
  type CurrentUser,
  type LoginRequestAnswer,
  type MessageAnswer,
  type TotpConfirmAnswer,
  type TotpSetupAnswer,
} from '@pharmacy/contracts';
import { DomainError } from '@pharmacy/domain';
import type { z } from 'zod';
import { OwnAccount, Public, type Principal } from '../../common/access/access';
import { Reaches, reach } from '../../common/access/policy';
import { Caller, Origin, originOf } from '../../common/request-context';
import { ZodValidationPipe } from '../../common/validation';
import type { RequestOrigin } from '../audit';
import { IdentityService } from '../identity.service';
import { AUTHENTICATOR, type PassportInstance } from '../identity.types';
import { authenticate, endSession, saveSession } from '../passport.setup';
import { RateLimiter } from '../rate-limiter';
import { TotpService } from '../totp.service';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../infrastructure/tokens';

/** The sign-in calls of the specification, plus the authenticator enrolment. */
@Controller('api/auth')
export class AuthHttpController {
  constructor(
    private readonly identity: IdentityService,
    private readonly totp: TotpService,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AUTHENTICATOR) private readonly passport: PassportInstance,
  ) {}

  @Public()
  @Post('login-request')
  @HttpCode(200)
  @Reaches(reach.none())
  async loginRequest(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: z.output<typeof loginRequestSchema>,
    @Origin() origin: RequestOrigin,
  ): Promise<LoginRequestAnswer> {
    await this.limits.hit(`login-request:ip:${origin.ip}`, this.config.SIGNIN_LIMIT_PER_IP, 600);
    await this.limits.hit(`login-request:email:${body.email.toLowerCase()}`, this.config.SIGNIN_CODES_PER_EMAIL, 600);
    const { userId } = await this.identity.requestCode(body.email, origin);
    return { message: 'A verification code has been sent to your email address.', userId };
  }

  @Public()
  @Post('login-verify')
  @HttpCode(200)
  @Reaches(reach.none())
  async loginVerify(
    @Body(new ZodValidationPipe(loginVerifySchema)) _body: unknown,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageAnswer> {
    await this.limits.hit(`login-verify:ip:${request.ip}`, this.config.SIGNIN_LIMIT_PER_IP * 2, 600);
    const user = await authenticate(this.passport, 'email-otp', request, response);
    request.session.pharmacyId = await this.identity.initialPharmacy(user);
    await saveSession(request);
    return { message: `Welcome back${user.firstName ? `, ${user.firstName}` : ''}!` };
  }

  @Public()
  @Post('pharmacist-login')
  @HttpCode(200)
  @Reaches(reach.none())
  async pharmacistLogin(
    @Body(new ZodValidationPipe(pharmacistLoginSchema)) body: z.output<typeof pharmacistLoginSchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageAnswer> {
    await this.limits.hit(`pharmacist-login:ip:${request.ip}`, this.config.SIGNIN_LIMIT_PER_IP * 2, 600);
    await this.limits.hit(
      `pharmacist-login:user:${body.username.toLowerCase()}`,
      this.config.SIGNIN_LIMIT_PER_USERNAME,
      600,
    );
    request.body = body;
    const user = await authenticate(this.passport, 'pharmacist', request, response);
    request.session.pharmacyId = await this.identity.initialPharmacy(user);
    await saveSession(request);
    return { message: `Welcome back${user.firstName ? `, ${user.firstName}` : ''}!` };
  }

  /** 401 signed out; 409 USER_NOT_ASSIGNED while no pharmacy is chosen; otherwise the user. */
  @Get('user')
  @Reaches(reach.ownAccount())
  async currentUser(@Caller() caller: Principal, @Req() request: Request): Promise<CurrentUser> {
    const pharmacies = await this.identity.allowedPharmacies(caller.user);
    let current = pharmacies.find((p) => p.id === caller.pharmacyId) ?? null;
    if (!current && caller.pharmacyId) {
      // The assignment was removed or the location deleted since: choose again.
      request.session.pharmacyId = null;
      await saveSession(request);
    }
    if (!current && (caller.role === 'pharmacist' || pharmacies.length > 0)) {
      const initial = await this.identity.initialPharmacy(caller.user);
      current = pharmacies.find((p) => p.id === initial) ?? null;
      if (current) {
        request.session.pharmacyId = current.id;
        await saveSession(request);
      } else {
        throw new DomainError('USER_NOT_ASSIGNED', 'User needs to select a pharmacy', { pharmacies });
      }
    }
    const { user } = caller;
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role,
      profileImageUrl: user.profileImageUrl,
      currentPharmacyId: current?.id ?? null,
      currentPharmacy: current,
      pharmacies,
      defaultPharmacyId: user.defaultPharmacyId,
      totpEnabled: user.totpEnabled,
    };
  }

  @Post('user/pharmacy')
  @OwnAccount()
  @HttpCode(200)
  @Reaches(reach.ownAccount(), reach.pharmacy('body', 'pharmacyId'))
  async selectPharmacy(
    @Body(new ZodValidationPipe(selectPharmacySchema)) body: z.output<typeof selectPharmacySchema>,
    @Caller() caller: Principal,
    @Req() request: Request,
  ): Promise<MessageAnswer> {
    const allowed = await this.identity.allowedPharmacies(caller.user);
    if (!allowed.some((p) => p.id === body.pharmacyId)) {
      throw new DomainError('PHARMACY_FORBIDDEN', 'You do not have access to this pharmacy.');
    }
    request.session.pharmacyId = body.pharmacyId;
    await saveSession(request);
    return { message: 'Pharmacy selected successfully' };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @Reaches(reach.none())
  async logout(@Req() request: Request): Promise<MessageAnswer> {
    const user = (request as Request & { user?: { id: string } }).user;
    await endSession(request);
    if (user) await this.audit(user.id, 'auth.logout', originOf(request));
    return { message: 'You have been successfully logged out.' };
  }

  @Post('totp/setup')
  @OwnAccount()
  @HttpCode(200)
  @Reaches(reach.ownAccount())
  totpSetup(@Caller() caller: Principal): Promise<TotpSetupAnswer> {
    return this.totp.setup(caller.id);
  }

  @Post('totp/confirm')
  @OwnAccount()
  @HttpCode(200)
  @Reaches(reach.ownAccount())
  totpConfirm(
    @Body(new ZodValidationPipe(totpConfirmSchema)) body: z.output<typeof totpConfirmSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<TotpConfirmAnswer> {
    return this.totp.confirm(caller.id, body.code, body.username, origin);
  }

  @Post('totp/disable')
  @OwnAccount()
  @HttpCode(200)
  @Reaches(reach.ownAccount())
  async totpDisable(
    @Body(new ZodValidationPipe(totpDisableSchema)) body: z.output<typeof totpDisableSchema>,
    @Caller() caller: Principal,
    @Origin() origin: RequestOrigin,
  ): Promise<MessageAnswer> {
    await this.totp.disable(caller.id, body.password, origin);
    return { message: 'PassportInstance app turned off' };
  }

  private audit(userId: string, action: string, origin: RequestOrigin): Promise<void> {
    return this.identity.audit({ actorId: userId, action, entityType: 'user', entityId: userId }, origin);
  }
}

/** Browser navigations handled by the server (spec 000 §2). */
@Controller('api')
export class AuthNavigationController {
  @Public()
  @Get('logout')
  @Reaches(reach.none())
  async logout(@Req() request: Request, @Res() response: Response): Promise<void> {
    await endSession(request);
    response.redirect(302, '/');
  }

  @Public()
  @Get('login')
  @Reaches(reach.none())
  login(@Res() response: Response): void {
    response.redirect(302, '/login');
  }
}
