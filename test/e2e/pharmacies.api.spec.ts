import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, type TestApp } from '@pharmacy/test-harness';

const downtown = {
  name: 'Downtown Pharmacy',
  nameAr: 'صيدلية وسط البلد',
  address: '12 King Faisal Street, Amman',
  addressAr: '١٢ شارع الملك فيصل، عمّان',
  phone: '+962 6 463 1200',
  email: 'downtown@example.com',
  managerId: null,
  isActive: true,
};

describe('REST /api/pharmacies', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  const api = () => admin;
  const eventCount = async () =>
    Number(
      (
        await app.server.runtime.db
          .selectFrom('eventstore.events' as 'pharmacies')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_EMAIL: 'root@test.example', ADMIN_PASSWORD: 'Root#2026!' } });
    admin = await app.signIn('root@test.example', 'Root#2026!');
  });
  afterAll(async () => {
    await app.stop();
  });

  it('starts with no locations', async () => {
    const response = await api().get('/api/pharmacies').expect(200);
    expect(response.body).toEqual([]);
  });

  it('creates a location and lists it straight away with every field of the contract', async () => {
    const created = await api().post('/api/pharmacies').send(downtown).expect(201);
    expect(created.body).toMatchObject({ ...downtown, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Date.parse(created.body.createdAt)).not.toBeNaN();
    expect(Date.parse(created.body.updatedAt)).not.toBeNaN();

    const list = await api().get('/api/pharmacies').expect(200);
    expect(list.body).toEqual([created.body]);
  });

  it('answers 400 with field messages and writes no event when name and address are missing', async () => {
    const before = await eventCount();
    const response = await api().post('/api/pharmacies').send({ name: '  ', phone: '123' }).expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Name is required',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'address', message: 'Address is required' },
      ],
    });
    expect(await eventCount()).toBe(before);
  });

  it('rejects a malformed e-mail and a body that is not JSON', async () => {
    const bad = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, email: 'not-an-email' })
      .expect(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Invalid email address' }]);
    const garbled = await api()
      .post('/api/pharmacies')
      .set('content-type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(garbled.body.code).toBe('VALIDATION_FAILED');
  });

  it('updates a location, recording only what changed, and shows it on the next read', async () => {
    const created = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, name: 'Abdoun Pharmacy' })
      .expect(201);
    const updated = await api()
      .put(`/api/pharmacies/${created.body.id}`)
      .send({ ...downtown, name: 'Abdoun Pharmacy', phone: '+962 6 000 0000', isActive: false })
      .expect(200);
    expect(updated.body).toMatchObject({
      phone: '+962 6 000 0000',
      isActive: false,
      createdAt: created.body.createdAt,
    });
    const list = await api().get('/api/pharmacies').expect(200);
    expect(list.body.find((p: { id: string }) => p.id === created.body.id)).toEqual(updated.body);

    const history = await app.server.runtime.store.readStream(`pharmacy-${created.body.id}`);
    expect(history.map((e) => e.type)).toEqual(['PharmacyRegistered', 'PharmacyDetailsChanged']);
    expect(history[1]!.data).toMatchObject({
      changes: { phone: '+962 6 000 0000', isActive: false },
      previous: { phone: downtown.phone, isActive: true },
    });
  });

  it('answers 404 for an unknown or malformed id, on update and delete', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const put = await api().put(`/api/pharmacies/${unknown}`).send(downtown).expect(404);
    expect(put.body).toMatchObject({
      statusCode: 404,
      code: 'PHARMACY_NOT_FOUND',
      message: 'Pharmacy location not found',
    });
    await api().delete(`/api/pharmacies/${unknown}`).expect(404);
    await api().delete('/api/pharmacies/not-a-uuid').expect(404);
  });

  it('validates before looking the id up: bad input on update is a 400 that writes nothing', async () => {
    const created = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, name: 'Irbid Pharmacy' })
      .expect(201);
    const before = await eventCount();
    const response = await api()
      .put(`/api/pharmacies/${created.body.id}`)
      .send({ ...downtown, address: '' })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'address', message: 'Address is required' }]);
    expect(await eventCount()).toBe(before);
  });

  it('deletes a location: gone from the list, its history kept in the log, a second delete is 404', async () => {
    const created = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, name: 'Zarqa Pharmacy' })
      .expect(201);
    await api().delete(`/api/pharmacies/${created.body.id}`).expect(204);
    const list = await api().get('/api/pharmacies').expect(200);
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(created.body.id);
    const history = await app.server.runtime.store.readStream(`pharmacy-${created.body.id}`);
    expect(history.map((e) => e.type)).toEqual(['PharmacyRegistered', 'PharmacyDeleted']);
    await api().delete(`/api/pharmacies/${created.body.id}`).expect(404);
  });

  it('keeps concurrent edits of one location consistent: every update lands, none is lost', async () => {
    const created = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, name: 'Salt Pharmacy' })
      .expect(201);
    const phones = Array.from({ length: 8 }, (_, i) => `+962 5 000 00${i}`);
    await Promise.all(
      phones.map((phone) =>
        api()
          .put(`/api/pharmacies/${created.body.id}`)
          .send({ ...downtown, name: 'Salt Pharmacy', phone })
          .expect(200),
      ),
    );
    const history = await app.server.runtime.store.readStream(`pharmacy-${created.body.id}`);
    expect(history.map((e) => e.revision)).toEqual(Array.from({ length: history.length }, (_, i) => BigInt(i)));
    const final = (await api().get('/api/pharmacies').expect(200)).body.find(
      (p: { id: string }) => p.id === created.body.id,
    );
    expect(phones).toContain(final.phone);
    expect(final.phone).toBe((history.at(-1)!.data as { changes: { phone: string } }).changes.phone);
  });

  it('requires a session, and the administrator role to change locations', async () => {
    await request(app.baseUrl)
      .get('/api/pharmacies')
      .expect(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    await request(app.baseUrl).post('/api/pharmacies').send(downtown).expect(401);

    const created = await api()
      .post('/api/pharmacies')
      .send({ ...downtown, name: 'Madaba Pharmacy' })
      .expect(201);
    await api()
      .post('/api/auth/register')
      .send({ email: 'pharm@test.example', firstName: 'P', lastName: 'Q', password: 'Pharm#2026', role: 'pharmacist' })
      .expect(201);
    const pharmacist = await app.signIn('pharm@test.example', 'Pharm#2026');
    await pharmacist.get('/api/pharmacies').expect(200);
    const before = await eventCount();
    const refused = await pharmacist.post('/api/pharmacies').send(downtown).expect(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Only administrators can add pharmacy locations.',
    });
    await pharmacist.put(`/api/pharmacies/${created.body.id}`).send(downtown).expect(403);
    await pharmacist.delete(`/api/pharmacies/${created.body.id}`).expect(403);
    expect(await eventCount()).toBe(before);
  });

  it('answers unknown API paths with a JSON 404 and sends security headers', async () => {
    const response = await api().get('/api/no-such-thing').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
