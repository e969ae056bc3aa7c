import type { ColumnType } from 'kysely';

// Column types that schema.generated.ts names (kysely-codegen's typeMapping in
// libs/read-db/kysely-codegen.config.cjs): what `pg` hands back, and what we let the code write.

/** bigint arrives from pg as a string (it may not fit a number); we write a bigint or a string, never a number that may have lost digits. */
export type BigIntColumn = ColumnType<string, bigint | string, bigint | string>;

/** numeric arrives from pg as a string ("12.50") and is written as one: money never becomes a float. */
export type Decimal = string;
