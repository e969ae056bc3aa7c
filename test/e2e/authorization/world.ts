import request from 'supertest';
import { demoAccounts, demoPharmacyIds, isoDaysFromNow, unique, type TestApp } from '@pharmacy/test-harness';

/**
 * What the authorization matrix calls the API with: two pharmacies A and B
 * (each with a batch, a sale, a stock count, a discrepancy and transfers to
 * and from a third pharmacy C), a pharmacist of each, an administrator, an
 * auditor and an anonymous caller. Everything is made through the API.
 */

export type Agent = ReturnType<typeof request.agent>;

export type CallerName = 'anonymous' | 'pharmacist A' | 'pharmacist B' | 'admin' | 'auditor';

export interface Caller {
  name: CallerName;
  role: 'anonymous' | 'pharmacist' | 'admin' | 'auditor';
  userId: string | null;
  /** The pharmacy named by the caller's "own pharmacy" requests. */
  home: string;
  /** The other one of A and B. */
  away: string;
  /** The pharmacies whose data the caller may reach: a pharmacist's assignments, or all. */
  worksAt: readonly string[] | 'all';
  /** The pharmacies the caller manages (a count is posted by an administrator or the manager). */
  manages: readonly string[];
  /** The caller's profile as GET /api/settings/profile answers it (null: anonymous). */
  profile: Record<string, unknown> | null;
  agent: Agent;
  /** A new session of the same caller, for the routes that end the session they are called in. */
  freshAgent(): Promise<Agent>;
}

/** The records of one pharmacy (A or B) the matrix reaches by id, and the text that betrays them. */
export interface PharmacyRecords {
  batch: string;
  sale: string;
  count: string;
  discrepancy: string;
  /** From this pharmacy to C. */
  transferOut: string;
  /** From C to this pharmacy. */
  transferIn: string;
  /** Ids and batch numbers of this pharmacy's records: a pharmacist of the other pharmacy must never read one. */
  secrets: string[];
}

export interface Product {
  id: string;
  sku: string;
  name: string;
  price: string;
  unitsPerPackage: number;
}

export interface World {
  baseUrl: string;
  A: string;
  B: string;
  /** A third pharmacy: the other side of the transfers, so that none joins A and B. */
  C: string;
  records: Record<string, PharmacyRecords>;
  /** Stocked at A, B and C: what the samples sell, transfer and receive. */
  product: Product;
  /** Edited by the matrix (PUT /api/products/:id). */
  editable: Product;
  batchNumbers: Map<string, string>;
  /** Things an administrator deletes or changes as the matrix runs, made for it. */
  spare: {
    pharmacy: { id: string; input: Record<string, unknown> };
    product: string;
    category: string;
    supplier: string;
    user: string;
  };
  settings: Record<string, unknown>;
  callers: Caller[];
}

const PHARMACIST_B = { password: 'Pharma#B-2026' };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
let tillNumber = 0;
/** A till's number for an offline sale, unique in the run. */
export const offlineNumber = () => `AZMX-${String(++tillNumber).padStart(4, '0')}`;

