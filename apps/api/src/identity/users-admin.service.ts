import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AdminUserRow, RegisterUserInput, Role, UserPharmacy, UserSort } from '@pharmacy/contracts';
import { DomainError, pharmacyNotFound, type ErrorCode } from '@pharmacy/domain';
import { containsPattern, type ReadDatabase, type ReadDb } from '@pharmacy/read-db';
import { IDENTITY_CACHE, READ_DB } from '../infrastructure/tokens';
import { writeAudit, type RequestOrigin } from './audit';
import { hashPassword } from './crypto/passwords';
import { idempotencyKeyReused } from '../common/command-executor';
import { isUuid } from '../common/ids';
import type { IdentityCache } from './identity-cache';

const blocked = (code: ErrorCode, message: string) => new DomainError(code, message);
export const userNotFound = (userId: string) => new DomainError('USER_NOT_FOUND', 'User not found', { userId });

export interface Actor {
  id: string;
  origin: RequestOrigin;
}

/** Removes every session of a user (after deletion or a password reset), except the one given. */
export async function endSessionsOf(
  db: ReadDb | Transaction<ReadDatabase>,
  userId: string,
  keepSid?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where(sql<string>`sess -> 'passport' ->> 'user'`, '=', userId);
  if (keepSid) query = query.where('sid', '!=', keepSid);
  await query.execute();
}

/**
 * Administration of users. The "Action Blocked" rules are enforced here, under
 * row locks, so two administrators acting at once cannot leave zero administrators.
 */
@Injectable()
export class UsersAdminService {
  constructor(
    @Inject(READ_DB) private readonly db: ReadDb,
    @Optional() @Inject(IDENTITY_CACHE) private readonly cache?: IdentityCache,
  ) {}

  /** Every active user's rows, by e-mail (the specification's flat array). */
  list(): Promise<AdminUserRow[]> {
    return this.assignmentRows(null);
  }

