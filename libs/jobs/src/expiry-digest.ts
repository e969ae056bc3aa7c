import { expiringBatches, readSystemSettings, type ReadDb } from '@pharmacy/read-db';
import type { OutgoingMail } from '@pharmacy/mail';

export const EXPIRY_DIGEST_JOB = 'expiry-digest';

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}

interface DigestLine {
  pharmacyId: string;
  pharmacyName: string;
  productName: string;
  batchNumber: string;
  quantity: number;
  expiryDate: string;
  daysToExpiry: number;
}

export interface DigestResult {
  status: 'sent' | 'disabled' | 'nothing-expiring';
  recipients: number;
  batches: number;
}

function describe(line: DigestLine): string {
  const when =
    line.daysToExpiry < 0
      ? `expired ${-line.daysToExpiry} days ago`
      : line.daysToExpiry === 0
        ? 'expires today'
        : `expires in ${line.daysToExpiry} days`;
  const whenAr = line.daysToExpiry < 0 ? `منتهية منذ ${-line.daysToExpiry} يوم` : `تنتهي خلال ${line.daysToExpiry} يوم`;
  return `- ${line.productName} — batch ${line.batchNumber}, ${line.quantity} units, ${line.expiryDate} (${when} / ${whenAr})`;
}

/**
 * The daily expiry e-mail: to each active user, the batches with stock at
 * their pharmacies (administrators: all) that have expired or expire within
 * the `expiryWarningDays` setting. Sent only while the "email alerts" setting
 * is on; recorded in the audit log.
 */
export async function sendExpiryDigest(db: ReadDb, mail: MailSender, today: string): Promise<DigestResult> {
  const settings = await readSystemSettings(db);
  if (!settings.enableEmailAlerts) return { status: 'disabled', recipients: 0, batches: 0 };

  // The same read model and query as the Expiry screen, grouped by pharmacy for the e-mail.
  const lines: DigestLine[] = (
    await expiringBatches(db, { pharmacyIds: 'all', days: settings.expiryWarningDays, today })
  ).sort((x, y) => x.pharmacyName.localeCompare(y.pharmacyName) || x.expiryDate.localeCompare(y.expiryDate));
  if (lines.length === 0) return { status: 'nothing-expiring', recipients: 0, batches: 0 };

  const users = await db
    .selectFrom('users')
    .leftJoin('userPharmacies', (join) =>
      join.onRef('userPharmacies.userId', '=', 'users.id').on('userPharmacies.isActive', '=', true),
    )
    .select(['users.id', 'users.email', 'users.role', 'userPharmacies.pharmacyId'])
    .where('users.isActive', '=', true)
    .execute();
  const recipients = new Map<string, { email: string; all: boolean; pharmacies: Set<string> }>();
  for (const u of users) {
    const entry = recipients.get(u.id) ?? { email: u.email, all: u.role === 'admin', pharmacies: new Set<string>() };
    if (u.pharmacyId) entry.pharmacies.add(u.pharmacyId);
    recipients.set(u.id, entry);
  }

  let sent = 0;
  for (const recipient of recipients.values()) {
    const mine = lines.filter((l) => recipient.all || recipient.pharmacies.has(l.pharmacyId));
    if (mine.length === 0) continue;
    const byPharmacy = new Map<string, DigestLine[]>();
    for (const line of mine) byPharmacy.set(line.pharmacyName, [...(byPharmacy.get(line.pharmacyName) ?? []), line]);
    const body = [...byPharmacy.entries()]
      .map(([name, rows]) => `${name}\n${rows.map(describe).join('\n')}`)
      .join('\n\n');
    await mail.send({
      to: recipient.email,
      subject: `Expiry alert: ${mine.length} batch(es) expired or expiring within ${settings.expiryWarningDays} days / تنبيه انتهاء الصلاحية`,
      text: `Batches to act on (sell first, transfer, discount or write off):\n\n${body}\n\nDaily e-mail from Pharmacy Management. Turn it off in Settings → Notifications (Email alerts).`,
    });
    sent += 1;
  }

  await db
    .insertInto('auditLogs')
    .values({
      userId: null,
      pharmacistId: null,
      action: 'jobs.expiry_digest_sent',
      entityType: 'job',
      entityId: EXPIRY_DIGEST_JOB,
      oldValues: null,
      newValues: null,
      ipAddress: null,
      userAgent: null,
      pharmacyId: null,
      metadata: JSON.stringify({ recipients: sent, batches: lines.length, today }),
    })
    .execute();
  return { status: 'sent', recipients: sent, batches: lines.length };
}