export async function buildWorld(app: TestApp): Promise<World> {
  const admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const { downtown: A, abdoun: B } = demoPharmacyIds;
  const C = (await created(admin.post('/api/pharmacies').send({ name: unique('Authz C'), address: 'C street' }))).id;
  const spareInput = { name: unique('Authz spare'), address: 'Spare street', managerId: null, isActive: true };
  const sparePharmacy = (await created(admin.post('/api/pharmacies').send(spareInput))).id;

  const product = await newProduct(admin, 'AZ');
  const editable = await newProduct(admin, 'AZ-EDIT');
  const scarce = await newProduct(admin, 'AZ-SCARCE');
  const batchNumbers = new Map<string, string>();
  const receive = async (pharmacyId: string, productId: string, quantity: number) => {
    const batchNumber = unique(`AZMARK-${pharmacyId.slice(-2)}`);
    const batch = await created(
      admin.post('/api/inventory').send({
        productId,
        pharmacyId,
        batchNumber,
        quantity,
        purchasePrice: '1.00',
        // Within the assistant's "next 60 days", so that its answer lists them.
        expiryDate: isoDaysFromNow(40),
        effectiveAt: hoursAgo(48),
      }),
    );
    batchNumbers.set(batch.id, batchNumber);
    return { id: batch.id, batchNumber };
  };
  await receive(C, product.id, 500);

  const pharmacistB = await newPharmacist(app, admin, B);
  await makeManager(admin, B, pharmacistB.id);
  const layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
  const sellers: Record<string, Agent> = { [A]: layla, [B]: pharmacistB.agent };

  const records: Record<string, PharmacyRecords> = {};
  for (const pharmacyId of [A, B]) {
    const batch = await receive(pharmacyId, product.id, 500);
    const scarceBatch = await receive(pharmacyId, scarce.id, 1);
    const sale = await created(
      sellers[pharmacyId]!.post('/api/sales/complete').send({
        cashReceived: '100.00',
        items: [{ productId: product.id, quantity: 1 }],
      }),
    );
    const offline = await created(
      admin
        .post('/api/sales/offline')
        .set('Idempotency-Key', unique('authz-offline'))
        .send(offlineSale(pharmacyId, scarce.id, 3)),
    );
    const count = await created(admin.post('/api/stock-counts').send({ pharmacyId }));
    const transfer = (from: string, to: string) =>
      created(
        admin
          .post('/api/transfers')
          .send({ fromPharmacyId: from, toPharmacyId: to, items: [{ productId: product.id, quantity: 1 }] }),
      );
    const transferOut = await transfer(pharmacyId, C);
    // Asked for by the pharmacy's own pharmacist: a request from outside C, holding nothing until C approves
    // (ADR 0011); its approval is C's, never the asking pharmacy's.
    const transferIn = await created(
      sellers[pharmacyId]!.post('/api/transfers').send({
        fromPharmacyId: C,
        toPharmacyId: pharmacyId,
        items: [{ productId: product.id, quantity: 1 }],
      }),
    );
    const discrepancy = await discrepancyOf(admin, pharmacyId, offline.id);
    records[pharmacyId] = {
      batch: batch.id,
      sale: sale.id,
      count: count.id,
      discrepancy,
      transferOut: transferOut.id,
      transferIn: transferIn.id,
      secrets: [
        batch.id,
        batch.batchNumber,
        scarceBatch.id,
        scarceBatch.batchNumber,
        sale.id,
        offline.id,
        count.id,
        discrepancy,
        transferOut.id,
        transferIn.id,
      ],
    };
  }

  const spare = {
    pharmacy: { id: sparePharmacy, input: spareInput },
    product: (await newProduct(admin, 'AZ-SPARE')).id,
    category: (await created(admin.post('/api/categories').send({ name: unique('Authz category') }))).id,
    supplier: (await created(admin.post('/api/suppliers').send({ name: unique('Authz supplier') }))).id,
    user: (await registerUser(admin, 'spare')).id,
  };
  const settings = (await admin.get('/api/settings').expect(200)).body as Record<string, unknown>;
  // The administrator sells at A (POST /api/sales/complete sells where the session works).
  await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: A }).expect(200);

  const auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
  const users = (await admin.get('/api/admin/users').expect(200)).body as Array<{ userId: string; email: string }>;
  const idOf = (email: string) => users.find((user) => user.email === email)!.userId;
  const caller = (fields: Omit<Caller, 'profile'>) => withProfile(fields);
  const callers: Caller[] = [
    await caller({
      name: 'anonymous',
      role: 'anonymous',
      userId: null,
      ...at(A, B, 'all'),
      manages: [],
      agent: request.agent(app.baseUrl),
      freshAgent: async () => request.agent(app.baseUrl),
    }),
    await caller({
      name: 'auditor',
      role: 'auditor',
      userId: idOf(demoAccounts.auditor.email),
      ...at(A, B, 'all'),
      manages: [],
      agent: auditor,
      freshAgent: () => app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password),
    }),
    await caller({
      name: 'pharmacist B',
      role: 'pharmacist',
      userId: pharmacistB.id,
      ...at(B, A, [B]),
      manages: [B],
      agent: pharmacistB.agent,
      freshAgent: () => app.signIn(pharmacistB.email, PHARMACIST_B.password),
    }),
    await caller({
      name: 'pharmacist A',
      role: 'pharmacist',
      userId: idOf(demoAccounts.layla.email),
      ...at(A, B, [A]),
      manages: [],
      agent: layla,
      freshAgent: () => app.signIn(demoAccounts.layla.email, demoAccounts.layla.password),
    }),
    await caller({
      name: 'admin',
      role: 'admin',
      userId: idOf(demoAccounts.admin.email),
      ...at(A, B, 'all'),
      manages: [],
      agent: admin,
      freshAgent: async () => {
        const agent = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
        await agent.post('/api/auth/user/pharmacy').send({ pharmacyId: A }).expect(200);
        return agent;
      },
    }),
  ];
  return {
    baseUrl: app.baseUrl,
    A,
    B,
    C,
    records,
    product,
    editable,
    batchNumbers,
    spare,
    settings,
    callers,
  };
}