  /**
   * One page of the active users whose name or e-mail contains `q` (ignoring
   * case), in `sort` order with the id breaking ties: every row of each of
   * them, and how many users match in all.
   */
  async page(options: {
    q: string;
    sort: UserSort;
    limit: number;
    offset: number;
  }): Promise<{ rows: AdminUserRow[]; total: number }> {
    const direction = options.sort.startsWith('-') ? 'desc' : 'asc';
    const key = options.sort.replace(/^-/, '') as 'name' | 'email' | 'role' | 'created';
    // The name as a card shows it; a user without one is shown (and sorted) by e-mail.
    const name = sql<string>`lower(coalesce(nullif(concat_ws(' ', first_name, last_name), ''), email))`;
    let users = this.db.selectFrom('users').where('isActive', '=', true);
    if (options.q !== '') {
      const pattern = containsPattern(options.q);
      users = users.where((eb) =>
        eb.or([eb(sql`concat_ws(' ', first_name, last_name)`, 'ilike', pattern), eb('email', 'ilike', pattern)]),
      );
    }
    let ordered = users.select('id');
    if (key === 'name') ordered = ordered.orderBy(name, direction);
    if (key === 'email') ordered = ordered.orderBy(sql`lower(email)`, direction);
    if (key === 'role') ordered = ordered.orderBy('role', direction).orderBy(name, direction);
    if (key === 'created') ordered = ordered.orderBy('createdAt', direction);
    const [page, total] = await Promise.all([
      ordered.orderBy('id', direction).limit(options.limit).offset(options.offset).execute(),
      users.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = page.map((user) => user.id);
    const position = new Map(ids.map((id, index) => [id, index]));
    const rows = ids.length === 0 ? [] : await this.assignmentRows(ids);
    // Sorting is stable: each user's rows keep their pharmacy order.
    rows.sort((a, b) => position.get(a.userId)! - position.get(b.userId)!);
    return { rows, total: Number(total.n) };
  }

  /** The rows of the active users (of `ids` only, when given), by e-mail and pharmacy name. */
  private async assignmentRows(ids: string[] | null): Promise<AdminUserRow[]> {
    let query = this.db
      .selectFrom('users')
      .leftJoin('userPharmacies', 'userPharmacies.userId', 'users.id')
      .leftJoin('pharmacies', 'pharmacies.id', 'userPharmacies.pharmacyId')
      .select([
        'users.id as userId',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.role',
        'users.profileImageUrl',
        'userPharmacies.pharmacyId',
        'pharmacies.name as pharmacyName',
        'userPharmacies.isActive as isAssignmentActive',
      ])
      .where('users.isActive', '=', true)
      .orderBy('users.email')
      .orderBy('pharmacies.name');
    if (ids !== null) query = query.where('users.id', 'in', ids);
    const rows = await query.execute();
    // An assignment to a location that was deleted since is not shown.
    const withPharmacy = rows.filter((r) => r.pharmacyId === null || r.pharmacyName !== null);
    const users = new Set(withPharmacy.map((r) => r.userId));
    const orphans = rows.filter((r) => !users.has(r.userId));
    const keep = [
      ...withPharmacy,
      ...dedupe(orphans).map((r) => ({ ...r, pharmacyId: null, pharmacyName: null, isAssignmentActive: null })),
    ];
    return keep.map((r) => ({
      userId: r.userId,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      role: r.role,
      profileImageUrl: r.profileImageUrl,
      pharmacyId: r.pharmacyId,
      pharmacyName: r.pharmacyName,
      isAssignmentActive: r.isAssignmentActive,
    }));
  }

  /**
   * Creates a user. `id` derives from the request's Idempotency-Key when there
   * is one: a retry finds the user its first attempt created and answers the
   * same, creating nothing.
   */
  async register(input: RegisterUserInput, actor: Actor | null, id: string = randomUUID()): Promise<string> {
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction().execute(async (trx) => {
      const earlier = await trx.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
      if (earlier) {
        if (earlier.email.toLowerCase() === input.email.toLowerCase()) return;
        throw idempotencyKeyReused();
      }
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
        .executeTakeFirst();
      if (taken) throw blocked('EMAIL_TAKEN', 'A user with this email address already exists.');
      await trx
        .insertInto('users')
        .values({
          id,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          passwordHash,
        })
        .execute();
      await writeAudit(
        trx,
        {
          actorId: actor?.id ?? null,
          action: 'user.created',
          entityType: 'user',
          entityId: id,
          newValues: { email: input.email, role: input.role },
        },
        actor?.origin ?? { ip: null, userAgent: null },
      );
    });
    return id;
  }

  async changeRole(userId: string, role: Role, actor: Actor): Promise<void> {
    if (userId === actor.id)
      throw blocked('OWN_ROLE', 'You cannot change your own role. Have another admin change it for you.');
    await this.db.transaction().execute(async (trx) => {
      const user = await this.lockForAdminChange(
        trx,
        userId,
        'Cannot remove the last administrator. Promote another user to admin first.',
        role !== 'admin',
      );
      if (user.role === role) return;
      await trx.updateTable('users').set({ role, updatedAt: new Date() }).where('id', '=', userId).execute();
      await writeAudit(
        trx,
        {
          actorId: actor.id,
          action: 'user.role_changed',
          entityType: 'user',
          entityId: userId,
          oldValues: { role: user.role },
          newValues: { role },
        },
        actor.origin,
      );
    });
    this.cache?.forgetUser(userId);
  }

  async delete(userId: string, actor: Actor): Promise<void> {
    if (userId === actor.id) throw blocked('OWN_ACCOUNT', 'You cannot delete your own account.');
    await this.db.transaction().execute(async (trx) => {
      const user = await this.lockForAdminChange(
        trx,
        userId,
        'Cannot delete the last administrator. Promote another user to admin first.',
        true,
      );
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      await endSessionsOf(trx, userId);
      await writeAudit(
        trx,
        {
          actorId: actor.id,
          action: 'user.deleted',
          entityType: 'user',
          entityId: userId,
          oldValues: { email: user.email, role: user.role },
        },
        actor.origin,
      );
    });
    this.cache?.forgetUser(userId);
  }

  async assignPharmacy(userId: string, pharmacyId: string, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockUser(trx, userId);
      const pharmacy = await trx
        .selectFrom('pharmacies')
        .select(['id', 'name'])
        .where('id', '=', pharmacyId)
        .executeTakeFirst();
      if (!pharmacy) throw pharmacyNotFound(pharmacyId);
      const existing = await trx
        .selectFrom('userPharmacies')
        .select('isActive')
        .where('userId', '=', userId)
        .where('pharmacyId', '=', pharmacyId)
        .executeTakeFirst();
      if (existing?.isActive) throw blocked('ALREADY_ASSIGNED', `This user already has access to ${pharmacy.name}.`);
      await trx
        .insertInto('userPharmacies')
        .values({ userId, pharmacyId, isActive: true })
        .onConflict((oc) => oc.columns(['userId', 'pharmacyId']).doUpdateSet({ isActive: true }))
        .execute();
      await writeAudit(
        trx,
        {
          actorId: actor.id,
          action: 'user.pharmacy_assigned',
          entityType: 'user',
          entityId: userId,
          newValues: { pharmacyId },
          pharmacyId,
        },
        actor.origin,
      );
    });
    this.cache?.forgetUser(userId);
  }

