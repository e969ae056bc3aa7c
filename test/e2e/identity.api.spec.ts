import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { demoAccounts, startTestApp, type TestApp } from '@pharmacy/test-harness';
import { base32Decode, currentStep, totpAt } from '../../apps/api/src/identity/crypto/totp';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const DOWNTOWN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01';
const ABDOUN = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02';
const IRBID = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03';

describe('identity and access', () => {
  let app: TestApp;
  let admin: Agent;
  const anonymous = () => request(app.baseUrl);
  const db = () => app.server.runtime.db;
  const userId = async (email: string) =>
    (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const auditActions = async (entityId: string) =>
    (await db().selectFrom('auditLogs').select('action').where('entityId', '=', entityId).orderBy('id').execute()).map(
      (r) => r.action,
    );

  async function newUser(email: string, role: 'admin' | 'pharmacist' = 'pharmacist', password = 'Secret#2026') {
    const created = await admin
      .post('/api/auth/register')
      .send({ email, firstName: 'Test', lastName: 'User', password, role })
      .expect(201);
    return created.body.userId as string;
  }

  async function requestCode(email: string) {
    const agent = request.agent(app.baseUrl);
    const asked = await agent.post('/api/auth/login-request').send({ email }).expect(200);
    return { agent, userId: asked.body.userId as string, code: await app.latestOtp(email) };
  }

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  });
  afterAll(async () => {
    await app.stop();
  });

  describe('sign-in with e-mail, code and password', () => {
    it('answers the code request the same way for an unknown e-mail, and sends nothing then', async () => {
      const known = await anonymous()
        .post('/api/auth/login-request')
        .send({ email: 'layla@pharmacy.example' })
        .expect(200);
      const unknown = await anonymous()
        .post('/api/auth/login-request')
        .send({ email: 'nobody@pharmacy.example' })
        .expect(200);
      expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
      expect(unknown.body.message).toBe(known.body.message);
      expect(unknown.body.userId).toMatch(/^[0-9a-f-]{36}$/);
      await expect(app.latestOtp('nobody@pharmacy.example', 300)).rejects.toThrow('no sign-in code');
      const bad = await anonymous().post('/api/auth/login-request').send({ email: 'not-an-email' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    });

    it('stores only a keyed hash of the code, never the code', async () => {
      const { userId: id, code } = await requestCode(demoAccounts.layla.email);
      const row = await db()
        .selectFrom('users')
        .select(['otpSecret', 'otpExpiresAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.otpSecret).not.toContain(code);
      const minutes = (row.otpExpiresAt!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
    });

    it('signs a pharmacist with one pharmacy straight into it, and rotates the session id at each sign-in', async () => {
      const { agent, userId: id, code } = await requestCode(demoAccounts.layla.email);
      const first = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.layla.password, otpCode: code })
        .expect(200);
      const firstCookie = first.headers['set-cookie']?.[0]?.split(';')[0];
      expect(first.headers['set-cookie']?.[0]).toMatch(/HttpOnly/i);
      expect(first.headers['set-cookie']?.[0]).toMatch(/SameSite=Lax/i);
      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body).toMatchObject({
        email: demoAccounts.layla.email,
        role: 'pharmacist',
        currentPharmacyId: DOWNTOWN,
      });
      expect(me.body.pharmacies.map((p: { id: string }) => p.id)).toEqual([DOWNTOWN]);

      const again = await agent.post('/api/auth/login-request').send({ email: demoAccounts.layla.email }).expect(200);
      const second = await agent
        .post('/api/auth/login-verify')
        .send({
          userId: again.body.userId,
          password: demoAccounts.layla.password,
          otpCode: await app.latestOtp(demoAccounts.layla.email),
        })
        .expect(200);
      const secondCookie = second.headers['set-cookie']?.[0]?.split(';')[0];
      expect(secondCookie).toBeDefined();
      expect(secondCookie).not.toBe(firstCookie);
      await anonymous().get('/api/auth/user').set('Cookie', firstCookie!).expect(401);
      await anonymous().get('/api/auth/user').set('Cookie', secondCookie!).expect(200);
      const last = await db().selectFrom('users').select('lastLoginAt').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Date.now() - last.lastLoginAt!.getTime()).toBeLessThan(60_000);
    });

    it('names the wrong part: "verification code" or "password"', async () => {
      const { agent, userId: id, code } = await requestCode(demoAccounts.omar.email);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const badCode = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.omar.password, otpCode: wrongCode })
        .expect(401);
      expect(badCode.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code' });
      const badPassword = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: 'wrong-password', otpCode: code })
        .expect(401);
      expect(badPassword.body.message).toBe('Invalid email or password');
      // The code was spent by that attempt.
      const reused = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.omar.password, otpCode: code })
        .expect(401);
      expect(reused.body.message).toMatch(/verification code has expired or was already used/);
      const malformed = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: 'x', otpCode: '12ab' })
        .expect(400);
      expect(malformed.body.errors).toEqual([{ field: 'otpCode', message: 'OTP code must be 6 digits' }]);
      await db().updateTable('users').set({ failedLoginAttempts: 0 }).where('id', '=', id).execute();
    });

    it('voids the code after 5 wrong attempts, even for the right code afterwards', async () => {
      const { agent, userId: id, code } = await requestCode(demoAccounts.omar.email);
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 4; i += 1) {
        await agent
          .post('/api/auth/login-verify')
          .send({ userId: id, password: demoAccounts.omar.password, otpCode: wrong })
          .expect(401);
      }
      const fifth = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.omar.password, otpCode: wrong })
        .expect(401);
      expect(fifth.body.message).toBe('Too many wrong verification codes. Request a new code.');
      const right = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.omar.password, otpCode: code })
        .expect(401);
      expect(right.body.message).toMatch(/verification code/);
    });

    it('refuses an expired code', async () => {
      const { agent, userId: id, code } = await requestCode(demoAccounts.omar.email);
      await db()
        .updateTable('users')
        .set({ otpExpiresAt: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      const late = await agent
        .post('/api/auth/login-verify')
        .send({ userId: id, password: demoAccounts.omar.password, otpCode: code })
        .expect(401);
      expect(late.body).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED' });
      expect(late.body.message).toMatch(/verification code has expired/);
    });

    it('locks the account for 15 minutes after 5 failed sign-ins, and lets it in again afterwards', async () => {
      const email = 'lockme@test.example';
      const id = await newUser(email);
      for (let i = 0; i < 5; i += 1) {
        const { agent, userId: uid, code } = await requestCode(email);
        await agent.post('/api/auth/login-verify').send({ userId: uid, password: 'not-it', otpCode: code }).expect(401);
      }
      const row = await db().selectFrom('users').select('lockedUntil').where('id', '=', id).executeTakeFirstOrThrow();
      const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);

      const { agent, userId: uid, code } = await requestCode(email);
      const locked = await agent
        .post('/api/auth/login-verify')
        .send({ userId: uid, password: 'Secret#2026', otpCode: code })
        .expect(401);
      expect(locked.body.code).toBe('ACCOUNT_LOCKED');
      expect(locked.body.message).toMatch(/^Too many failed sign-ins\. This account is locked until \d\d:\d\d UTC\.$/);

      await db()
        .updateTable('users')
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      const unlocked = await requestCode(email);
      await unlocked.agent
        .post('/api/auth/login-verify')
        .send({ userId: unlocked.userId, password: 'Secret#2026', otpCode: unlocked.code })
        .expect(200);
      expect(await auditActions(id)).toEqual(
        expect.arrayContaining(['user.created', 'auth.login_failed', 'auth.locked', 'auth.login']),
      );
    });

    it('limits how often codes can be requested, per address and per client, with the default limits', async () => {
      const limited = await startTestApp({ env: { SIGNIN_LIMIT_PER_IP: '30', SIGNIN_CODES_PER_EMAIL: '5' } });
      try {
        const email = 'flood@test.example';
        for (let i = 0; i < 5; i += 1)
          await request(limited.baseUrl).post('/api/auth/login-request').send({ email }).expect(200);
        const refused = await request(limited.baseUrl).post('/api/auth/login-request').send({ email }).expect(429);
        expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
        expect(refused.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
        const others = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            request(limited.baseUrl)
              .post('/api/auth/login-request')
              .send({ email: `other${i}@test.example` }),
          ),
        );
        expect(others.filter((r) => r.status === 429)).toHaveLength(6); // 30 per client: 6 already used above
      } finally {
        await limited.stop();
      }
    });
  });

  describe('pharmacy selection', () => {
    it('answers 409 USER_NOT_ASSIGNED with the choices until a pharmacy is chosen, and refuses one not allowed', async () => {
      const omar = await app.signIn(demoAccounts.omar.email, demoAccounts.omar.password);
      const pending = await omar.get('/api/auth/user').expect(409);
      expect(pending.body).toMatchObject({
        statusCode: 409,
        code: 'USER_NOT_ASSIGNED',
        message: 'User needs to select a pharmacy',
      });
      expect(pending.body.pharmacies.map((p: { id: string }) => p.id).sort()).toEqual([ABDOUN, DOWNTOWN].sort());
      expect(pending.body.pharmacies[0]).toEqual(
        expect.objectContaining({ name: expect.any(String), nameAr: expect.any(String), address: expect.any(String) }),
      );

      const refused = await omar.post('/api/auth/user/pharmacy').send({ pharmacyId: IRBID }).expect(403);
      expect(refused.body).toMatchObject({
        code: 'PHARMACY_FORBIDDEN',
        message: 'You do not have access to this pharmacy.',
      });
      await omar.post('/api/auth/user/pharmacy').send({}).expect(400);
      await omar
        .post('/api/auth/user/pharmacy')
        .send({ pharmacyId: ABDOUN })
        .expect(200, { message: 'Pharmacy selected successfully' });
      const me = await omar.get('/api/auth/user').expect(200);
      expect(me.body).toMatchObject({
        currentPharmacyId: ABDOUN,
        currentPharmacy: expect.objectContaining({ id: ABDOUN }),
      });
    });

    it('shows a pharmacist without assignments an empty choice', async () => {
      await newUser('nowhere@test.example');
      const agent = await app.signIn('nowhere@test.example', 'Secret#2026');
      const pending = await agent.get('/api/auth/user').expect(409);
      expect(pending.body).toMatchObject({ code: 'USER_NOT_ASSIGNED', pharmacies: [] });
    });

    it('asks again when the chosen pharmacy is taken away', async () => {
      const email = 'moved@test.example';
      const id = await newUser(email);
      await admin.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: DOWNTOWN }).expect(200);
      const agent = await app.signIn(email, 'Secret#2026');
      await agent.get('/api/auth/user').expect(200);
      await admin.delete(`/api/admin/users/${id}/pharmacies/${DOWNTOWN}`).expect(200);
      await agent.get('/api/auth/user').expect(409);
    });
  });

  describe('sign-out', () => {
    it('ends the session through the API call and through the browser navigation', async () => {
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      await layla.post('/api/auth/logout').expect(200, { message: 'You have been successfully logged out.' });
      await layla.get('/api/auth/user').expect(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });

      const again = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const navigation = await again.get('/api/logout').expect(302);
      expect(navigation.headers.location).toBe('/');
      await again.get('/api/auth/user').expect(401);
      const login = await anonymous().get('/api/login').expect(302);
      expect(login.headers.location).toBe('/login');
    });
  });

  describe('administration rules, enforced by the server', () => {
    it('refuses pharmacists on every admin path with a message', async () => {
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const id = await userId(demoAccounts.omar.email);
      const answers = await Promise.all([
        layla.get('/api/admin/users'),
        layla.patch(`/api/admin/users/${id}/role`).send({ role: 'admin' }),
        layla.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: IRBID }),
        layla.delete(`/api/admin/users/${id}/pharmacies/${DOWNTOWN}`),
        layla.delete(`/api/admin/users/${id}`),
        layla.post(`/api/admin/users/${id}/reset-password`).send({ newPassword: 'whatever123' }),
        layla
          .post('/api/auth/register')
          .send({ email: 'x@test.example', firstName: 'X', lastName: 'Y', password: 'Secret#2026', role: 'admin' }),
        layla.put('/api/settings').send({}),
      ]);
      for (const answer of answers) expect(answer.status).toBe(403);
      expect(answers[0]!.body.message).toBe('Only administrators can manage users.');
      expect(
        await db().selectFrom('users').select('id').where('email', '=', 'x@test.example').executeTakeFirst(),
      ).toBeUndefined();
    });

    it('lists users as flat assignment rows, with one empty row for a user without access', async () => {
      const id = await newUser('rows@test.example');
      const rows = (await admin.get('/api/admin/users').expect(200)).body as Array<Record<string, unknown>>;
      expect(rows.filter((r) => r.userId === id)).toEqual([
        {
          userId: id,
          email: 'rows@test.example',
          firstName: 'Test',
          lastName: 'User',
          role: 'pharmacist',
          profileImageUrl: null,
          pharmacyId: null,
          pharmacyName: null,
          isAssignmentActive: null,
        },
      ]);
      const omarRows = rows.filter((r) => r.email === demoAccounts.omar.email);
      expect(omarRows.map((r) => r.pharmacyId).sort()).toEqual([ABDOUN, DOWNTOWN].sort());
      expect(omarRows.every((r) => r.isAssignmentActive === true && typeof r.pharmacyName === 'string')).toBe(true);
    });

    it('blocks changing your own role and deleting your own account', async () => {
      const me = await userId(demoAccounts.admin.email);
      const ownRole = await admin.patch(`/api/admin/users/${me}/role`).send({ role: 'pharmacist' }).expect(409);
      expect(ownRole.body).toMatchObject({
        code: 'OWN_ROLE',
        message: 'You cannot change your own role. Have another admin change it for you.',
      });
      const ownAccount = await admin.delete(`/api/admin/users/${me}`).expect(409);
      expect(ownAccount.body).toMatchObject({ code: 'OWN_ACCOUNT', message: 'You cannot delete your own account.' });
    });

    it('never leaves zero administrators, even when two demote each other at once', async () => {
      const second = await newUser('second-admin@test.example', 'admin');
      const secondAgent = await app.signIn('second-admin@test.example', 'Secret#2026');
      const first = await userId(demoAccounts.admin.email);
      const [a, b] = await Promise.all([
        admin.patch(`/api/admin/users/${second}/role`).send({ role: 'pharmacist' }),
        secondAgent.patch(`/api/admin/users/${first}/role`).send({ role: 'pharmacist' }),
      ]);
      // Exactly one demotion wins. The other is refused: with LAST_ADMIN when both reached the
      // row locks, or with 403 when the winner had already committed before the loser's request
      // was authorised (its sender is no longer an administrator by then).
      const refused = a.status === 200 ? b : a;
      expect([a.status, b.status]).toContain(200);
      if (refused.status === 409) {
        expect(refused.body).toMatchObject({
          code: 'LAST_ADMIN',
          message: 'Cannot remove the last administrator. Promote another user to admin first.',
        });
      } else {
        expect(refused.status).toBe(403);
      }
      const admins = await db().selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      // Leave the demo administrator in charge for the other tests.
      if (admins[0]!.id !== first) {
        await secondAgent.patch(`/api/admin/users/${first}/role`).send({ role: 'admin' }).expect(200);
        await admin.patch(`/api/admin/users/${second}/role`).send({ role: 'pharmacist' }).expect(200);
      }
    });

    it('applies a role change and a deletion to live sessions at once', async () => {
      const id = await newUser('promoted@test.example');
      const agent = await app.signIn('promoted@test.example', 'Secret#2026');
      await agent.get('/api/admin/users').expect(403);
      await admin
        .patch(`/api/admin/users/${id}/role`)
        .send({ role: 'admin' })
        .expect(200, { message: 'User role updated successfully!' });
      await agent.get('/api/admin/users').expect(200);
      await admin.delete(`/api/admin/users/${id}`).expect(200, { message: 'User deleted successfully!' });
      await agent.get('/api/auth/user').expect(401);
      expect(await auditActions(id)).toEqual([
        'user.created',
        'auth.code_requested',
        'auth.login',
        'user.role_changed',
        'user.deleted',
      ]);
    });

    it('assigns and removes pharmacy access, refusing duplicates and unknown pharmacies', async () => {
      const id = await newUser('access@test.example');
      await admin
        .post(`/api/admin/users/${id}/pharmacies`)
        .send({ pharmacyId: ABDOUN })
        .expect(200, { message: 'Pharmacy assigned successfully!' });
      const twice = await admin.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: ABDOUN }).expect(409);
      expect(twice.body.code).toBe('ALREADY_ASSIGNED');
      await admin
        .post(`/api/admin/users/${id}/pharmacies`)
        .send({ pharmacyId: '00000000-0000-4000-8000-000000000000' })
        .expect(404);
      await admin
        .post(`/api/admin/users/00000000-0000-4000-8000-000000000000/pharmacies`)
        .send({ pharmacyId: ABDOUN })
        .expect(404);
      const mine = await (
        await app.signIn('access@test.example', 'Secret#2026')
      )
        .get(`/api/users/${id}/pharmacies`)
        .expect(200);
      expect(mine.body).toEqual([
        { pharmacyId: ABDOUN, pharmacyName: expect.any(String), pharmacyNameAr: expect.any(String), isActive: true },
      ]);
      await admin
        .delete(`/api/admin/users/${id}/pharmacies/${ABDOUN}`)
        .expect(200, { message: 'Pharmacy assignment removed successfully!' });
      await admin.delete(`/api/admin/users/${id}/pharmacies/${ABDOUN}`).expect(404);
    });

    it("shows a user's assignments to that user and administrators only", async () => {
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const omarId = await userId(demoAccounts.omar.email);
      await layla.get(`/api/users/${omarId}/pharmacies`).expect(403);
      const seen = await admin.get(`/api/users/${omarId}/pharmacies`).expect(200);
      expect(seen.body).toHaveLength(2);
    });

    it('resets a password: the old one stops working and the user is signed out everywhere', async () => {
      const id = await newUser('reset@test.example');
      const agent = await app.signIn('reset@test.example', 'Secret#2026');
      const short = await admin
        .post(`/api/admin/users/${id}/reset-password`)
        .send({ newPassword: 'short' })
        .expect(400);
      expect(short.body.errors).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
      await admin
        .post(`/api/admin/users/${id}/reset-password`)
        .send({ newPassword: 'Brand#New2026' })
        .expect(200, { message: 'Password reset successfully!' });
      await agent.get('/api/auth/user').expect(401);
      await expect(app.signIn('reset@test.example', 'Secret#2026')).rejects.toThrow();
      await app.signIn('reset@test.example', 'Brand#New2026');
    });

    it('creates users with validated input and a unique e-mail', async () => {
      const invalid = await admin
        .post('/api/auth/register')
        .send({ email: 'bad', firstName: '', lastName: 'X', password: 'short', role: 'boss' })
        .expect(400);
      expect(invalid.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'email', message: 'Invalid email address' },
          { field: 'firstName', message: 'First name is required' },
          { field: 'password', message: 'Password must be at least 8 characters' },
          { field: 'role', message: 'Role must be admin, pharmacist or auditor' },
        ]),
      );
      await newUser('unique@test.example');
      const dup = await admin
        .post('/api/auth/register')
        .send({ email: 'UNIQUE@test.example', firstName: 'A', lastName: 'B', password: 'Secret#2026' })
        .expect(409);
      expect(dup.body).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'A user with this email address already exists.',
      });
    });
  });

  describe('settings', () => {
    it('serves defaults, lets administrators change them with the spec messages, and refuses pharmacists', async () => {
      const defaults = await admin.get('/api/settings').expect(200);
      expect(defaults.body).toEqual({
        lowStockThreshold: 10,
        expiryWarningDays: 30,
        autoLogoutMinutes: 60,
        enableNotifications: true,
        enableSoundAlerts: true,
        enableEmailAlerts: false,
        currency: 'USD',
        language: 'en',
        theme: 'system',
      });
      const invalid = await admin
        .put('/api/settings')
        .send({ ...defaults.body, lowStockThreshold: 0, expiryWarningDays: 0, autoLogoutMinutes: 4 })
        .expect(400);
      expect(invalid.body.errors).toEqual([
        { field: 'lowStockThreshold', message: 'Must be at least 1' },
        { field: 'expiryWarningDays', message: 'Must be at least 1 day' },
        { field: 'autoLogoutMinutes', message: 'Must be at least 5 minutes' },
      ]);
      const saved = await admin
        .put('/api/settings')
        .send({ ...defaults.body, currency: 'JOD', lowStockThreshold: 5 })
        .expect(200);
      expect(saved.body).toMatchObject({ currency: 'JOD', lowStockThreshold: 5 });
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      expect((await layla.get('/api/settings').expect(200)).body.currency).toBe('JOD');
      const refused = await layla.put('/api/settings').send(defaults.body).expect(403);
      expect(refused.body.message).toBe('Only administrators can change system settings.');
    });

    it('keeps the session idle timeout at the auto-logout setting', async () => {
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const answer = await layla.get('/api/auth/user').expect(200);
      const expires = answer.headers['set-cookie']?.[0]?.match(/Expires=([^;]+)/)?.[1];
      const minutes = (Date.parse(expires!) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(55);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('updates your own profile with validation and a unique e-mail', async () => {
      const id = await newUser('profile@test.example');
      await admin.post(`/api/admin/users/${id}/pharmacies`).send({ pharmacyId: DOWNTOWN }).expect(200);
      const agent = await app.signIn('profile@test.example', 'Secret#2026');
      const invalid = await agent
        .put('/api/settings/profile')
        .send({ firstName: '', lastName: '', email: 'nope' })
        .expect(400);
      expect(invalid.body.errors).toEqual([
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
        { field: 'email', message: 'Invalid email address' },
      ]);
      await agent
        .put('/api/settings/profile')
        .send({ firstName: 'A', lastName: 'B', email: demoAccounts.layla.email })
        .expect(409);
      await agent
        .put('/api/settings/profile')
        .send({ firstName: 'A', lastName: 'B', email: 'profile@test.example', defaultPharmacyId: IRBID })
        .expect(403);
      const saved = await agent
        .put('/api/settings/profile')
        .send({
          firstName: 'Rana',
          lastName: 'Saleh',
          email: 'profile@test.example',
          phone: '0790000000',
          defaultPharmacyId: DOWNTOWN,
        })
        .expect(200);
      expect(saved.body).toEqual({
        firstName: 'Rana',
        lastName: 'Saleh',
        email: 'profile@test.example',
        phone: '0790000000',
        defaultPharmacyId: DOWNTOWN,
      });
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({
        firstName: 'Rana',
        defaultPharmacyId: DOWNTOWN,
      });
    });
  });

  describe('sign-in with username and authenticator app (/pharmacist-login)', () => {
    it('enrols an authenticator, then signs in with a code, refuses its replay, and accepts a backup code once', async () => {
      const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
      const setup = await layla.post('/api/auth/totp/setup').expect(200);
      expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(setup.body.qrCodeSvg).toMatch(/^<svg/);
      expect(base32Decode(setup.body.secret)).toHaveLength(20);
      const wrong = await layla.post('/api/auth/totp/confirm').send({ code: '000000', username: 'layla' });
      expect(wrong.status === 400 || totpAt(setup.body.secret, currentStep()) === '000000').toBe(true);
      const enrolled = await layla
        .post('/api/auth/totp/confirm')
        .send({ code: totpAt(setup.body.secret, currentStep() - 1), username: 'layla' })
        .expect(200);
      expect(enrolled.body.backupCodes).toHaveLength(10);

      const agent = request.agent(app.baseUrl);
      const needsCode = await agent
        .post('/api/auth/pharmacist-login')
        .send({ username: 'layla', password: demoAccounts.layla.password })
        .expect(401);
      expect(needsCode.body).toMatchObject({
        code: 'TOTP_REQUIRED',
        message: 'Enter the 6-digit code from your authenticator app (or one of your backup codes).',
      });
      const code = totpAt(setup.body.secret, currentStep());
      await agent
        .post('/api/auth/pharmacist-login')
        .send({ username: 'LAYLA', password: demoAccounts.layla.password, totpCode: code })
        .expect(200);
      expect((await agent.get('/api/auth/user').expect(200)).body.email).toBe(demoAccounts.layla.email);

      const replay = await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({ username: 'layla', password: demoAccounts.layla.password, totpCode: code })
        .expect(401);
      expect(replay.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(replay.body.message).toMatch(/^Invalid username, password or authenticator code\./);

      const backup = enrolled.body.backupCodes[0] as string;
      await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({ username: 'layla', password: demoAccounts.layla.password, totpCode: backup })
        .expect(200);
      await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({ username: 'layla', password: demoAccounts.layla.password, totpCode: backup })
        .expect(401);
      const wrongPassword = await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({ username: 'layla', password: 'nope', totpCode: code })
        .expect(401);
      expect(wrongPassword.body).toEqual(replay.body);
      await db()
        .updateTable('users')
        .set({ failedLoginAttempts: 0 })
        .where('email', '=', demoAccounts.layla.email)
        .execute();

      await layla.post('/api/auth/totp/disable').send({ password: 'wrong' }).expect(401);
      await layla.post('/api/auth/totp/disable').send({ password: demoAccounts.layla.password }).expect(200);
      const off = await request(app.baseUrl)
        .post('/api/auth/pharmacist-login')
        .send({
          username: 'layla',
          password: demoAccounts.layla.password,
          totpCode: totpAt(setup.body.secret, currentStep()),
        })
        .expect(401);
      // Without an authenticator, the same answer as any wrong part: it says where to set one up.
      expect(off.body).toEqual(replay.body);
      expect(off.body.message).toMatch(/set up in Settings → Security/);
    });
  });

  describe('request hygiene', () => {
    it('refuses a state-changing request sent from another site', async () => {
      const refused = await admin
        .post('/api/pharmacies')
        .set('Origin', 'http://evil.example')
        .send({ name: 'X', address: 'Y' })
        .expect(403);
      expect(refused.body).toMatchObject({ code: 'BAD_ORIGIN' });
      await admin.get('/api/pharmacies').set('Origin', 'http://evil.example').expect(200);
      const host = new URL(app.baseUrl).host;
      await admin
        .post('/api/auth/user/pharmacy')
        .set('Origin', `http://${host}`)
        .send({ pharmacyId: DOWNTOWN })
        .expect(200);
    });
  });
});
