import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import request from 'supertest';
import { buildOpenApiRegistry } from '../../libs/contracts/src/openapi';
import {
  demoAccounts,
  demoPharmacyIds,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';
import { answerProblem } from '../fuzz/answers';
import { watchWrites, type WriteWatch } from '../fuzz/write-watch';
import {
  baseRequest,
  caseArbitrary,
  mutations,
  routesOf,
  type FuzzCase,
  type FuzzContext,
  type FuzzRoute,
} from '../fuzz/zod-fuzz';

/**
 * Issue 14: every route of the REST contract, fuzzed from its zod schemas with
 * fast-check against the real server and PostgreSQL: wrong types, missing and
 * unknown fields, huge strings, NaN and Infinity, invalid dates, ids that are
 * not ids, bodies that are not JSON, bidirectional and control characters.
 * Never a 5xx; a refusal (4xx) has a code and a message a person can act on,
 * and writes no event and no row. An unknown field, and a number field given
 * text, a boolean or a list, are always refused with 400 (issue 28).
 *
 * Reproduce: FUZZ_SEED=<seed printed> npx jest test/e2e/fuzz.api.spec.ts -t '<route>';
 * more runs per route: FUZZ_RUNS=1000.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

type Agent = ReturnType<typeof request.agent>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;
const routes = routesOf(buildOpenApiRegistry());
const name = (route: FuzzRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** A route's own seed: the run's seed and its name, so one route can be run again alone. */
const seedOf = (route: FuzzRoute) =>
  [...name(route)].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

/** Calls that end the caller's session: fuzzed without one, so the administrator's session stays. */
const SIGNED_OUT = new Set(['POST /api/auth/logout', 'GET /api/logout', 'GET /api/login']);

describe('fuzzing every endpoint from its zod schema (issue 14)', () => {
  let app: TestApp;
  let admin: Agent;
  let anonymous: Agent;
  let watch: WriteWatch;
  const real: Record<string, string> = {};
  const sent = { requests: 0, refused: 0, accepted: 0 };
  const statuses = new Map<number, number>();

  let counter = 1_000;
  const context: FuzzContext = {
    unique: (prefix) => `${prefix}${(counter += 1)}`,
    idFor(field, route) {
      if (route.method === 'delete') return undefined;
      if (field === 'id') {
        const resource =
          /^\/api\/(pharmacies|categories|suppliers|products|inventory|sales|transfers|stock-counts)\//.exec(
            route.path,
          )?.[1];
        return resource ? real[resource] : undefined;
      }
      return (
        {
          pharmacyId: DOWNTOWN,
          fromPharmacyId: DOWNTOWN,
          toPharmacyId: ABDOUN,
          defaultPharmacyId: DOWNTOWN,
          productId: real.products,
          batchId: real.inventory,
          categoryId: real.categories,
          supplierId: real.suppliers,
        } as Record<string, string | undefined>
      )[field];
    },
  };

  /** Sends one fuzzed request and says what is wrong with its answer or with what it wrote (null: nothing). */
  async function check(route: FuzzRoute, fuzz: FuzzCase): Promise<string | null> {
    const agent = SIGNED_OUT.has(name(route)) ? anonymous : admin;
    const before = await watch.mark();
    let call = agent[fuzz.method](fuzz.url);
    for (const [header, value] of Object.entries(fuzz.headers)) call = call.set(header, value);
    if (fuzz.body && 'json' in fuzz.body) call = call.send(fuzz.body.json as object);
    else if (fuzz.body && 'raw' in fuzz.body) {
      if (fuzz.body.contentType !== undefined) call = call.set('Content-Type', fuzz.body.contentType);
      call = call.send(fuzz.body.raw);
    } else if (fuzz.body && 'file' in fuzz.body) {
      call = call.attach(fuzz.body.field, fuzz.body.file, fuzz.body.filename || 'blob');
    }
    let status: number;
    let answer: unknown;
    let contentType: string | undefined;
    try {
      const response = await call;
      status = response.status;
      contentType = response.headers['content-type'] as string | undefined;
      answer = response.body ?? response.text;
    } catch (error) {
      return `no answer: ${(error as Error).message}`;
    }
    sent.requests += 1;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const problem = answerProblem(status, contentType, answer);
    if (problem) return problem;
    if (fuzz.mustRefuse && status !== 400) return `${fuzz.mustRefuse} was answered ${status}, not refused with 400`;
    const written = await watch.since(before);
    if (status >= 400) {
      sent.refused += 1;
      if (written.events > 0 || written.tables.length > 0) {
        return `a ${status} wrote ${written.events} event(s) and rows of ${written.tables.join(', ') || 'no table'}`;
      }
    } else {
      sent.accepted += 1;
      // What was accepted may be written to the read tables after the answer: wait, so the next refusal starts clean.
      if (written.events > 0 || written.tables.length > 0) await watch.settle();
    }
    return null;
  }

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    anonymous = request.agent(app.baseUrl);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);

    // Real records, so valid-shaped requests on their paths reach the handlers, not only "not found".
    const created = async (path: string, body: object) =>
      ((await admin.post(path).send(body).expect(201)).body as { id: string }).id;
    real.pharmacies = await created('/api/pharmacies', { name: unique('Fuzz pharmacy'), address: 'Fuzz Street 1' });
    real.categories = await created('/api/categories', { name: unique('Fuzz category') });
    real.suppliers = await created('/api/suppliers', { name: unique('Fuzz supplier') });
    real.products = await created('/api/products', {
      sku: unique('FUZZ'),
      name: unique('Fuzz product'),
      price: '4.00',
      unitsPerPackage: 10,
      categoryId: real.categories,
    });
    real.inventory = await created('/api/inventory', {
      productId: real.products,
      pharmacyId: DOWNTOWN,
      batchNumber: unique('FZB'),
      quantity: 500,
      purchasePrice: '1.10',
      expiryDate: isoDaysFromNow(300),
    });
    real.sales = await created('/api/sales/complete', {
      cashReceived: '10.00',
      items: [{ productId: real.products, quantity: 1 }],
    });
    real.transfers = await created('/api/transfers', {
      fromPharmacyId: DOWNTOWN,
      toPharmacyId: ABDOUN,
      items: [{ productId: real.products, quantity: 1 }],
    });
    real['stock-counts'] = await created('/api/stock-counts', { pharmacyId: DOWNTOWN, categoryId: real.categories });

    watch = await watchWrites(app.database.url);
    process.stdout.write(
      `\n[fuzz] seed ${SEED}, ${RUNS} random runs per route (and one of each kind of breakage), ${routes.length} routes\n`,
    );
  }, 120_000);

  afterAll(async () => {
    process.stdout.write(
      `\n[fuzz] ${sent.requests} requests: ${sent.refused} refused (4xx), ${sent.accepted} accepted; by status ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}; seed ${SEED}\n`,
    );
    await watch?.close();
    await app?.stop();
  });

  it('sees a write when one happens, and none for a refused request (the check can fail)', async () => {
    const before = await watch.mark();
    await admin
      .post('/api/categories')
      .send({ name: unique('Watched') })
      .expect(201);
    const written = await watch.since(before);
    expect(written.events).toBe(1);
    expect(written.tables).toEqual(expect.arrayContaining(['eventstore.events', 'public.categories']));
    await watch.settle();

    const refused = await watch.mark();
    await admin.post('/api/categories').send({ name: 5 }).expect(400);
    expect(await watch.since(refused)).toEqual({ tables: [], events: 0 });
  });

  it('finds every route of the contract, and a valid-shaped request for each', () => {
    expect(routes.length).toBeGreaterThan(80);
    const bases = routes.map((route) => ({ route: name(route), valid: baseRequest(route, context).valid }));
    const invalid = bases.filter((b) => !b.valid).map((b) => b.route);
    expect(invalid).toEqual([]);
  });

  describe.each(routes.map((route) => [name(route), route] as const))('%s', (_, route) => {
    it(
      'answers every fuzzed request below 500; a refusal has a helpful message and writes nothing',
      async () => {
        // The route's unique names (SKUs, e-mails) are the same whether it runs alone or after the others.
        counter = (routes.indexOf(route) + 1) * 1_000;
        const base = baseRequest(route, context);
        const seed = seedOf(route);
        // One of each kind of breakage first (the same every run), then RUNS drawn at random.
        const examples = Object.values(mutations(route, base))
          .filter((arbitrary): arbitrary is fc.Arbitrary<FuzzCase> => arbitrary !== null)
          .map((arbitrary) => [fc.sample(arbitrary, { numRuns: 1, seed })[0]!] as [FuzzCase]);
        await fc.assert(
          fc.asyncProperty(caseArbitrary(route, base), async (fuzz) => {
            const problem = await check(route, fuzz);
            if (problem) throw new Error(`${fc.stringify(fuzz)}: ${problem}`);
          }),
          // fast-check counts the examples among the runs.
          { numRuns: examples.length + RUNS, seed, examples },
        );
      },
      60_000 + RUNS * 2_000,
    );
  });
});
