import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/full';
import { demoAccounts, startTestApp, unique, type TestApp } from '@pharmacy/test-harness';

/** Add Product by Photo (issue 12): the pack's barcodes read on the server, on images generated here. */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;

/** A pack photo: a barcode drawn by zxing, on a white card with a margin, as PNG (or JPEG). */
async function packPhoto(text: string, format: 'DataMatrix' | 'EAN13', as: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const written = await writeBarcode(text, { format, scale: 6 });
  if (written.error) throw new Error(written.error);
  const symbol = Buffer.from(await written.image!.arrayBuffer());
  const card = sharp(symbol)
    .extend({ top: 80, bottom: 80, left: 120, right: 120, background: '#ffffff' })
    .flatten({ background: '#ffffff' });
  return as === 'png' ? card.png().toBuffer() : card.jpeg({ quality: 90 }).toBuffer();
}

describe('photo recognition', () => {
  let app: TestApp;
  let admin: Agent;
  let product: { id: string; name: string; sku: string };
  const gtin = `0629${String(Date.now()).slice(-8)}`; // 12 digits; the check digit is added below

  const checkDigit = (digits: string) => {
    const sum = [...digits].reverse().reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
    return String((10 - (sum % 10)) % 10);
  };
  const ean13 = gtin.slice(-12).padStart(12, '0') + checkDigit(gtin.slice(-12).padStart(12, '0'));
  const gtin14 = `0${ean13}`;

  const upload = (buffer: Buffer, contentType: string, filename = 'pack.png') =>
    admin.post('/api/products/recognize').attach('image', buffer, { filename, contentType });

  beforeAll(async () => {
    await prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/full/zxing_full.wasm')) },
      fireImmediately: true,
    });
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
    const photo = await packPhoto(`(01)${gtin14}(17)271231(10)LOT-PH1`, 'DataMatrix');
    const answer = (await upload(photo, 'image/png').expect(200)).body as {
      success: boolean;
      data: Record<string, unknown>;
    };
    expect(answer).toMatchObject({
      success: true,
      data: {
        drugName: product.name,
        confidence: 1,
        expiryDate: '2027-12-31',
        suggestedProduct: { name: product.name, description: 'Film-coated tablets', sku: product.sku },
        barcode: gtin14,
        batchNumber: 'LOT-PH1',
        productId: product.id,
      },
    });
  });

  it('reads a plain EAN-13 in a JPEG, and says so when the catalogue does not know it', async () => {
    const known = (await upload(await packPhoto(ean13, 'EAN13', 'jpeg'), 'image/jpeg', 'pack.jpg').expect(200))
      .body as {
      data: { productId: string; expiryDate: string | null };
    };
    expect(known.data).toMatchObject({ productId: product.id, expiryDate: null });
    const other = '629111111111';
    const unknown = (await upload(await packPhoto(other + checkDigit(other), 'EAN13'), 'image/png').expect(200))
      .body as {
      message: string;
      data: { drugName: string | null; confidence: number; suggestedProduct: { sku: string } };
    };
    expect(unknown.data).toMatchObject({
      drugName: null,
      confidence: 0.5,
      suggestedProduct: { sku: `0${other}${checkDigit(other)}` },
    });
    expect(unknown.message).toBe('Read the barcode; the product is not in the catalogue yet.');
  });

  it('refuses what it cannot read, with a message a person can act on', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const none = await upload(blank, 'image/png').expect(422);
    expect(none.body).toMatchObject({ code: 'NOTHING_RECOGNISED' });
    expect(none.body.message).toContain('No barcode could be read in the photo.');

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
