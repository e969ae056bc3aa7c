import type { Kysely, Transaction } from 'kysely';
import type { ReadDatabase } from '@pharmacy/read-db';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValues?: unknown;
  newValues?: unknown;
  pharmacyId?: string | null;
  metadata?: unknown;
}

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function writeAudit(
  db: Kysely<ReadDatabase> | Transaction<ReadDatabase>,
  entry: AuditEntry,
  origin: RequestOrigin,
): Promise<void> {
  await db
    .insertInto('auditLogs')
    .values({
      userId: entry.actorId,
      pharmacistId: null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      oldValues: entry.oldValues === undefined ? null : JSON.stringify(entry.oldValues),
      newValues: entry.newValues === undefined ? null : JSON.stringify(entry.newValues),
      ipAddress: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
      pharmacyId: entry.pharmacyId ?? null,
      metadata: entry.metadata === undefined ? null : JSON.stringify(entry.metadata),
    })
    .execute();
}
