import type { ColumnType, Generated } from 'kysely';

/** Column types as kysely sees them (camelCase; the CamelCasePlugin maps to snake_case). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** bigint columns arrive from pg as strings; we write bigint or string. */
type BigIntColumn = ColumnType<string, bigint | string, bigint | string>;

export interface ProjectionCheckpointsTable {
  name: string;
  commitPosition: BigIntColumn;
  preparePosition: BigIntColumn;
  updatedAt: Timestamp;
}

export interface PharmaciesTable {
  id: string;
  name: string;
  nameAr: string | null;
  address: string;
  addressAr: string | null;
  phone: string | null;
  email: string | null;
  managerId: string | null;
  isActive: boolean;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Revision of the pharmacy stream this row reflects. */
  revision: BigIntColumn;
}

export interface SeedRunsTable {
  name: string;
  appliedAt: Generated<Timestamp>;
}

export interface ReadDatabase {
  projectionCheckpoints: ProjectionCheckpointsTable;
  pharmacies: PharmaciesTable;
  seedRuns: SeedRunsTable;
}
