import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** Archive members of a backup. */
export const DUMP_MEMBER = 'pharmacy.dump';
export const MANIFEST_MEMBER = 'manifest.json';
export const BACKUP_FORMAT = 'pharmacy-backup';
/** Raised when a backup made by this version could not be restored by an older one. */
export const BACKUP_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  postgres: z.object({ server: z.string(), pgDump: z.string() }),
  /** The event log in the dump; null when it lives in EventStoreDB (backed up with EventStoreDB's own tools). */
  eventLog: z
    .object({
      events: z.number().int().min(0),
      streams: z.number().int().min(0),
      /** Position of the last event, or null for an empty log. */
      headPosition: z.string().nullable(),
    })
    .nullable(),
  eventStore: z.enum(['postgres', 'eventstoredb']),
  migrations: z.object({ eventStore: z.array(z.string()), readDb: z.array(z.string()) }),
  tables: z.object({
    /** Tables whose rows are in the dump, with their row counts. */
    withRows: z.record(z.string(), z.number().int()),
    /** Tables whose shape only is in the dump (read models, caches, sessions). */
    withoutRows: z.array(z.string()),
  }),
  dump: z.object({ member: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** This program's name and version, from the repository's package.json. */
export function appVersion(): { name: string; version: string } {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
        workspaces?: unknown;
      };
      if (pkg.workspaces && pkg.name && pkg.version) return { name: pkg.name, version: pkg.version };
    } catch {
      // no package.json here: look further up
    }
    if (dirname(dir) === dir) return { name: 'pharmacy-platform', version: 'unknown' };
  }
}
