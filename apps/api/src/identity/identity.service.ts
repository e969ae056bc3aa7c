import { Inject, Injectable, Optional } from '@nestjs/common';
import { sql, type ExpressionBuilder, type Selectable, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { PharmacySummary } from '@pharmacy/contracts';
import { DomainError, type ErrorCode } from '@pharmacy/domain';
import type { ReadDatabase, ReadDb, UsersTable } from '@pharmacy/read-db';
import type { Logger } from 'pino';
import { IDENTITY_CACHE, LOGGER, READ_DB } from '../infrastructure/tokens';
import { writeAudit, type AuditEntry, type RequestOrigin } from './audit';
import { decoyUserId, hashCode, newOneTimeCode, normaliseBackupCode, sameHash } from './crypto/codes';
import { decoyPasswordHash, verifyPassword } from './crypto/passwords';
import { matchTotp } from './crypto/totp';
import { IDENTITY_OPTIONS, type IdentityOptions, type SessionUser } from './identity.types';
import { Mailer } from '@pharmacy/mail';
import { createHash } from 'node:crypto';
import { isUuid } from '../common/ids';
import type { IdentityCache } from './identity-cache';

const unauthorized = (code: ErrorCode, message: string) => new DomainError(code, message);
export const invalidCredentials = () => unauthorized('INVALID_CREDENTIALS', 'Invalid email or password');
const wrongCode = () => unauthorized('INVALID_VERIFICATION_CODE', 'Invalid verification code');
const codeVoid = () => unauthorized('VERIFICATION_CODE_VOID', 'Too many wrong verification codes. Request a new code.');
const codeExpired = () =>
  unauthorized(
    'VERIFICATION_CODE_EXPIRED',
    'The verification code has expired or was already used. Request a new one.',
  );
/** /pharmacist-login's one answer to any wrong part: it names none of them. */
const wrongPharmacistSignIn = () =>
  unauthorized(
    'INVALID_CREDENTIALS',
    'Invalid username, password or authenticator code. Signing in with a username works once an authenticator app is set up in Settings → Security.',
  );
const accountLocked = (until: Date) =>
  new DomainError(
    'ACCOUNT_LOCKED',
    `Too many failed sign-ins. This account is locked until ${until.toISOString().slice(11, 16)} UTC.`,
    { lockedUntil: until.toISOString() },
  );
/** The account is not locked now (never locked, or its lock has run out). */
const notLocked = (eb: ExpressionBuilder<ReadDatabase, 'users'>) =>
  eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', sql<Date>`now()`)]);
type UsersUpdate = UpdateQueryBuilder<ReadDatabase, 'users', 'users', UpdateResult>;

export function toSessionUser(row: Selectable<UsersTable>): SessionUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    profileImageUrl: row.profileImageUrl,
    defaultPharmacyId: row.defaultPharmacyId,
    totpEnabled: row.totpEnabled,
  };
}

export function hashBackupCode(code: string): string {
  return createHash('sha256').update(normaliseBackupCode(code)).digest('base64');
}

/**
 * Sign-in: e-mail + one-time code + password (the unified login), and
 * username + password + authenticator code (/pharmacist-login). Lockout and
 * code limits are enforced here; every outcome is audited.
 */
