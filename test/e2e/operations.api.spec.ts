import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { startTestApp, testRedisUrl, unique, type TestApp } from '@pharmacy/test-harness';

const admin = { email: 'root@ops.example', password: 'Root#2026!' };
const adminEnv = { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };

/** A pino logger whose JSON lines are kept here, to read what the server logged. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

/** The value of one sample of the exposition text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('operations: /health, /ready, /metrics and the correlation id (issue 14)', () => {
  describe('a server with its projector and Redis', () => {
    let app: TestApp;
    let agent: Awaited<ReturnType<TestApp['signIn']>>;
    const log = capturedLogger();

    beforeAll(async () => {
      app = await startTestApp({ env: { ...adminEnv, REDIS_URL: testRedisUrl() }, logger: log.logger });
      agent = await app.signIn(admin.email, admin.password);
    });
    afterAll(async () => {
      await app.stop();
    });

    it('answers /health without a session, and sets no cookie', async () => {
      const response = await request(app.baseUrl).get('/health').expect(200);
      expect(response.body).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('is ready when the database, the event store, the read models and Redis answer', async () => {
      const response = await request(app.baseUrl).get('/ready').expect(200);
      expect(response.body.status).toBe('ready');
      for (const name of ['database', 'eventStore', 'projections', 'queue']) {
        expect(response.body.checks[name]).toEqual(expect.objectContaining({ ok: true }));
      }
      expect(response.body.checks.queue.detail).toBe('redis');
    });

    it('counts requests by route pattern and commands by stream, and reads lag and jobs when scraped', async () => {
      await agent.get('/api/pharmacies').expect(200);
      const created = await agent
        .post('/api/categories')
        .send({ name: unique('Ops category'), nameAr: 'فئة تشغيل' })
        .expect(201);
      await agent.get(`/api/categories/${created.body.id as string}`);

      const metrics = await request(app.baseUrl).get('/metrics').expect(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      const text = metrics.text;
      expect(
        sample(text, 'pharmacy_http_request_duration_seconds_count{method="GET",route="/api/pharmacies",status="200"}'),
      ).toBeGreaterThanOrEqual(1);
      // The id is not a label: one series for every category.
      expect(text).not.toContain(created.body.id as string);
      expect(text).toMatch(/pharmacy_command_duration_seconds_count\{stream="category",outcome="appended"\} [1-9]/);
      expect(text).toMatch(/pharmacy_projection_lag_seconds\{projection="\w+"\} \d/);
      expect(sample(text, 'pharmacy_event_log_head_position')).toBeGreaterThan(0);
      expect(text).toMatch(/pharmacy_jobs\{queue="maintenance",state="waiting"\} \d+/);
      expect(text).toContain('process_resident_memory_bytes');
    });

    it("logs JSON lines with the request's id, and records it as the events' correlation id", async () => {
      const requestId = `ops-${Date.now()}`;
      const response = await agent
        .post('/api/categories')
        .set('X-Request-Id', requestId)
        .send({ name: unique('Correlated'), nameAr: 'مترابطة' })
        .expect(201);
      expect(response.headers['x-request-id']).toBe(requestId);

      const events = await app.server.runtime.store.readStream(`category-${response.body.id as string}`);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) expect(event.metadata.correlationId).toBe(requestId);

      const line = log.lines.find(
        (l) => (l.req as { id?: string } | undefined)?.id === requestId && l.msg === 'request completed',
      );
      expect(line).toEqual(expect.objectContaining({ level: 30, res: { statusCode: 201 } }));
    });
  });

  describe('a server that cannot serve yet', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp({
        env: {
          ...adminEnv,
          // An API process without a projector, whose read models therefore fall behind; Redis is not there.
          APP_ROLE: 'api',
          PROJECTION_WAIT_MS: '0',
          READY_MAX_PROJECTION_LAG_SECONDS: '1',
          REDIS_URL: 'redis://127.0.0.1:1',
          METRICS_TOKEN: 'a-metrics-token-for-tests',
        },
      });
    });
    afterAll(async () => {
      await app.stop();
    });

    it('answers /ready 503 with a retry hint, naming the read models behind and the queue down, and keeps serving', async () => {
      const agent = await app.signIn(admin.email, admin.password);
      await agent
        .post('/api/categories')
        .send({ name: unique('Behind'), nameAr: 'متأخرة' })
        .expect(201);
      await new Promise((resolve) => setTimeout(resolve, 1200));

      const response = await request(app.baseUrl).get('/ready').expect(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body.status).toBe('not_ready');
      expect(response.body.checks.database.ok).toBe(true);
      expect(response.body.checks.projections).toEqual(
        expect.objectContaining({ ok: false, detail: expect.stringMatching(/read model\(s\) more than 1 s behind/) }),
      );
      expect(response.body.checks.queue.ok).toBe(false);
      // The probe answers within its bound even with Redis gone.
      expect(response.body.checks.queue.ms).toBeLessThan(2500);

      await agent.get('/api/pharmacies').expect(200);
    });

    it('asks for the metrics token when one is configured', async () => {
      await request(app.baseUrl).get('/metrics').expect(401);
      await request(app.baseUrl).get('/metrics').set('Authorization', 'Bearer wrong-token-of-same-len').expect(401);
      const response = await request(app.baseUrl)
        .get('/metrics')
        .set('Authorization', 'Bearer a-metrics-token-for-tests')
        .expect(200);
      // Behind, and said so: some projection has a lag above the threshold.
      const lags = [...response.text.matchAll(/pharmacy_projection_lag_seconds\{projection="\w+"\} ([\d.]+)/g)].map(
        (m) => Number(m[1]),
      );
      expect(Math.max(...lags)).toBeGreaterThan(1);
    });
  });

  it('stops at once when stopped right after it started (the projector and the transfer reactor missed the abort)', async () => {
    for (const role of ['all', 'api']) {
      const app = await startTestApp({ env: { APP_ROLE: role } });
      const started = Date.now();
      await app.stop();
      expect({ role, stoppedWithinSeconds: (Date.now() - started) / 1000 < 5 }).toEqual({
        role,
        stoppedWithinSeconds: true,
      });
    }
  });
});
