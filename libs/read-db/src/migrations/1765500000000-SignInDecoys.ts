import { sql, type Kysely } from 'kysely';

/**
 * Sign-in codes "sent" to addresses that have no account (issue 28): step 1
 * hands out an id for any address, and step 2 must then answer for that id
 * exactly as for a real account whose code is pending (wrong code, void after
 * the fifth, expired after its time), or the answers tell which addresses have
 * accounts. Nothing is mailed; the row only carries the attempts, counted in
 * one conditional UPDATE like a real account's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_decoys (
      id uuid PRIMARY KEY,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX sign_in_decoys_expires_at ON sign_in_decoys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sign_in_decoys`.execute(db);
}