const at = (home: string, away: string, worksAt: Caller['worksAt']) => ({ home, away, worksAt });

/** The caller with their profile as they read it (a PUT of the profile sends it back). */
async function withProfile(fields: Omit<Caller, 'profile'>): Promise<Caller> {
  const profile =
    fields.role === 'anonymous'
      ? null
      : ((await fields.agent.get('/api/settings/profile').expect(200)).body as Record<string, unknown>);
  return { ...fields, profile };
}

/** The answer of a create, which must succeed: the matrix cannot run without its records. */
async function created(
  call: PromiseLike<{ status: number; body: unknown }>,
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await call;
  const body = response.body as { id?: string; userId?: string };
  const id = body.id ?? body.userId;
  if (response.status >= 300 || !id) {
    throw new Error(`setting up the matrix failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { ...(response.body as Record<string, unknown>), id };
}

async function newProduct(admin: Agent, prefix: string): Promise<Product> {
  const sku = unique(prefix);
  const body = await created(
    admin.post('/api/products').send({ sku, name: `Authz ${sku}`, price: '4.00', unitsPerPackage: 10 }),
  );
  return { id: body.id, sku, name: `Authz ${sku}`, price: '4.00', unitsPerPackage: 10 };
}

async function registerUser(admin: Agent, label: string, password = PHARMACIST_B.password) {
  const email = `${unique(`authz-${label}`)}@pharmacy.example`.toLowerCase();
  const user = await created(
    admin.post('/api/auth/register').send({ email, firstName: 'Authz', lastName: label, password, role: 'pharmacist' }),
  );
  return { id: user.id, email };
}

async function newPharmacist(app: TestApp, admin: Agent, pharmacyId: string) {
  const user = await registerUser(admin, 'pharmacist-b');
  await admin.post(`/api/admin/users/${user.id}/pharmacies`).send({ pharmacyId }).expect(200);
  return { ...user, agent: await app.signIn(user.email, PHARMACIST_B.password) };
}

/** Makes the user the pharmacy's manager, keeping its other details. */
async function makeManager(admin: Agent, pharmacyId: string, userId: string): Promise<void> {
  const pharmacies = (await admin.get('/api/pharmacies').expect(200)).body as Array<Record<string, unknown>>;
  const pharmacy = pharmacies.find((p) => p.id === pharmacyId)!;
  const { name, nameAr, address, addressAr, phone, email, isActive } = pharmacy;
  await admin
    .put(`/api/pharmacies/${pharmacyId}`)
    .send({ name, nameAr, address, addressAr, phone, email, isActive, managerId: userId })
    .expect(200);
}

/** An offline sale of `quantity` packs (more than the pharmacy holds raises a shortfall discrepancy). */
export function offlineSale(pharmacyId: string, productId: string, quantity: number) {
  return {
    pharmacyId,
    soldAt: hoursAgo(1),
    offlineNumber: offlineNumber(),
    catalogueAsOf: hoursAgo(2),
    cashReceived: '100.00',
    items: [{ productId, quantity, salesUnit: 'whole' }],
  };
}

/** The discrepancy the offline sale raised, once the read model has it. */
async function discrepancyOf(admin: Agent, pharmacyId: string, saleId: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const open = (await admin.get('/api/stock-discrepancies').query({ pharmacyId, status: 'all' }).expect(200))
      .body as Array<{ id: string; saleId: string }>;
    const raised = open.find((discrepancy) => discrepancy.saleId === saleId);
    if (raised) return raised.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the offline sale ${saleId} raised no discrepancy at ${pharmacyId}`);
}