@Injectable()
export class IdentityService {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
    private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Pick<Logger, 'error'>,
    @Optional() @Inject(IDENTITY_CACHE) private readonly cache?: IdentityCache,
  ) {}

  audit(entry: AuditEntry, origin: RequestOrigin): Promise<void> {
    return writeAudit(this.db, entry, origin);
  }

  /** The signed-in user of a session, on every request: kept in memory while nothing changes it (IdentityCache). */
  async findActiveUser(id: string): Promise<SessionUser | null> {
    if (!isUuid(id)) return null;
    const load = async () => {
      const row = await this.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('isActive', '=', true)
        .executeTakeFirst();
      return row ? toSessionUser(row) : null;
    };
    return this.cache ? this.cache.user(id, load) : load();
  }

  /**
   * Step 1: e-mail a code. An address without an account gets the same answer
   * after the same work (a row written with its audit entry, no mail), and an
   * id whose step 2 answers as a real pending code's would (sign_in_decoys).
   * The mail goes out after the answer: its delivery time tells nothing either.
   */
  async requestCode(email: string, origin: RequestOrigin): Promise<{ userId: string }> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('isActive', '=', true)
      .executeTakeFirst();
    const expiresAt = new Date(Date.now() + this.options.otpTtlMs);
    if (!user) {
      const id = decoyUserId(this.options.secret, email);
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('signInDecoys')
          .values({ id, expiresAt, attempts: 0 })
          .onConflict((oc) => oc.column('id').doUpdateSet({ expiresAt, attempts: 0 }))
          .execute();
        await writeAudit(
          trx,
          {
            actorId: null,
            action: 'auth.code_requested_unknown',
            entityType: 'user',
            entityId: null,
            metadata: { email: email.toLowerCase() },
          },
          origin,
        );
      });
      await this.sweepDecoys();
      return { userId: id };
    }

    const code = newOneTimeCode();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ otpSecret: hashCode(this.options.secret, user.id, code), otpExpiresAt: expiresAt, otpAttempts: 0 })
        .where('id', '=', user.id)
        .execute();
      await writeAudit(
        trx,
        { actorId: user.id, action: 'auth.code_requested', entityType: 'user', entityId: user.id },
        origin,
      );
    });
    const minutes = Math.round(this.options.otpTtlMs / 60_000);
    this.mailer
      .send({
        to: user.email,
        subject: `Your sign-in code: ${code}`,
        text: `Your Pharmacy Management sign-in code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.\n\nرمز الدخول إلى نظام إدارة الصيدلية هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.`,
      })
      .catch((error: unknown) => this.logger.error({ err: error, userId: user.id }, 'sign-in code not sent'));
    return { userId: user.id };
  }

  /**
   * Step 2. The failure messages name the wrong part ("verification code" /
   * "password"): the screen reacts to those words. Every limit is decided by
   * one conditional UPDATE, so concurrent calls cannot get past it: an attempt
   * at the code is counted before the code is compared (at most five compared),
   * the right code is spent by exactly one call, and that call's password
   * attempt is counted before the password is checked.
   */
  async verifyLogin(userId: string, password: string, otpCode: string, origin: RequestOrigin): Promise<SessionUser> {
    const user = isUuid(userId)
      ? await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
      : undefined;
    if (!user || !user.isActive) return this.verifyDecoyCode(isUuid(userId) ? userId : null, origin);

    const claimed = await this.db
      .updateTable('users')
      .set({ otpAttempts: sql`otp_attempts + 1` })
      .where('id', '=', user.id)
      .where('otpSecret', 'is not', null)
      .where('otpExpiresAt', '>', sql<Date>`now()`)
      .where('otpAttempts', '<', this.options.maxOtpAttempts)
      .where(notLocked)
      .returning(['otpSecret', 'otpAttempts'])
      .executeTakeFirst();
    if (!claimed?.otpSecret) throw await this.whyNoCodeAttempt(user.id);

    const given = hashCode(this.options.secret, user.id, otpCode);
    if (!sameHash(claimed.otpSecret, given)) {
      const exhausted = claimed.otpAttempts >= this.options.maxOtpAttempts;
      await this.db.transaction().execute(async (trx) => {
        if (exhausted) {
          await trx
            .updateTable('users')
            .set({ otpSecret: null, otpExpiresAt: null })
            .where('id', '=', user.id)
            .where('otpSecret', '=', claimed.otpSecret)
            .execute();
        }
        await writeAudit(
          trx,
          {
            actorId: user.id,
            action: 'auth.code_rejected',
            entityType: 'user',
            entityId: user.id,
            metadata: { attempts: claimed.otpAttempts },
          },
          origin,
        );
      });
      throw exhausted ? codeVoid() : wrongCode();
    }

    // The code is spent either way, by this call alone: each password guess costs a new e-mailed code.
    const spent = await this.db
      .updateTable('users')
      .set({ otpSecret: null, otpExpiresAt: null, otpAttempts: 0 })
      .where('id', '=', user.id)
      .where('otpSecret', '=', given)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw codeExpired();

    const attempt = await this.claimSignInAttempt(user.id);
    if (!(await verifyPassword(password, user.passwordHash))) {
      await this.recordFailedSignIn(user.id, attempt, origin, 'password');
      throw invalidCredentials();
    }
    const signedIn = await this.completeSignIn(user, origin, 'auth.login');
    if (!signedIn) throw codeExpired();
    return signedIn;
  }

  /**
   * /pharmacist-login: username, password and the authenticator code (or a
   * one-time backup code), checked together: until all three are given and
   * checked, no answer says whether the username or the password was right.
   * Each attempt is counted before it is checked (five wrong ones lock the
   * account, however many arrive at once), and a code or backup code is
   * spent by one conditional UPDATE, so it opens one session.
   */
  async pharmacistLogin(
    username: string,
    password: string,
    totpCode: string | undefined,
    origin: RequestOrigin,
  ): Promise<SessionUser> {
    if (!totpCode) {
      throw unauthorized(
        'TOTP_REQUIRED',
        'Enter the 6-digit code from your authenticator app (or one of your backup codes).',
      );
    }
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    if (!user || !user.isActive) {
      await verifyPassword(password, await decoyPasswordHash);
      throw wrongPharmacistSignIn();
    }
    const attempt = await this.claimSignInAttempt(user.id);
    const passwordRight = await verifyPassword(password, user.passwordHash);
    const secret = user.totpEnabled ? user.totpSecret : null;
    if (passwordRight && secret) {
      const step = matchTotp(secret, totpCode);
      if (step !== null) {
        const signedIn = await this.completeSignIn(user, origin, 'auth.login_totp', (update) =>
          update
            .set({ totpLastStep: BigInt(step) })
            .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', String(step))])),
        );
        if (signedIn) return signedIn;
      } else {
        const backup = hashBackupCode(totpCode);
        const signedIn = await this.completeSignIn(user, origin, 'auth.login_backup_code', (update) =>
          update
            .set({ backupCodes: sql`array_remove(backup_codes, ${backup})` })
            .where(sql<boolean>`${backup} = ANY(backup_codes)`),
        );
        if (signedIn) return signedIn;
      }
    }
    const reason = !passwordRight ? 'password' : secret ? 'authenticator_code' : 'authenticator_not_set_up';
    await this.recordFailedSignIn(user.id, attempt, origin, reason);
    throw wrongPharmacistSignIn();
  }

  /** Pharmacies the user may work in: assigned and existing ones, or every active one for an administrator or auditor. */
  async allowedPharmacies(user: Pick<SessionUser, 'id' | 'role'>): Promise<PharmacySummary[]> {
    const load = async () => {
      const base = this.db.selectFrom('pharmacies').select(['pharmacies.id', 'name', 'nameAr', 'address', 'addressAr']);
      return user.role === 'admin' || user.role === 'auditor'
        ? await base.where('isActive', '=', true).orderBy('name').execute()
        : await base
            .innerJoin('userPharmacies', 'userPharmacies.pharmacyId', 'pharmacies.id')
            .where('userPharmacies.userId', '=', user.id)
            .where('userPharmacies.isActive', '=', true)
            .where('pharmacies.isActive', '=', true)
            .orderBy('name')
            .execute();
    };
    return this.cache ? this.cache.pharmaciesOf(user, load) : load();
  }

  /** Where a new session starts: the default pharmacy if still allowed, or a pharmacist's only one. */
  async initialPharmacy(user: SessionUser): Promise<string | null> {
    const allowed = await this.allowedPharmacies(user);
    if (user.defaultPharmacyId && allowed.some((p) => p.id === user.defaultPharmacyId)) return user.defaultPharmacyId;
    if (user.role === 'pharmacist' && allowed.length === 1) return allowed[0]!.id;
    return null;
  }

  /**
   * A code check for an id that names no active account: answered from its
   * sign_in_decoys row exactly as a real account's pending code would be
   * (wrong, void at the fifth, expired), after the same kind of work.
   */
  private async verifyDecoyCode(id: string | null, origin: RequestOrigin): Promise<never> {
    const claimed = id
      ? await this.db
          .updateTable('signInDecoys')
          .set({ attempts: sql`attempts + 1` })
          .where('id', '=', id)
          .where('expiresAt', '>', sql<Date>`now()`)
          .where('attempts', '<', this.options.maxOtpAttempts)
          .returning('attempts')
          .executeTakeFirst()
      : undefined;
    if (!claimed) throw codeExpired();
    const exhausted = claimed.attempts >= this.options.maxOtpAttempts;
    await this.db.transaction().execute(async (trx) => {
      if (exhausted) {
        await trx
          .updateTable('signInDecoys')
          .set({ expiresAt: sql`now()` })
          .where('id', '=', id)
          .execute();
      }
      await writeAudit(
        trx,
        {
          actorId: null,
          action: 'auth.code_rejected_unknown',
          entityType: 'user',
          entityId: null,
          metadata: { attempts: claimed.attempts },
        },
        origin,
      );
    });
    throw exhausted ? codeVoid() : wrongCode();
  }

  /** Why a code attempt was not granted, read after the conditional UPDATE found nothing to count. */
  private async whyNoCodeAttempt(userId: string): Promise<DomainError> {
    const user = await this.db
      .selectFrom('users')
      .select(['lockedUntil', 'otpSecret', 'otpExpiresAt', 'otpAttempts'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) return accountLocked(user.lockedUntil);
    if (!user.otpSecret || !user.otpExpiresAt || user.otpExpiresAt.getTime() <= Date.now()) return codeExpired();
    return codeVoid();
  }

  /**
   * Counts a password attempt before the password is checked, in one UPDATE
   * that is refused while the account is locked; the attempt that reaches the
   * limit locks it at once (a right password then unlocks it at sign-in).
   */
  private async claimSignInAttempt(userId: string): Promise<number> {
    const failures = sql<number>`(CASE WHEN locked_until <= now() THEN 0 ELSE failed_login_attempts END) + 1`;
    const claimed = await this.db
      .updateTable('users')
      .set({
        failedLoginAttempts: failures,
        lockedUntil: sql`CASE WHEN ${failures} >= ${this.options.maxFailedSignIns}
          THEN now() + make_interval(secs => ${this.options.lockoutMs / 1000})
          WHEN locked_until <= now() THEN NULL ELSE locked_until END`,
      })
      .where('id', '=', userId)
      .where(notLocked)
      .returning('failedLoginAttempts')
      .executeTakeFirst();
    if (claimed) return claimed.failedLoginAttempts;
    const user = await this.db
      .selectFrom('users')
      .select('lockedUntil')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    throw accountLocked(user.lockedUntil ?? new Date());
  }

  /** The audit entry of a failed attempt, already counted by claimSignInAttempt. */
  private recordFailedSignIn(userId: string, failures: number, origin: RequestOrigin, reason: string): Promise<void> {
    const locked = failures >= this.options.maxFailedSignIns;
    return writeAudit(
      this.db,
      {
        actorId: userId,
        action: locked ? 'auth.locked' : 'auth.login_failed',
        entityType: 'user',
        entityId: userId,
        metadata: { failures, reason },
      },
      origin,
    );
  }

  /**
   * Signs in: resets the counters and the lock, with `spend` adding what this
   * sign-in uses up and the condition that it is still there (an authenticator
   * step not used before, a backup code not spent). Null when another call
   * spent it first.
   */
  private async completeSignIn(
    user: Selectable<UsersTable>,
    origin: RequestOrigin,
    action: string,
    spend: (update: UsersUpdate) => UsersUpdate = (update) => update,
  ): Promise<SessionUser | null> {
    return this.db.transaction().execute(async (trx) => {
      const done = await spend(
        trx
          .updateTable('users')
          .set({ failedLoginAttempts: 0, lockedUntil: null, lastLoginAt: new Date() })
          .where('id', '=', user.id),
      )
        .returning('id')
        .executeTakeFirst();
      if (!done) return null;
      await writeAudit(trx, { actorId: user.id, action, entityType: 'user', entityId: user.id }, origin);
      return toSessionUser(user);
    });
  }

  private lastDecoySweep = 0;

  /** Deletes decoy rows a day past their time, at most once a minute per process. */
  private async sweepDecoys(): Promise<void> {
    if (Date.now() - this.lastDecoySweep < 60_000) return;
    this.lastDecoySweep = Date.now();
    await this.db
      .deleteFrom('signInDecoys')
      .where('expiresAt', '<', new Date(Date.now() - 24 * 3600 * 1000))
      .execute();
  }
}
