import { createInterface } from 'node:readline/promises';
import { prepareReadDatabase } from '@pharmacy/projections';
import { registerUserSchema } from '@pharmacy/contracts';
import { createPool, createReadDb } from '@pharmacy/read-db';
import { loadConfig } from '../config/config';
import { UsersAdminService } from '../identity/users-admin.service';
import { databaseFromConfig } from './database-from-config';

/**
 * `npm run create-admin -- --email a@b.c [--first-name A --last-name B]`:
 * creates an administrator. The password is read from ADMIN_PASSWORD or asked for.
 */
async function main(): Promise<void> {
  const args = new Map<string, string>();
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) args.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
  const config = loadConfig();
  const email = args.get('email') ?? config.ADMIN_EMAIL;
  if (!email)
    throw new Error('Usage: npm run create-admin -- --email admin@example.com [--first-name A --last-name B]');
  let password = config.ADMIN_PASSWORD;
  if (!password) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    password = await prompt.question('Password (at least 8 characters): ');
    prompt.close();
  }
  const input = registerUserSchema.parse({
    email,
    password,
    firstName: args.get('first-name') ?? 'Administrator',
    lastName: args.get('last-name') ?? 'Account',
    role: 'admin',
  });
  const database = await databaseFromConfig(config);
  await prepareReadDatabase(database.url);
  const db = createReadDb(createPool(database.url));
  try {
    const id = await new UsersAdminService(db).register(input, null);
    console.log(`administrator ${input.email} created (${id})`);
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
