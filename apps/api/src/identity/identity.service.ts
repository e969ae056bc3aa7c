import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { PharmacySummary } from '@pharmacy/contracts';
import { DomainError, type ErrorCode } from '@pharmacy/domain';
import type { ReadDb, UsersTable } from '@pharmacy/read-db';
import { READ_DB } from '../infrastructure/tokens';
import { writeAudit, type AuditEntry, type RequestOrigin } from './audit';
import { decoyUserId, hashCode, newOneTimeCode, normaliseBackupCode, sameHash } from './crypto/codes';
import { decoyPasswordHash, verifyPassword } from './crypto/passwords';
import { matchTotp } from './crypto/totp';
import { IDENTITY_OPTIONS, type IdentityOptions, type SessionUser } from './identity.types';
import { Mailer } from '@pharmacy/mail';
import { createHash } from 'node:crypto';
import { isUuid } from '../common/ids';

const unauthorized = (code: ErrorCode, message: string) => new DomainError(code, message);
export const invalidCredentials = () => unauthorized('INVALID_CREDENTIALS', 'Invalid email or password');

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
  ) {}

  audit(entry: AuditEntry, origin: RequestOrigin): Promise<void> {
    return writeAudit(this.db, entry, origin);
  }

  async findActiveUser(id: string): Promise<SessionUser | null> {
    if (!isUuid(id)) return null;
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('isActive', '=', true)
      .executeTakeFirst();
    return row ? toSessionUser(row) : null;
  }

  /** Step 1: e-mail a code. Answers the same id shape for unknown addresses, and sends nothing then. */
  async requestCode(email: string, origin: RequestOrigin): Promise<{ userId: string }> {
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('isActive', '=', true)
      .executeTakeFirst();
    if (!user) return { userId: decoyUserId(this.options.secret, email) };

    const code = newOneTimeCode();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          otpSecret: hashCode(this.options.secret, user.id, code),
          otpExpiresAt: new Date(Date.now() + this.options.otpTtlMs),
          otpAttempts: 0,
          updatedAt: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      await writeAudit(
        trx,
        { actorId: user.id, action: 'auth.code_requested', entityType: 'user', entityId: user.id },
        origin,
      );
    });
    const minutes = Math.round(this.options.otpTtlMs / 60_000);
    await this.mailer.send({
      to: user.email,
      subject: `Your sign-in code: ${code}`,
      text: `Your Pharmacy Management sign-in code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.\n\nرمز الدخول إلى نظام إدارة الصيدلية هو ${code}. تنتهي صلاحيته خلال ${minutes} دقائق.`,
    });
    return { userId: user.id };
  }

  /** Step 2. The failure messages name the wrong part ("verification code" / "password"): the screen reacts to those words. */
  async verifyLogin(userId: string, password: string, otpCode: string, origin: RequestOrigin): Promise<SessionUser> {
    const user = isUuid(userId)
      ? await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
      : undefined;
    if (!user || !user.isActive) {
      await verifyPassword(password, await decoyPasswordHash);
      throw invalidCredentials();
    }
    this.refuseIfLocked(user);

    const now = Date.now();
    if (!user.otpSecret || !user.otpExpiresAt || user.otpExpiresAt.getTime() < now) {
      throw unauthorized(
        'VERIFICATION_CODE_EXPIRED',
        'The verification code has expired or was already used. Request a new one.',
      );
    }
    if (user.otpAttempts >= this.options.maxOtpAttempts) {
      throw unauthorized('VERIFICATION_CODE_VOID', 'Too many wrong verification codes. Request a new code.');
    }
    if (!sameHash(user.otpSecret, hashCode(this.options.secret, user.id, otpCode))) {
      const attempts = user.otpAttempts + 1;
      const exhausted = attempts >= this.options.maxOtpAttempts;
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ otpAttempts: attempts, ...(exhausted ? { otpSecret: null, otpExpiresAt: null } : {}) })
          .where('id', '=', user.id)
          .execute();
        await writeAudit(
          trx,
          {
            actorId: user.id,
            action: 'auth.code_rejected',
            entityType: 'user',
            entityId: user.id,
            metadata: { attempts },
          },
          origin,
        );
      });
      throw exhausted
        ? unauthorized('VERIFICATION_CODE_VOID', 'Too many wrong verification codes. Request a new code.')
        : unauthorized('INVALID_VERIFICATION_CODE', 'Invalid verification code');
    }

    if (!(await verifyPassword(password, user.passwordHash))) {
      // The code is spent either way: each password guess costs a new e-mailed code.
      await this.recordFailedSignIn(user, origin, { otpSecret: null, otpExpiresAt: null });
      throw invalidCredentials();
    }

    return this.completeSignIn(user, origin, 'auth.login', { otpSecret: null, otpExpiresAt: null, otpAttempts: 0 });
  }

  /** /pharmacist-login: username, password and the authenticator code (or a one-time backup code). */
  async pharmacistLogin(
    username: string,
    password: string,
    totpCode: string | undefined,
    origin: RequestOrigin,
  ): Promise<SessionUser> {
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    if (!user || !user.isActive) {
      await verifyPassword(password, await decoyPasswordHash);
      throw unauthorized('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    this.refuseIfLocked(user);
    if (!(await verifyPassword(password, user.passwordHash))) {
      await this.recordFailedSignIn(user, origin);
      throw unauthorized('INVALID_CREDENTIALS', 'Invalid username or password');
    }
    if (!user.totpEnabled || !user.totpSecret) {
      throw unauthorized(
        'TOTP_NOT_ENABLED',
        'Set up an authenticator app in Settings → Security before signing in with a username.',
      );
    }
    if (!totpCode) {
      throw unauthorized('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app.');
    }
    const step = matchTotp(user.totpSecret, totpCode);
    if (step !== null && (user.totpLastStep === null || BigInt(step) > BigInt(user.totpLastStep))) {
      return this.completeSignIn(user, origin, 'auth.login_totp', { totpLastStep: BigInt(step) });
    }
    const backup = hashBackupCode(totpCode);
    if (step === null && user.backupCodes.includes(backup)) {
      return this.completeSignIn(user, origin, 'auth.login_backup_code', {
        backupCodes: user.backupCodes.filter((c) => c !== backup),
      });
    }
    await this.recordFailedSignIn(user, origin);
    throw unauthorized('INVALID_TOTP', 'Invalid authenticator code');
  }

  /** Pharmacies the user may work in: assigned and existing ones, or every active one for an administrator or auditor. */
  async allowedPharmacies(user: Pick<SessionUser, 'id' | 'role'>): Promise<PharmacySummary[]> {
    const base = this.db.selectFrom('pharmacies').select(['pharmacies.id', 'name', 'nameAr', 'address', 'addressAr']);
    const rows =
      user.role === 'admin' || user.role === 'auditor'
        ? await base.where('isActive', '=', true).orderBy('name').execute()
        : await base
            .innerJoin('userPharmacies', 'userPharmacies.pharmacyId', 'pharmacies.id')
            .where('userPharmacies.userId', '=', user.id)
            .where('userPharmacies.isActive', '=', true)
            .where('pharmacies.isActive', '=', true)
            .orderBy('name')
            .execute();
    return rows;
  }

  /** Where a new session starts: the default pharmacy if still allowed, or a pharmacist's only one. */
  async initialPharmacy(user: SessionUser): Promise<string | null> {
    const allowed = await this.allowedPharmacies(user);
    if (user.defaultPharmacyId && allowed.some((p) => p.id === user.defaultPharmacyId)) return user.defaultPharmacyId;
    if (user.role === 'pharmacist' && allowed.length === 1) return allowed[0]!.id;
    return null;
  }

  private refuseIfLocked(user: Selectable<UsersTable>): void {
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      const until = user.lockedUntil.toISOString().slice(11, 16);
      throw new DomainError('ACCOUNT_LOCKED', `Too many failed sign-ins. This account is locked until ${until} UTC.`, {
        lockedUntil: user.lockedUntil.toISOString(),
      });
    }
  }

  private async recordFailedSignIn(
    user: Selectable<UsersTable>,
    origin: RequestOrigin,
    extra: { otpSecret?: null; otpExpiresAt?: null } = {},
  ): Promise<void> {
    const expiredLock = user.lockedUntil && user.lockedUntil.getTime() <= Date.now();
    const failures = (expiredLock ? 0 : user.failedLoginAttempts) + 1;
    const lock = failures >= this.options.maxFailedSignIns;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          ...extra,
          failedLoginAttempts: lock ? 0 : failures,
          lockedUntil: lock ? new Date(Date.now() + this.options.lockoutMs) : expiredLock ? null : user.lockedUntil,
        })
        .where('id', '=', user.id)
        .execute();
      await writeAudit(
        trx,
        {
          actorId: user.id,
          action: lock ? 'auth.locked' : 'auth.login_failed',
          entityType: 'user',
          entityId: user.id,
          metadata: { failures },
        },
        origin,
      );
    });
  }

  private async completeSignIn(
    user: Selectable<UsersTable>,
    origin: RequestOrigin,
    action: string,
    changes: Partial<{
      otpSecret: null;
      otpExpiresAt: null;
      otpAttempts: number;
      totpLastStep: bigint;
      backupCodes: string[];
    }>,
  ): Promise<SessionUser> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...changes, failedLoginAttempts: 0, lockedUntil: null, lastLoginAt: new Date() })
        .where('id', '=', user.id)
        .execute();
      await writeAudit(trx, { actorId: user.id, action, entityType: 'user', entityId: user.id }, origin);
    });
    return toSessionUser(user);
  }
}
