import { systemContext } from '../common/request-context';
import { sql } from 'kysely';
import { DomainError, pharmacyDecider, pharmacyStreamId } from '@pharmacy/domain';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandExecutor } from '../common/command-executor';
import type { Runtime } from '../infrastructure/runtime';
import { UsersAdminService } from '../identity/users-admin.service';
import { demoPharmacies, demoUsers } from './demo-data';
import { seedDemoCatalogue } from './seed-catalogue';
import { seedDemoSales } from './seed-sales';
import { seedDemoTransfers } from './seed-transfers';

const SEED_NAME = 'demo-pharmacies';

/**
 * Writes the demo data through the same commands users trigger, once per
 * database: a restart finds the seed recorded and does nothing.
 */
export async function seedDemoData(
  app: INestApplicationContext,
  runtime: Runtime,
  options: { catalogue: boolean },
): Promise<boolean> {
  const done = await runtime.db.selectFrom('seedRuns').select('name').where('name', '=', SEED_NAME).executeTakeFirst();
  if (done) return options.catalogue ? seedCatalogueAndSales(app, runtime) : false;
  const executor = app.get(CommandExecutor, { strict: false });
  const context = systemContext();
  for (const { id, ...details } of demoPharmacies) {
    try {
      await executor.execute(
        pharmacyStreamId(id),
        pharmacyDecider,
        { type: 'RegisterPharmacy', pharmacyId: id, details },
        context,
      );
    } catch (error) {
      // Already there from an interrupted earlier seed: fine, that is the point of fixed ids.
      if (!(error instanceof DomainError && error.code === 'PHARMACY_ALREADY_EXISTS')) throw error;
    }
  }
  const users = app.get(UsersAdminService, { strict: false });
  for (const { pharmacies, ...account } of demoUsers) {
    const existing = await runtime.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirst();
    const userId = existing?.id ?? (await users.register(account, null));
    for (const pharmacyId of pharmacies) {
      await runtime.db
        .insertInto('userPharmacies')
        .values({ userId, pharmacyId, isActive: true })
        .onConflict((oc) => oc.columns(['userId', 'pharmacyId']).doNothing())
        .execute();
    }
  }
  await sql`INSERT INTO seed_runs (name) VALUES (${SEED_NAME}) ON CONFLICT DO NOTHING`.execute(runtime.db);
  if (options.catalogue) await seedCatalogueAndSales(app, runtime);
  return true;
}

/** The catalogue with its stock, then three weeks of sales from that stock, then a few transfers (each once per database). */
async function seedCatalogueAndSales(app: INestApplicationContext, runtime: Runtime): Promise<boolean> {
  const catalogue = await seedDemoCatalogue(app, runtime);
  const sales = await seedDemoSales(app, runtime);
  const transfers = await seedDemoTransfers(app, runtime);
  return catalogue || sales || transfers;
}
