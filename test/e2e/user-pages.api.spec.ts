import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, unique, type TestApp } from '@pharmacy/test-harness';

/**
 * Big lists (issue 13): GET /api/admin/users pages, sorts and searches users on
 * the server (every row of each user on the page); without paging it is the
 * specification's flat array.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
interface Row {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  pharmacyId: string | null;
}

describe('user pages', () => {
  let app: TestApp;
  let admin: Agent;
  const prefix = unique('upage')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  // Created in this order; names, e-mails and roles ordered differently on purpose.
  const people = [
    { firstName: 'Dana', lastName: `Qasem ${prefix}`, email: `b-${prefix}@example.test`, role: 'pharmacist' },
    { firstName: 'Basel', lastName: `Amin ${prefix}`, email: `e-${prefix}@example.test`, role: 'admin' },
    { firstName: 'Ahmad', lastName: `Zoubi ${prefix}`, email: `d-${prefix}@example.test`, role: 'pharmacist' },
    { firstName: 'Eman', lastName: `Faris ${prefix}`, email: `a-${prefix}@example.test`, role: 'pharmacist' },
    { firstName: 'Carla', lastName: `Haddad ${prefix}`, email: `c-${prefix}@example.test`, role: 'admin' },
  ] as const;
  const ids: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    for (const person of people) {
      const created = await admin
        .post('/api/auth/register')
        .send({ ...person, password: 'Passw0rd!long' })
        .expect(201);
      ids.push((created.body as { userId: string }).userId);
    }
    // Dana works at two pharmacies: two rows, which must stay on one page.
    for (const pharmacyId of [demoPharmacyIds.downtown, demoPharmacyIds.abdoun]) {
      await admin.post(`/api/admin/users/${ids[0]}/pharmacies`).send({ pharmacyId }).expect(200);
    }
  });
  afterAll(async () => {
    await app.stop();
  });

  const page = async (query: Record<string, string | number>, agent: Agent = admin) => {
    const response = await agent.get('/api/admin/users').query(query).expect(200);
    return { rows: response.body as Row[], total: Number(response.headers['x-total-count']) };
  };
  /** The users of some rows, each once, in the order they come. */
  const usersOf = (rows: Row[]) => [...new Set(rows.map((row) => row.userId))];
  const byName = (names: string[]) =>
    names.map((name) => ids[people.findIndex((person) => person.firstName === name)]!);

  it('answers the flat array of every user without paging, as the specification says', async () => {
    const response = await admin.get('/api/admin/users').expect(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    const rows = response.body as Row[];
    expect(rows.filter((row) => row.userId === ids[0]).map((row) => row.pharmacyId)).toHaveLength(2);
    for (const id of ids) expect(rows.some((row) => row.userId === id)).toBe(true);
  });

  it('pages users, not rows: every user once, with all their rows, and the number of users', async () => {
    const seen: Row[] = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const { rows, total } = await page({ q: prefix, sort: 'name', limit: 2, offset });
      expect(total).toBe(5);
      expect(usersOf(rows).length).toBeLessThanOrEqual(2);
      seen.push(...rows);
    }
    expect(usersOf(seen)).toEqual(byName(['Ahmad', 'Basel', 'Carla', 'Dana', 'Eman']));
    // Dana's two assignments are both there, next to each other.
    expect(seen.filter((row) => row.userId === ids[0]).map((row) => row.pharmacyId)).toEqual(
      expect.arrayContaining([demoPharmacyIds.downtown, demoPharmacyIds.abdoun]),
    );
    expect(seen.length).toBe(6);
  });

  it('sorts by name, e-mail, role or creation, either way', async () => {
    const order = async (sort: string) => usersOf((await page({ q: prefix, sort })).rows);
    expect(await order('-name')).toEqual(byName(['Eman', 'Dana', 'Carla', 'Basel', 'Ahmad']));
    expect(await order('email')).toEqual(byName(['Eman', 'Dana', 'Carla', 'Ahmad', 'Basel']));
    expect(await order('-email')).toEqual(byName(['Basel', 'Ahmad', 'Carla', 'Dana', 'Eman']));
    // Administrators before pharmacists, by name within each.
    expect(await order('role')).toEqual(byName(['Basel', 'Carla', 'Ahmad', 'Dana', 'Eman']));
    expect(await order('created')).toEqual(ids);
    expect(await order('-created')).toEqual([...ids].reverse());
  });

  it('searches the name (first and last together) or the e-mail, ignoring case', async () => {
    expect(usersOf((await page({ q: `CARLA HADDAD ${prefix}` })).rows)).toEqual(byName(['Carla']));
    expect(usersOf((await page({ q: `zoubi ${prefix}` })).rows)).toEqual(byName(['Ahmad']));
    expect(usersOf((await page({ q: `e-${prefix}@` })).rows)).toEqual(byName(['Basel']));
    expect(await page({ q: `${prefix}-nobody` })).toEqual({ rows: [], total: 0 });
    // LIKE wildcards in the search are plain characters.
    expect((await page({ q: '%_' })).total).toBe(0);
  });

  it('stays for administrators (auditors read it), and refuses a page it cannot give', async () => {
    const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    const refused = await layla.get('/api/admin/users').query({ q: prefix, limit: 2 }).expect(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only administrators can manage users.' });
    const auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
    expect((await page({ q: prefix, limit: 2 }, auditor)).total).toBe(5);

    const messages = async (query: Record<string, string>) =>
      (
        (await admin.get('/api/admin/users').query(query).expect(400)).body as { errors: Array<{ message: string }> }
      ).errors.map((e) => e.message);
    expect(await messages({ limit: '0' })).toEqual(['Limit must be a whole number from 1 to 500']);
    expect(await messages({ offset: '-1' })).toEqual(['Offset must be a whole number of at least 0']);
    expect(await messages({ sort: 'age' })).toEqual([
      'Sort by name, email, role or created, with a leading minus for descending',
    ]);
  });
});
