import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import { originOf } from '../common/request-context';
import { IdentityService } from './identity.service';
import { AUTHENTICATOR, type PassportInstance, type SessionUser } from './identity.types';

/**
 * passport-local strategies for the two ways in, and the session (de)serialisers.
 * The session holds only the user id; the user is loaded fresh on each request,
 * so a role change or a deletion applies at once.
 */
@Injectable()
export class PassportSetup implements OnModuleInit {
  constructor(
    private readonly identity: IdentityService,
    @Inject(AUTHENTICATOR) private readonly passport: PassportInstance,
  ) {}

  onModuleInit(): void {
    const passport = this.passport;
    passport.use(
      'email-otp',
      new LocalStrategy(
        { usernameField: 'userId', passwordField: 'password', passReqToCallback: true },
        (req, userId, password, done) => {
          const body = req.body as { otpCode: string };
          this.identity.verifyLogin(userId, password, body.otpCode, originOf(req)).then(
            (user) => done(null, user),
            (error: unknown) => done(error),
          );
        },
      ),
    );
    passport.use(
      'pharmacist',
      new LocalStrategy(
        { usernameField: 'username', passwordField: 'password', passReqToCallback: true },
        (req, username, password, done) => {
          const body = req.body as { totpCode?: string };
          this.identity.pharmacistLogin(username, password, body.totpCode, originOf(req)).then(
            (user) => done(null, user),
            (error: unknown) => done(error),
          );
        },
      ),
    );
    passport.serializeUser<string>((user, done) => done(null, (user as SessionUser).id));
    passport.deserializeUser<string>((id, done) => {
      this.identity.findActiveUser(id).then(
        (user) => done(null, user ?? false),
        (error: unknown) => done(error),
      );
    });
  }
}

/** Runs a strategy and starts a fresh session (passport regenerates the session id: no fixation). */
export function authenticate(
  passport: PassportInstance,
  strategy: string,
  request: Request,
  response: Response,
): Promise<SessionUser> {
  return new Promise((resolve, reject) => {
    const middleware = passport.authenticate(
      strategy,
      { session: false },
      (error: unknown, user: SessionUser | false) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        if (!user) return reject(new Error('Sign-in failed'));
        request.logIn(user, (loginError?: unknown) =>
          loginError ? reject(loginError instanceof Error ? loginError : new Error(String(loginError))) : resolve(user),
        );
      },
    ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
    middleware(request, response, (error?: unknown) =>
      reject(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export function saveSession(request: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    request.session.save((error?: unknown) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
    ),
  );
}

export function endSession(request: Request): Promise<void> {
  return new Promise((resolve) => {
    request.logout(() => {
      if (!request.session) return resolve();
      request.session.destroy(() => resolve());
    });
  });
}
