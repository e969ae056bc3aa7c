import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  demoAccounts,
  completion,
  demoPharmacyIds,
  fakeOpenAi,
  modelEnv,
  isoDaysFromNow,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** The pharmacist's assistant (issue 12): grounded in the read models, with or without a model. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const { downtown: DOWNTOWN, abdoun: ABDOUN } = demoPharmacyIds;

interface Answer {
  success: boolean;
  message: string;
  data: { response: string; mode: string; tools: Array<{ name: string; arguments: Record<string, unknown> }> };
}

/** A product with one batch at a pharmacy: `packs` packs expiring in `days` days. */
async function stocked(admin: Agent, pharmacyId: string, label: string, labelAr: string, packs: number, days: number) {
  const sku = unique('AI').toUpperCase();
  const batchNumber = unique('AIB').toUpperCase();
  const product = (
    await admin
      .post('/api/products')
      .send({ sku, name: `${label} ${sku}`, nameAr: `${labelAr} ${sku}`, price: '4.00', minStockLevel: 5 })
      .expect(201)
  ).body as { id: string; name: string; nameAr: string };
  await admin
    .post('/api/inventory')
    .send({ productId: product.id, pharmacyId, batchNumber, quantity: packs, expiryDate: isoDaysFromNow(days) })
    .expect(201);
  return { ...product, sku, batchNumber };
}

describe('the assistant without a model', () => {
  let app: TestApp;
  let admin: Agent;
  let layla: Agent;
  let soon: Awaited<ReturnType<typeof stocked>>;
  let elsewhere: Awaited<ReturnType<typeof stocked>>;

  const ask = async (agent: Agent, message: string, language: 'en' | 'ar') =>
    ((await agent.post('/api/chat/pharmacist').send({ message, language }).expect(200)).body as Answer).data;

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    layla = await app.signIn(demoAccounts.layla.email, demoAccounts.layla.password);
    await admin.post('/api/auth/user/pharmacy').send({ pharmacyId: DOWNTOWN }).expect(200);
    soon = await stocked(admin, DOWNTOWN, 'Zyrtec Assist', 'زيرتك مساعد', 9, 6);
    elsewhere = await stocked(admin, ABDOUN, 'Abdoun Only', 'عبدون فقط', 12, 200);
    await admin
      .post('/api/sales/complete')
      .send({ cashReceived: '20.00', items: [{ productId: soon.id, quantity: 3 }] })
      .expect(201);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('names what expires soon, in English and Arabic, with the numbers of the read model', async () => {
    const rows = (await admin.get('/api/inventory/expiring').query({ days: 14 }).expect(200)).body as Array<{
      batchNumber: string;
      quantity: number;
      expiryDate: string;
    }>;
    const mine = rows.find((r) => r.batchNumber === soon.batchNumber)!;
    expect(mine.quantity).toBe(6);
    const en = await ask(admin, 'What expires in the next 14 days?', 'en');
    expect(en.mode).toBe('local');
    expect(en.tools).toEqual([{ name: 'expiringBatches', arguments: { days: 14 } }]);
    expect(en.response).toContain(
      `${soon.name}, batch ${soon.batchNumber} at Al-Shifa Pharmacy — Downtown: 6 packs, expires ${mine.expiryDate}`,
    );
    const ar = await ask(admin, 'ما الذي تنتهي صلاحيته خلال 14 يومًا؟', 'ar');
    // Codes and dates are kept left-to-right inside the Arabic text (isolates U+2066 … U+2069).
    expect(ar.response).toContain(`${soon.nameAr}، الدفعة \u2066${soon.batchNumber}\u2069`);
    expect(ar.response).toContain(`6 عبوة، تنتهي في \u2066${mine.expiryDate}\u2069`);
  });

  it('says where a product is, how much was sold, and what happened to a batch', async () => {
    const where = await ask(admin, `Where is ${soon.sku} in stock?`, 'en');
    expect(where.response).toContain(`${soon.name} (${soon.sku}): 6 sellable packs in all.`);
    const sold = await ask(admin, `How much ${soon.sku} did we sell this week?`, 'en');
    expect(sold.response).toMatch(
      new RegExp(`: 3 sold from \\d{4}-\\d{2}-\\d{2} to \\d{4}-\\d{2}-\\d{2}, 12\\.00 in sales`),
    );
    const soldAr = await ask(admin, `كم بعنا من ${soon.sku} هذا الأسبوع؟`, 'ar');
    expect(soldAr.response).toContain('بيع 3 من');
    const history = await ask(admin, `What happened to batch ${soon.batchNumber}?`, 'en');
    expect(history.tools[0]).toEqual({ name: 'batchHistory', arguments: { batchNumber: soon.batchNumber } });
    expect(history.response).toContain('holds 6 packs now');
    expect(history.response).toMatch(/received \+9 → 9/);
    expect(history.response).toMatch(/sold -3 → 6 \(Sara Haddad\)/);
    const low = await ask(admin, 'ما الأصناف منخفضة المخزون؟', 'ar');
    expect(low.tools[0]!.name).toBe('lowStock');
  });

  it('answers in the language the question is written in, whatever the interface language', async () => {
    const arabicInEnglish = await ask(admin, 'ما الأصناف منخفضة المخزون؟', 'en');
    const arabic = await ask(admin, 'ما الأصناف منخفضة المخزون؟', 'ar');
    expect(arabicInEnglish.response).toBe(arabic.response);
    expect(arabicInEnglish.response).toMatch(/[\u0621-\u064A]/);
    const englishInArabic = await ask(admin, `Where is ${soon.sku} in stock?`, 'ar');
    expect(englishInArabic.response).toContain(`${soon.name} (${soon.sku}): 6 sellable packs in all.`);
    // A bare code says nothing of a language: the interface's is used.
    const code = await ask(admin, soon.sku, 'ar');
    const codeEn = await ask(admin, soon.sku, 'en');
    expect(code.response).not.toBe(codeEn.response);
  });

  it('answers only from the pharmacies the user works at', async () => {
    const own = await ask(layla, `Where is ${elsewhere.sku} in stock?`, 'en');
    expect(own.response).toBe(`${elsewhere.name} (${elsewhere.sku}) has no sellable stock at your pharmacies.`);
    const history = await ask(layla, `What happened to batch ${elsewhere.batchNumber}?`, 'en');
    expect(history.response).toBe(`I could not find batch "${elsewhere.batchNumber}" at your pharmacies.`);
  });

  it('says plainly that a clinical question needs a model, and refuses an empty message', async () => {
    const clinical = await ask(admin, 'What is the dose of amoxicillin for children?', 'en');
    expect(clinical.response).toContain('clinical questions need a configured AI model');
    expect(clinical.tools).toEqual([]);
    const empty = await admin.post('/api/chat/pharmacist').send({ message: '   ' }).expect(400);
    expect(JSON.stringify(empty.body)).toContain('Type a message');
    // Asking changes nothing: auditors may ask too.
    const auditor = await app.signIn(demoAccounts.auditor.email, demoAccounts.auditor.password);
    await auditor.post('/api/chat/pharmacist').send({ message: 'What is low in stock?' }).expect(200);
  });
});

