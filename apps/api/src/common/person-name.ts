import { sql } from 'kysely';

/**
 * A user's name as lists show it, from a `users` row joined as `alias`:
 * first and last name, else the e-mail; null without a user.
 */
export const personName = (alias: string) =>
  sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.firstName`)}, ${sql.ref(
    `${alias}.lastName`,
  )})), ''), ${sql.ref(`${alias}.email`)})`;
