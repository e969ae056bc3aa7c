import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { todayIn } from '@pharmacy/domain';
import { systemContext } from '../common/request-context';
import type { Runtime } from '../infrastructure/runtime';
import { CreateTransferCommand, TransferActionCommand } from '../transfers/transfers.commands';
import { demoPharmacies } from './demo-data';

const SEED_NAME = 'demo-transfers';
const [downtown, abdoun] = demoPharmacies.filter((p) => p.isActive).map((p) => p.id);

/**
 * A few transfers between the two active demo pharmacies, one in each
 * status (a completed one with a pack that did not arrive), through the same
 * commands the screens use. Once per database.
 */
export async function seedDemoTransfers(app: INestApplicationContext, runtime: Runtime): Promise<boolean> {
  const done = await runtime.db.selectFrom('seedRuns').select('name').where('name', '=', SEED_NAME).executeTakeFirst();
  if (done || !downtown || !abdoun) return false;
  const commands = app.get(CommandBus, { strict: false });
  const omar = await runtime.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'omar@pharmacy.example')
    .executeTakeFirst();
  const context = systemContext(omar?.id ?? null);
  const today = todayIn(runtime.config.TIME_ZONE);
  /** Products with plenty of unreserved, unexpiring packs at a pharmacy, largest stock first. */
  const plentiful = async (pharmacyId: string) =>
    (
      await runtime.db
        .selectFrom('inventoryBatches')
        .select(['productId', sql<number>`sum(quantity - reserved_quantity)::int`.as('packs')])
        .where('pharmacyId', '=', pharmacyId)
        .where(sql<boolean>`expiry_date > ${today}::date + 60`)
        .groupBy('productId')
        .having(sql<boolean>`sum(quantity - reserved_quantity) >= 20`)
        .orderBy(sql`sum(quantity - reserved_quantity)`, 'desc')
        .orderBy('productId')
        .limit(8)
        .execute()
    ).map((row) => row.productId);
  const [a1, a2, a3] = await plentiful(abdoun);
  const [d1, d2] = await plentiful(downtown);
  const create = (fromPharmacyId: string, toPharmacyId: string, productIds: Array<string | undefined>, notes: string) =>
    commands.execute(
      new CreateTransferCommand(
        {
          fromPharmacyId,
          toPharmacyId,
          items: productIds.flatMap((productId, i) =>
            productId ? [{ productId, quantity: 3 + i, batchId: null }] : [],
          ),
          notes,
        },
        context,
        // Omar works at both pharmacies: each transfer holds its packs from the start.
        true,
      ),
    );

  const completed = await create(abdoun, downtown, [a1, a2], 'Weekend cover — تغطية نهاية الأسبوع');
  await commands.execute(new TransferActionCommand(completed, { type: 'approve' }, context));
  const sent = await runtime.db.selectFrom('transferItems').selectAll().where('transferId', '=', completed).execute();
  await commands.execute(
    new TransferActionCommand(
      completed,
      {
        type: 'receive',
        input: {
          items: sent.map((item, i) => ({
            batchId: item.batchId,
            receivedQuantity: item.quantity - (i === 0 ? 1 : 0),
          })),
          discrepancyReason: 'One box crushed in transit — علبة تالفة أثناء النقل',
        },
      },
      context,
    ),
  );
  const inTransit = await create(downtown, abdoun, [d1], 'Stock for the evening shift — مخزون للمناوبة المسائية');
  await commands.execute(new TransferActionCommand(inTransit, { type: 'approve' }, context));
  await create(abdoun, downtown, [a3], 'Running low at Downtown — نقص في فرع وسط البلد');
  const cancelled = await create(downtown, abdoun, [d2], 'Requested twice — طلب مكرر');
  await commands.execute(
    new TransferActionCommand(cancelled, { type: 'cancel', input: { reason: 'Duplicate request' } }, context),
  );
  await sql`INSERT INTO seed_runs (name) VALUES (${SEED_NAME}) ON CONFLICT DO NOTHING`.execute(runtime.db);
  return true;
}
