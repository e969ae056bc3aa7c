import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { UsersAdminService } from '../identity/users-admin.service';
import { READ_DB } from '../infrastructure/tokens';
import type { ReadDb } from '@pharmacy/read-db';

/** With ADMIN_EMAIL / ADMIN_PASSWORD set and no administrator yet, creates the first one. */
export async function ensureFirstAdmin(app: INestApplicationContext, config: AppConfig, logger: Logger): Promise<void> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  const db = app.get<ReadDb>(READ_DB);
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('isActive', '=', true)
    .executeTakeFirst();
  if (admin) return;
  await app.get(UsersAdminService).register(
    {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      firstName: 'Administrator',
      lastName: '',
      role: 'admin',
    },
    null,
  );
  logger.info({ email: config.ADMIN_EMAIL }, 'first administrator created from ADMIN_EMAIL');
}