  async removePharmacy(userId: string, pharmacyId: string, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.lockUser(trx, userId);
      const removed = await trx
        .deleteFrom('userPharmacies')
        .where('userId', '=', userId)
        .where('pharmacyId', '=', pharmacyId)
        .executeTakeFirst();
      if (!removed.numDeletedRows)
        throw new DomainError('ASSIGNMENT_NOT_FOUND', 'This user has no access to that pharmacy.');
      await writeAudit(
        trx,
        {
          actorId: actor.id,
          action: 'user.pharmacy_removed',
          entityType: 'user',
          entityId: userId,
          oldValues: { pharmacyId },
          pharmacyId,
        },
        actor.origin,
      );
    });
    this.cache?.forgetUser(userId);
  }

  async resetPassword(userId: string, newPassword: string, actor: Actor & { sid?: string }): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await this.lockUser(trx, userId);
      await trx
        .updateTable('users')
        .set({ passwordHash, failedLoginAttempts: 0, lockedUntil: null, updatedAt: new Date() })
        .where('id', '=', userId)
        .execute();
      // Whoever knew the old password is signed out everywhere.
      await endSessionsOf(trx, userId, userId === actor.id ? actor.sid : undefined);
      await writeAudit(
        trx,
        { actorId: actor.id, action: 'user.password_reset', entityType: 'user', entityId: userId },
        actor.origin,
      );
    });
    this.cache?.forgetUser(userId);
  }

  async pharmaciesOf(userId: string): Promise<UserPharmacy[]> {
    const rows = await this.db
      .selectFrom('userPharmacies')
      .innerJoin('pharmacies', 'pharmacies.id', 'userPharmacies.pharmacyId')
      .select([
        'pharmacies.id as pharmacyId',
        'pharmacies.name as pharmacyName',
        'pharmacies.nameAr as pharmacyNameAr',
        'userPharmacies.isActive',
      ])
      .where('userPharmacies.userId', '=', userId)
      .orderBy('pharmacies.name')
      .execute();
    return rows;
  }

  private async lockUser(trx: Transaction<ReadDatabase>, userId: string) {
    if (!isUuid(userId)) throw userNotFound(userId);
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'role'])
      .where('id', '=', userId)
      .where('isActive', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw userNotFound(userId);
    return user;
  }

  /**
   * Locks the target, and when it is an administrator who would stop being one,
   * every administrator row first, always in id order (concurrent requests then
   * queue instead of deadlocking), and refuses if it is the only one left.
   */
  private async lockForAdminChange(
    trx: Transaction<ReadDatabase>,
    userId: string,
    lastAdminMessage: string,
    removesAdmin: boolean,
  ) {
    if (!isUuid(userId)) throw userNotFound(userId);
    const peek = await trx
      .selectFrom('users')
      .select('role')
      .where('id', '=', userId)
      .where('isActive', '=', true)
      .executeTakeFirst();
    if (!peek) throw userNotFound(userId);
    if (peek.role === 'admin' && removesAdmin) {
      const admins = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('role', '=', 'admin')
        .where('isActive', '=', true)
        .orderBy('id')
        .forUpdate()
        .execute();
      const user = await this.lockUser(trx, userId);
      if (user.role === 'admin' && admins.length <= 1) throw blocked('LAST_ADMIN', lastAdminMessage);
      return user;
    }
    return this.lockUser(trx, userId);
  }
}

function dedupe<T extends { userId: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.userId) ? false : (seen.add(r.userId), true)));
}
