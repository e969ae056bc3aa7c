import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  completion,
  demoAccounts,
  fakeOpenAi,
  modelEnv,
  gtinCheckDigit as checkDigit,
  packPhoto,
  startTestApp,
  unique,
  type TestApp,
} from '@pharmacy/test-harness';

/** Add Product by Photo (issue 12): barcodes, printed text and a vision model, on pack photos generated here. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;

interface Recognition {
  success: boolean;
  message: string;
  data: {
    drugName: string | null;
    confidence: number;
    expiryDate: string | null;
    suggestedProduct: { name: string; description: string; sku: string };
    barcode: string | null;
    batchNumber: string | null;
    productId: string | null;
    barcodeFormat: string | null;
    chosenBecause: string | null;
    otherProducts: Array<{
      barcode: string;
      barcodeFormat: string;
      productId: string | null;
      name: string | null;
      expiryDate: string | null;
      batchNumber: string | null;
    }>;
  };
}

/** A GTIN-14 of 12 digits and their check digit, not in the seeded catalogue. */
const gtinOf = (digits: string) => `0${digits}${checkDigit(digits)}`;

describe('photo recognition', () => {
  let app: TestApp;
  let admin: Agent;
  let product: { id: string; name: string; sku: string };
  const gtin = `0629${String(Date.now()).slice(-8)}`; // 12 digits; the check digit is added below

  const ean13 = gtin.slice(-12).padStart(12, '0') + checkDigit(gtin.slice(-12).padStart(12, '0'));
  const gtin14 = `0${ean13}`;

  const upload = (buffer: Buffer, contentType: string, filename = 'pack.png') =>
    admin.post('/api/products/recognize').attach('image', buffer, { filename, contentType });

  beforeAll(async () => {
    app = await startTestApp({ seed: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const sku = unique('PHOTO');
    product = (
      await admin
        .post('/api/products')
        .send({ sku, name: `Photo Tablets ${sku}`, description: 'Film-coated tablets', price: '3.00', barcode: ean13 })
        .expect(201)
    ).body as { id: string; name: string; sku: string };
  });
  afterAll(async () => {
    await app.stop();
  });

  it('reads a GS1 DataMatrix on a pack: the product from the catalogue, its batch and expiry', async () => {
    const photo = await packPhoto({ barcode: { text: `(01)${gtin14}(17)271231(10)LOT-PH1`, format: 'DataMatrix' } });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer).toMatchObject({
      success: true,
      message: `Recognised ${product.name} from its barcode.`,
      data: {
        drugName: product.name,
        confidence: 1,
        expiryDate: '2027-12-31',
        suggestedProduct: { name: product.name, description: 'Film-coated tablets', sku: product.sku },
        barcode: gtin14,
        batchNumber: 'LOT-PH1',
        productId: product.id,
        barcodeFormat: 'DataMatrix',
        chosenBecause: 'onlyProduct',
        otherProducts: [],
      },
    });
  });

  it('keeps "<GS>" in a GS1 DataMatrix value as data: only a real group separator separates (issue 28, item 12)', async () => {
    const photo = await packPhoto({ barcode: { text: `(01)${gtin14}(10)A<GS>B(17)271231`, format: 'DataMatrix' } });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer.data).toMatchObject({ productId: product.id, batchNumber: 'A<GS>B', expiryDate: '2027-12-31' });
  });

  it('takes no product code from a plain Code 128, even digits with a valid check digit (issue 28, item 13)', async () => {
    const photo = await packPhoto({ barcode: { text: '42094043', format: 'Code128' } });
    const answer = await upload(photo, 'image/png').expect(422);
    expect(answer.body).toMatchObject({ code: 'NOTHING_RECOGNISED' });
    expect(answer.body.message).toContain('The barcode in the photo does not carry a product number (GTIN)');
  });

  it("never answers one pack's product with another pack's expiry and batch, and lists both (issue 28, item 14)", async () => {
    const other = gtinOf('629444444444');
    const photo = await packPhoto({
      barcodes: [
        { text: ean13, format: 'EAN13', at: { left: 40, top: 250 } },
        { text: `(01)${other}(17)281130(10)LOT-B`, format: 'DataMatrix', at: { left: 600, top: 170 } },
      ],
    });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer.data).toMatchObject({
      productId: product.id,
      barcode: gtin14,
      barcodeFormat: 'EAN13',
      batchNumber: null,
      expiryDate: null,
      chosenBecause: 'inCatalogue',
      otherProducts: [
        {
          barcode: other,
          barcodeFormat: 'DataMatrix',
          productId: null,
          name: null,
          expiryDate: '2028-11-30',
          batchNumber: 'LOT-B',
        },
      ],
    });
    expect(answer.message).toContain('The photo shows 2 products');
  });

  it('of two packs the catalogue does not know, answers the one whose barcode carries the expiry, with its own', async () => {
    const [plain, gs1] = [gtinOf('629555555555'), gtinOf('629555555556')];
    const photo = await packPhoto({
      barcodes: [
        { text: plain.slice(1), format: 'EAN13', at: { left: 40, top: 250 } },
        { text: `(01)${gs1}(17)290331(10)LOT-D`, format: 'DataMatrix', at: { left: 600, top: 170 } },
      ],
    });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer.data).toMatchObject({
      productId: null,
      barcode: gs1,
      expiryDate: '2029-03-31',
      batchNumber: 'LOT-D',
      chosenBecause: 'carriesExpiry',
      otherProducts: [{ barcode: plain, barcodeFormat: 'EAN13', expiryDate: null, batchNumber: null }],
    });
  });

  it('takes the reading of an EAN-13 most scan lines agree on, not a misread edge read first (issue 28, item 15)', async () => {
    const photo = await packPhoto({
      barcode: { text: ean13, format: 'EAN13', edgeOf: gtinOf('629666666666').slice(1) },
    });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer.data).toMatchObject({
      productId: product.id,
      barcode: gtin14,
      chosenBecause: 'onlyProduct',
      otherProducts: [],
    });
  });

  it('reads a GS1 Digital Link in a QR Code like a GS1 element string (issue 28, item 16)', async () => {
    const photo = await packPhoto({
      barcode: { text: `https://brand.example/p/01/${ean13}/10/LOT-DL?17=271231&linkType=gs1%3Apip`, format: 'QRCode' },
    });
    const answer = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(answer.data).toMatchObject({
      productId: product.id,
      barcode: gtin14,
      barcodeFormat: 'QRCode',
      batchNumber: 'LOT-DL',
      expiryDate: '2027-12-31',
    });
  });

  it('reads a plain EAN-13 in a JPEG and the expiry date printed beside it, as printed, not the manufacturing date', async () => {
    const photo = await packPhoto({
      barcode: { text: ean13, format: 'EAN13' },
      name: 'Photo Tablets',
      print: ['LOT: K7781', 'MFG: 03/2026', 'EXP: 08/2027'],
      as: 'jpeg',
    });
    const known = (await upload(photo, 'image/jpeg', 'pack.jpg').expect(200)).body as Recognition;
    expect(known.data).toMatchObject({
      productId: product.id,
      drugName: product.name,
      confidence: 1,
      expiryDate: '08/2027',
      batchNumber: null,
    });
  });

  it('takes the name printed largest for a barcode the catalogue does not know, and says what it read', async () => {
    const other = '629111111111';
    const photo = await packPhoto({
      barcode: { text: other + checkDigit(other), format: 'EAN13' },
      name: 'Zentrol 40 mg',
      print: ['28 gastro-resistant tablets', 'EXP 03/29'],
    });
    const unknown = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(unknown.data).toMatchObject({
      drugName: 'Zentrol 40 mg',
      confidence: 0.5,
      expiryDate: '03/29',
      suggestedProduct: { name: 'Zentrol 40 mg', description: '', sku: `0${other}${checkDigit(other)}` },
      productId: null,
    });
    expect(unknown.message).toBe(
      'Read the barcode (the product is not in the catalogue yet), the name printed largest on the pack, the expiry date. Check the details before saving.',
    );
  });

  it('reads a pack without a barcode from its print alone', async () => {
    const photo = await packPhoto({ name: 'Ventacalm 5 mg', print: ['30 tablets', 'MFG: 01/2026', 'EXP: 11/2028'] });
    const printed = (await upload(photo, 'image/png').expect(200)).body as Recognition;
    expect(printed.data).toEqual({
      drugName: 'Ventacalm 5 mg',
      confidence: 0.3,
      expiryDate: '11/2028',
      suggestedProduct: { name: 'Ventacalm 5 mg', description: '', sku: '' },
      barcode: null,
      batchNumber: null,
      productId: null,
      barcodeFormat: null,
      chosenBecause: null,
      otherProducts: [],
    });
  });

  it('refuses what it cannot read, with a message a person can act on', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const none = await upload(blank, 'image/png').expect(422);
    expect(none.body).toMatchObject({ code: 'NOTHING_RECOGNISED' });
    expect(none.body.message).toContain('Neither a barcode nor printed text could be read in the photo.');

    const pdf = await upload(Buffer.from('%PDF-1.4 not a photo'), 'application/pdf', 'scan.pdf').expect(415);
    expect(pdf.body).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(pdf.body.message).toContain('Upload a JPEG, PNG or WebP photo of the pack.');
    // A file that says it is a PNG but is not one.
    const fake = await upload(Buffer.from('hello, I am text'), 'image/png').expect(415);
    expect(fake.body.message).toContain('Upload a JPEG, PNG or WebP photo of the pack.');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await upload(gif, 'image/png').expect(415);

    const huge = await upload(Buffer.alloc(9 * 1024 * 1024, 1), 'image/jpeg', 'huge.jpg').expect(413);
    expect(huge.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(huge.body.message).toContain('The photo is larger than 8 MB.');

    const nothing = await admin.post('/api/products/recognize').field('note', 'no file').expect(415);
    expect(nothing.body.message).toContain('No photo was uploaded.');
  });
});

