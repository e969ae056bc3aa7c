import { Inject, Injectable, Optional } from '@nestjs/common';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { TotpConfirmAnswer, TotpSetupAnswer } from '@pharmacy/contracts';
import { DomainError } from '@pharmacy/domain';
import type { ReadDb } from '@pharmacy/read-db';
import { IDENTITY_CACHE, READ_DB } from '../infrastructure/tokens';
import { writeAudit, type RequestOrigin } from './audit';
import { newBackupCodes } from './crypto/codes';
import { verifyPassword } from './crypto/passwords';
import { matchTotp, newTotpSecret, otpauthUrl } from './crypto/totp';
import { hashBackupCode } from './identity.service';
import type { IdentityCache } from './identity-cache';

/** Enrolment of an authenticator app for /pharmacist-login (Settings → Security). */
@Injectable()
export class TotpService {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Optional() @Inject(IDENTITY_CACHE) private readonly cache?: IdentityCache,
  ) {}

  /** A new secret, pending until confirmed with a code from the app. */
  async setup(userId: string): Promise<TotpSetupAnswer> {
    const user = await this.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const secret = newTotpSecret();
    await this.db.updateTable('users').set({ totpPendingSecret: secret }).where('id', '=', userId).execute();
    const url = otpauthUrl(secret, user.username ?? user.email);
    return {
      secret,
      otpauthUrl: url,
      qrCodeSvg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    };
  }

  async confirm(
    userId: string,
    code: string,
    username: string | undefined,
    origin: RequestOrigin,
  ): Promise<TotpConfirmAnswer> {
    const user = await this.db
      .selectFrom('users')
      .select(['totpPendingSecret', 'username'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!user.totpPendingSecret) {
      throw new DomainError('TOTP_NOT_STARTED', 'Start the authenticator set-up first.');
    }
    const chosen = username ?? user.username;
    if (!chosen) throw new DomainError('USERNAME_REQUIRED', 'Username is required');
    const step = matchTotp(user.totpPendingSecret, code);
    if (step === null) throw new DomainError('TOTP_CODE_MISMATCH', 'Invalid authenticator code');

    const backupCodes = newBackupCodes();
    await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', chosen.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) throw new DomainError('USERNAME_TAKEN', 'This username is already taken.');
      await trx
        .updateTable('users')
        .set({
          username: chosen,
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabled: true,
          totpLastStep: BigInt(step),
          backupCodes: backupCodes.map(hashBackupCode),
          updatedAt: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      await writeAudit(
        trx,
        {
          actorId: userId,
          action: 'auth.totp_enabled',
          entityType: 'user',
          entityId: userId,
          newValues: { username: chosen },
        },
        origin,
      );
    });
    this.cache?.forgetUser(userId);
    return { message: 'Authenticator app enabled', backupCodes };
  }

  async disable(userId: string, password: string, origin: RequestOrigin): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new DomainError('INVALID_CREDENTIALS', 'Invalid password');
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          totpEnabled: false,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          backupCodes: [],
          updatedAt: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      await writeAudit(
        trx,
        { actorId: userId, action: 'auth.totp_disabled', entityType: 'user', entityId: userId },
        origin,
      );
    });
    this.cache?.forgetUser(userId);
  }
}