describe('the assistant with a model', () => {
  const model = fakeOpenAi();
  let app: TestApp;
  let admin: Agent;
  let soon: Awaited<ReturnType<typeof stocked>>;

  beforeAll(async () => {
    const baseUrl = await model.start();
    app = await startTestApp({
      seed: true,
      env: modelEnv(baseUrl, { OPENAI_MODEL: 'fake-pharmacy-model', AI_RETRIES: '1' }),
    });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    soon = await stocked(admin, DOWNTOWN, 'Model Cream', 'كريم النموذج', 4, 3);
  });
  afterAll(async () => {
    await app.stop();
    await model.stop();
  });

  it('gives the model the tools, runs the calls it makes against the read models and passes back the answer', async () => {
    model.answerWith((body) => {
      const messages = body.messages as Array<{ role: string; content: string }>;
      const tool = messages.find((m) => m.role === 'tool');
      if (!tool) {
        return {
          status: 200,
          body: completion({
            content: null,
            tool_calls: [
              { id: 'call-1', type: 'function', function: { name: 'expiringBatches', arguments: '{"days":7}' } },
            ],
          }),
        };
      }
      const result = JSON.parse(tool.content) as { batches: Array<{ batchNumber: string; quantity: number }> };
      const first = result.batches.find((b) => b.batchNumber === soon.batchNumber)!;
      return {
        status: 200,
        body: completion({ content: `Batch ${first.batchNumber} (${first.quantity} packs) expires first.` }),
      };
    });
    const answer = (
      await admin
        .post('/api/chat/pharmacist')
        .send({
          message: 'What should I sell first?',
          language: 'en',
          history: [
            { role: 'user', content: 'Hello' },
            { role: 'assistant', content: 'Hello! How can I help?' },
          ],
          context: { totalProducts: 99999, userRole: 'admin' },
        })
        .expect(200)
    ).body as Answer;
    expect(answer.data).toEqual({
      response: `Batch ${soon.batchNumber} (4 packs) expires first.`,
      mode: 'model',
      tools: [{ name: 'expiringBatches', arguments: { days: 7 } }],
    });
    const [first, second] = model.requests.slice(-2) as Array<{
      path: string;
      authorization: string;
      model: string;
      messages: Array<{ role: string; content: string | null }>;
      tools?: Array<{ function: { name: string } }>;
    }>;
    expect(first!.path).toBe('/v1/chat/completions');
    expect(first!.authorization).toBe('Bearer test-key');
    expect(first!.model).toBe('fake-pharmacy-model');
    expect(first!.tools!.map((t) => t.function.name).sort()).toEqual([
      'batchHistory',
      'expiringBatches',
      'findProduct',
      'lowStock',
      'productSales',
      'productStock',
    ]);
    expect(first!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(first!.messages[0]!.content).toContain('must come from a tool result');
    // The page's context is not passed on as fact.
    expect(JSON.stringify(first!.messages)).not.toContain('99999');
    expect(second!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'tool']);
  });

  it('retries a failed attempt as a job, then answers 503 with a message a person can act on when the model fails or is too slow', async () => {
    let calls = 0;
    model.answerWith(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { error: { message: 'first attempt fails' } } }
        : { status: 200, body: completion({ content: 'Second attempt answered.' }) };
    });
    const retried = (await admin.post('/api/chat/pharmacist').send({ message: 'Hello?' }).expect(200)).body as Answer;
    expect(retried.data.response).toBe('Second attempt answered.');
    expect(calls).toBe(2);

    model.answerWith(() => ({ status: 500, body: { error: { message: 'boom' } } }));
    const failed = await admin.post('/api/chat/pharmacist').send({ message: 'What is low?' }).expect(503);
    expect(failed.body).toMatchObject({
      code: 'AI_UNAVAILABLE',
      message: 'The AI model did not answer in time or failed. Please try again in a moment.',
    });
    model.answerWith(() => 'hang');
    const started = Date.now();
    await admin.post('/api/chat/pharmacist').send({ message: 'What is low?' }).expect(503);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
