import { defaultSystemSettings, systemSettingsAnswerSchema, type SystemSettings } from '@pharmacy/contracts';
import type { ReadDb } from './connection';

/** The installation's settings: stored values over the defaults, so a setting added later has a value at once. */
export async function readSystemSettings(db: ReadDb): Promise<SystemSettings> {
  const row = await db.selectFrom('systemSettings').select('settings').where('id', '=', 1).executeTakeFirst();
  const parsed = systemSettingsAnswerSchema.safeParse({
    ...defaultSystemSettings,
    ...(row?.settings as object | undefined),
  });
  return parsed.success ? parsed.data : defaultSystemSettings;
}
