import { sql, type Kysely } from 'kysely';

/**
 * Tells every API process, on the channel `identity_changed`, which user or
 * session changed (`user:<id>`, also when the pharmacies they work in change;
 * `session:<sid>`), so that what a process keeps in memory of them is
 * forgotten (`apps/api/src/identity/identity-cache.ts`). The pharmacies
 * projection's own trigger sends `pharmacies`.
 * A session is named when its contents change or it ends; moving its expiry
 * (every minute or so per active session) is not news.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_identity_changed() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('identity_changed', 'user:' || OLD.id::text);
      ELSIF TG_TABLE_NAME = 'user_pharmacies' THEN
        PERFORM pg_notify('identity_changed', 'user:' || coalesce(NEW.user_id, OLD.user_id)::text);
      ELSE
        PERFORM pg_notify('identity_changed', 'session:' || OLD.sid);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_identity_changed()`.execute(db);
  await sql`
    CREATE TRIGGER user_pharmacies_changed AFTER INSERT OR UPDATE OR DELETE ON user_pharmacies
    FOR EACH ROW EXECUTE FUNCTION notify_identity_changed()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (OLD.sess::text IS DISTINCT FROM NEW.sess::text)
    EXECUTE FUNCTION notify_identity_changed()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_identity_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER sessions_ended ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db);
  await sql`DROP TRIGGER user_pharmacies_changed ON user_pharmacies`.execute(db);
  await sql`DROP TRIGGER users_changed ON users`.execute(db);
  await sql`DROP FUNCTION notify_identity_changed()`.execute(db);
}
