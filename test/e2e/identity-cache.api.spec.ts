import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { demoAccounts, demoPharmacyIds, startTestApp, unique, type TestApp } from '@pharmacy/test-harness';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

/**
 * Users and sessions kept in memory (issue 31): a request costs no session or
 * user query, yet a change reaches the very next request, whether it was made
 * through this process or straight in the database by another one.
 */
describe('signed-in users and sessions kept in memory', () => {
  let app: TestApp;
  let admin: Agent;
  let other: Client;
  const cache = () => app.server.runtime.identityCache;

  async function newPharmacist(): Promise<{ id: string; agent: Agent; email: string }> {
    const email = `${unique('cache')}@pharmacy.example`;
    const password = 'Secret#2026';
    const created = await admin
      .post('/api/auth/register')
      .send({ email, firstName: 'Kept', lastName: 'User', password, role: 'pharmacist' })
      .expect(201);
    const id = created.body.userId as string;
    await admin.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: demoPharmacyIds.downtown }).expect(200);
    return { id, agent: await app.signIn(email, password), email };
  }

  /** Another process's change: straight in the database, only the notification tells this server. */
  async function untilAnswered(call: () => Promise<number>, status: number, withinMs = 2000): Promise<void> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      if ((await call()) === status) return;
      if (Date.now() > deadline) throw new Error(`still not ${status} after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    other = new Client({ connectionString: app.database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await app.stop();
  });

  it('answers repeated requests of a session from memory', async () => {
    const { agent } = await newPharmacist();
    await agent.get('/api/auth/user').expect(200);
    const before = { ...cache().stats };
    for (let i = 0; i < 5; i += 1) await agent.get('/api/auth/user').expect(200);
    // Each request asks for its session, its user and the pharmacies it may work in: 15 lookups, no query.
    expect(cache().stats.hits - before.hits).toBe(15);
    expect(cache().stats.misses).toBe(before.misses);
  });

  it('refuses a demoted administrator on their very next request', async () => {
    const email = `${unique('demoted')}@pharmacy.example`;
    const created = await admin
      .post('/api/auth/register')
      .send({ email, firstName: 'Soon', lastName: 'Demoted', password: 'Secret#2026', role: 'admin' })
      .expect(201);
    const id = created.body.userId as string;
    const demoted = await app.signIn(email, 'Secret#2026');
    await demoted.get('/api/admin/users').expect(200);
    await demoted.get('/api/admin/users').expect(200);
    await admin.patch(`/api/admin/users/${id}/role`).send({ role: 'pharmacist' }).expect(200);
    await demoted.get('/api/admin/users').expect(403);
  });

  it('signs a user out on their next request when their password is reset, here or by another process', async () => {
    const here = await newPharmacist();
    await here.agent.get('/api/auth/user').expect(200);
    await admin.post(`/api/admin/users/${here.id}/reset-password`).send({ newPassword: 'Another#2026' }).expect(200);
    await here.agent.get('/api/auth/user').expect(401);

    const elsewhere = await newPharmacist();
    await elsewhere.agent.get('/api/auth/user').expect(200);
    await elsewhere.agent.get('/api/auth/user').expect(200);
    await other.query(`DELETE FROM sessions WHERE sess -> 'passport' ->> 'user' = $1`, [elsewhere.id]);
    await untilAnswered(async () => (await elsewhere.agent.get('/api/auth/user')).status, 401);
  });

  it('sees a role or an account changed straight in the database', async () => {
    const { id, agent } = await newPharmacist();
    await agent.get('/api/admin/users').expect(403);
    await agent.get('/api/admin/users').expect(403);
    await other.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [id]);
    await untilAnswered(async () => (await agent.get('/api/admin/users')).status, 200);
    await other.query(`UPDATE users SET is_active = false WHERE id = $1`, [id]);
    await untilAnswered(async () => (await agent.get('/api/auth/user')).status, 401);
  });

  it('keeps the pharmacies a user may work in, and forgets them when an assignment or a pharmacy changes', async () => {
    const { id, agent } = await newPharmacist();
    const ids = async () =>
      ((await agent.get('/api/auth/user').expect(200)).body.pharmacies as Array<{ id: string }>).map((p) => p.id);
    expect(await ids()).toEqual([demoPharmacyIds.downtown]);
    const before = { ...cache().stats };
    await ids();
    expect(cache().stats.misses).toBe(before.misses);

    // Through this process: the next request sees the new assignment.
    await admin.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: demoPharmacyIds.abdoun }).expect(200);
    expect((await ids()).sort()).toEqual([demoPharmacyIds.abdoun, demoPharmacyIds.downtown].sort());
    // Straight in the database, as another process would: the notification tells it.
    await other.query('DELETE FROM user_pharmacies WHERE user_id = $1 AND pharmacy_id = $2', [
      id,
      demoPharmacyIds.abdoun,
    ]);
    await untilAnswered(async () => ((await ids()).length === 1 ? 1 : 0), 1);
    // A pharmacy renamed by the projector: every list is forgotten.
    await other.query('UPDATE pharmacies SET name = $2 WHERE id = $1', [demoPharmacyIds.downtown, 'Renamed branch']);
    await untilAnswered(
      async () =>
        ((await agent.get('/api/auth/user').expect(200)).body.pharmacies as Array<{ name: string }>)[0]!.name ===
        'Renamed branch'
          ? 1
          : 0,
      1,
    );
  });

  it('keeps nothing while it cannot hear the changes, and starts afresh once it can', async () => {
    const { id, agent } = await newPharmacist();
    await agent.get('/api/auth/user').expect(200);
    // Its listening connection is ended from the server side, as a restart or a network cut would.
    await other.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN identity_changed' AND pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = { ...cache().stats };
    await other.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [id]);
    const renamed = await agent.get('/api/auth/user').expect(200);
    expect(renamed.body.firstName).toBe('Renamed');
    expect(cache().stats.misses).toBeGreaterThan(before.misses);
    // It listens again within a few seconds, and then keeps again.
    await untilAnswered(
      async () => {
        const start = cache().stats.hits;
        await agent.get('/api/auth/user');
        await agent.get('/api/auth/user');
        return cache().stats.hits > start ? 1 : 0;
      },
      1,
      5000,
    );
  });
});