describe('photo recognition with a vision model', () => {
  const model = fakeOpenAi();
  let app: TestApp;
  let admin: Agent;
  const other = '629222222222';

  beforeAll(async () => {
    const baseUrl = await model.start();
    app = await startTestApp({
      seed: true,
      env: modelEnv(baseUrl, { OPENAI_VISION_MODEL: 'fake-vision-model', AI_RETRIES: '0' }),
    });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  });
  afterAll(async () => {
    await app.stop();
    await model.stop();
  });

  const photo = () =>
    packPhoto({
      barcode: { text: other + checkDigit(other), format: 'EAN13' },
      name: 'LUMORA',
      print: ['EXP: 06/2028'],
      as: 'jpeg',
    });
  const upload = async (image: Buffer) =>
    (
      await admin
        .post('/api/products/recognize')
        .attach('image', image, { filename: 'pack.jpg', contentType: 'image/jpeg' })
        .expect(200)
    ).body as Recognition;

  it('sends the photo with what the server read to the model, and takes its name and description', async () => {
    model.answerWith(() => ({
      status: 200,
      body: completion({
        content: JSON.stringify({
          drugName: 'Lumora 10 mg tablets',
          description: 'Loratadine 10 mg, 30 tablets.',
          expiryDate: '06/2028',
        }),
      }),
    }));
    const answer = await upload(await photo());
    expect(answer.data).toMatchObject({
      drugName: 'Lumora 10 mg tablets',
      confidence: 0.8,
      expiryDate: '06/2028',
      suggestedProduct: {
        name: 'Lumora 10 mg tablets',
        description: 'Loratadine 10 mg, 30 tablets.',
        sku: `0${other}${checkDigit(other)}`,
      },
    });
    expect(answer.message).toContain('the name, as the vision model read it');
    const request = model.requests.at(-1) as {
      model: string;
      authorization: string;
      messages: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
    };
    expect(request.model).toBe('fake-vision-model');
    expect(request.authorization).toBe('Bearer test-key');
    const parts = request.messages[1]!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts.find((p) => p.type === 'text')!.text).toContain(`GTIN 0${other}${checkDigit(other)}`);
    expect(parts.find((p) => p.type === 'text')!.text).toContain('EXP: 06/2028');
    const image = parts.find((p) => p.type === 'image_url')!.image_url!.url;
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const sent = await sharp(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64')).metadata();
    expect(Math.max(sent.width!, sent.height!)).toBeLessThanOrEqual(1024);
  });

  it('still answers with what the barcode and print say when the model fails, is slow or answers nonsense', async () => {
    for (const reply of [
      () => ({ status: 500, body: { error: { message: 'boom' } } }),
      () => 'hang' as const,
      () => ({ status: 200, body: completion({ content: 'It looks like a box of pills!' }) }),
    ]) {
      model.answerWith(reply);
      const answer = await upload(await photo());
      expect(answer.data).toMatchObject({
        drugName: 'LUMORA',
        confidence: 0.5,
        expiryDate: '06/2028',
        suggestedProduct: { name: 'LUMORA', description: '' },
      });
    }
  });
});
