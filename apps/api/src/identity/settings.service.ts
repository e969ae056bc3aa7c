import { Inject, Injectable, Optional } from '@nestjs/common';
import { sql } from 'kysely';
import type { ProfileInput, SystemSettings } from '@pharmacy/contracts';
import { DomainError } from '@pharmacy/domain';
import { readSystemSettings, type ReadDb } from '@pharmacy/read-db';
import { IDENTITY_CACHE, READ_DB } from '../infrastructure/tokens';
import { writeAudit, type RequestOrigin } from './audit';
import type { IdentityCache } from './identity-cache';

const CACHE_MS = 5000;

/** System settings (one row) and each user's own profile. */
@Injectable()
export class SettingsService {
  private cached: { at: number; value: SystemSettings } | null = null;

  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Optional() @Inject(IDENTITY_CACHE) private readonly cache?: IdentityCache,
  ) {}

  async system(): Promise<SystemSettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const value = await readSystemSettings(this.db);
    this.cached = { at: Date.now(), value };
    return value;
  }

  async updateSystem(settings: SystemSettings, actorId: string, origin: RequestOrigin): Promise<SystemSettings> {
    const before = await this.system();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('systemSettings')
        .values({ id: 1, settings: JSON.stringify(settings), updatedBy: actorId })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({ settings: JSON.stringify(settings), updatedBy: actorId, updatedAt: new Date() }),
        )
        .execute();
      await writeAudit(
        trx,
        {
          actorId,
          action: 'settings.updated',
          entityType: 'system_settings',
          entityId: '1',
          oldValues: before,
          newValues: settings,
        },
        origin,
      );
    });
    this.cached = null;
    return this.system();
  }

  async profile(userId: string): Promise<ProfileInput> {
    const row = await this.db
      .selectFrom('users')
      .select(['firstName', 'lastName', 'email', 'phone', 'defaultPharmacyId'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      email: row.email,
      phone: row.phone,
      defaultPharmacyId: row.defaultPharmacyId,
    };
  }

  async updateProfile(
    userId: string,
    input: ProfileInput,
    allowedPharmacyIds: string[],
    origin: RequestOrigin,
  ): Promise<ProfileInput> {
    if (input.defaultPharmacyId && !allowedPharmacyIds.includes(input.defaultPharmacyId)) {
      throw new DomainError('PHARMACY_FORBIDDEN', 'You do not have access to this pharmacy.');
    }
    const before = await this.profile(userId);
    await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) throw new DomainError('EMAIL_TAKEN', 'A user with this email address already exists.');
      await trx
        .updateTable('users')
        .set({ ...input, updatedAt: new Date() })
        .where('id', '=', userId)
        .execute();
      await writeAudit(
        trx,
        {
          actorId: userId,
          action: 'profile.updated',
          entityType: 'user',
          entityId: userId,
          oldValues: before,
          newValues: input,
        },
        origin,
      );
    });
    this.cache?.forgetUser(userId);
    return this.profile(userId);
  }
}
