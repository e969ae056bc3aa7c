import { describe, expect, it } from '@jest/globals';
import type { OfflineCatalogue } from '@pharmacy/contracts';
import {
  fefoOrder,
  priceLocalSale,
  scanLocal,
  searchLocal,
  takeFromBatch,
  withoutSold,
  type OfflineBatch,
  type OfflineProduct,
} from './local-catalogue';
import { anOfflineBatch, anOfflineProduct } from '../../../test/offline';

const TODAY = '2026-11-22';
const PACKS = '7a1b2c3d-0000-4000-8000-0000000000a1';
const PILLS = '7a1b2c3d-0000-4000-8000-0000000000a2';

function aProduct(overrides: Partial<OfflineProduct> = {}): OfflineProduct {
  return anOfflineProduct({
    id: PACKS,
    nameAr: 'باراسيتامول ٥٠٠ ملغ',
    genericName: 'Paracetamol',
    genericNameAr: 'باراسيتامول',
    price: '10.00',
    ...overrides,
  });
}

function aBatch(id: string, overrides: Partial<OfflineBatch> = {}): OfflineBatch {
  return anOfflineBatch({
    id,
    productId: PACKS,
    batchNumber: `LOT-${id.slice(-2)}`,
    expiryDate: '2027-06-30',
    receivedDate: '2026-10-01',
    ...overrides,
  });
}

function aCatalogue(products: OfflineProduct[], batches: OfflineBatch[]): OfflineCatalogue {
  return {
    pharmacyId: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
    generatedAt: '2026-11-22T08:00:00.000Z',
    priceWindowHours: 24,
    products,
    batches,
  };
}

const ids = (batches: readonly OfflineBatch[]) => batches.map((batch) => batch.id);
const line = (
  productId: string,
  quantity: number,
  salesUnit: 'whole' | 'pill' = 'whole',
  batchId: string | null = null,
) => ({
  productId,
  quantity,
  salesUnit,
  batchId,
});

describe('FEFO on the till’s copy (as the server allocates)', () => {
  it('takes the earliest expiry first, then the batch received first, then the lowest id', () => {
    const batches = [
      aBatch('b-04', { expiryDate: '2027-03-01', receivedDate: '2026-01-01' }),
      aBatch('b-03', { expiryDate: '2027-01-01', receivedDate: '2026-09-01' }),
      aBatch('b-02', { expiryDate: '2027-01-01', receivedDate: '2026-08-01' }),
      aBatch('b-01', { expiryDate: '2027-01-01', receivedDate: '2026-09-01' }),
    ];
    expect(ids(fefoOrder(batches, { productId: PACKS, unit: 'pack', unitsPerPackage: 1 }, TODAY))).toEqual([
      'b-02',
      'b-01',
      'b-03',
      'b-04',
    ]);
  });

  it('leaves out batches expired before today (not on their last day), received after today, empty, or of another product', () => {
    const batches = [
      aBatch('b-01', { expiryDate: '2026-11-21' }),
      aBatch('b-02', { expiryDate: TODAY }),
      aBatch('b-03', { receivedDate: '2026-11-23' }),
      aBatch('b-04', { quantity: 0 }),
      aBatch('b-05', { productId: PILLS }),
    ];
    expect(ids(fefoOrder(batches, { productId: PACKS, unit: 'pack', unitsPerPackage: 1 }, TODAY))).toEqual(['b-02']);
  });

  it('sells single units from opened packs first, then opens sealed packs one by one', () => {
    const batch = aBatch('b-01', { productId: PILLS, quantity: 3, looseUnits: 4 });
    expect(takeFromBatch(batch, 'unit', 10, 3)).toMatchObject({ quantity: 3, looseUnits: 1 });
    expect(takeFromBatch(batch, 'unit', 10, 15)).toMatchObject({ quantity: 1, looseUnits: 9 });
    expect(takeFromBatch(batch, 'pack', 10, 2)).toMatchObject({ quantity: 1, looseUnits: 4 });
    // A batch with only opened packs can still sell units, not packs.
    const opened = aBatch('b-02', { productId: PILLS, quantity: 0, looseUnits: 6 });
    expect(ids(fefoOrder([opened], { productId: PILLS, unit: 'unit', unitsPerPackage: 10 }, TODAY))).toEqual(['b-02']);
    expect(fefoOrder([opened], { productId: PILLS, unit: 'pack', unitsPerPackage: 10 }, TODAY)).toEqual([]);
  });
});

describe('prices of an offline sale, in whole cents', () => {
  it('charges each batch its share of the list price less its own discount', () => {
    const catalogue = aCatalogue(
      [aProduct()],
      [
        aBatch('b-01', { expiryDate: '2027-01-01', quantity: 2, discountPercentage: '25.00' }),
        aBatch('b-02', { expiryDate: '2027-02-01', quantity: 5 }),
      ],
    );
    const priced = priceLocalSale(catalogue, [line(PACKS, 3)], TODAY);
    if (!priced.ok) throw new Error(priced.problem.code);
    const [sold] = priced.lines;
    expect(sold?.allocations.map((a) => [a.batchId, a.quantity, a.totalCents, a.discountCents])).toEqual([
      ['b-01', 2, 1500n, 500n],
      ['b-02', 1, 1000n, 0n],
    ]);
    expect([sold?.totalCents, sold?.discountCents, sold?.unitPrice, priced.totalCents]).toEqual([
      2500n,
      500n,
      '10.00',
      2500n,
    ]);
    expect(priced.batches.map((batch) => batch.quantity)).toEqual([0, 4]);
  });

  it('prices single units from the pack price by running sums, so the shares add up to the line', () => {
    // 2.50 a pack of 3 pills: 1 pill 0.83, 4 pills 3.33 (not 4 × 0.83).
    const catalogue = aCatalogue(
      [aProduct({ id: PILLS, price: '2.50', salesUnit: 'pill', unitsPerPackage: 3 })],
      [
        aBatch('b-01', {
          productId: PILLS,
          expiryDate: '2027-01-01',
          quantity: 0,
          looseUnits: 1,
          discountPercentage: '10.00',
        }),
        aBatch('b-02', { productId: PILLS, expiryDate: '2027-02-01', quantity: 4 }),
      ],
    );
    const priced = priceLocalSale(catalogue, [line(PILLS, 4, 'pill')], TODAY);
    if (!priced.ok) throw new Error(priced.problem.code);
    const [sold] = priced.lines;
    // 0.83 less 10 % (0.083, rounded half away from zero: 0.08), then 3.33 - 0.83 = 2.50.
    expect(sold?.allocations.map((a) => [a.quantity, a.totalCents, a.discountCents])).toEqual([
      [1, 75n, 8n],
      [3, 250n, 0n],
    ]);
    expect([sold?.unitPrice, sold?.totalCents]).toEqual(['0.8333', 325n]);
    expect(priced.batches.map((batch) => [batch.quantity, batch.looseUnits])).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });

  it('lets two lines of one product share its stock, and adds totals exactly (0.10 + 0.20 = 0.30)', () => {
    const catalogue = aCatalogue(
      [aProduct({ price: '0.10' }), aProduct({ id: PILLS, price: '0.20', sku: 'OTHER', barcode: null })],
      [aBatch('b-01', { quantity: 2 }), aBatch('b-02', { productId: PILLS, quantity: 1 })],
    );
    const priced = priceLocalSale(catalogue, [line(PACKS, 2), line(PILLS, 1), line(PACKS, 1)], TODAY);
    if (!priced.ok) throw new Error(priced.problem.code);
    expect(priced.totalCents).toBe(50n);
    // The first line took both packs: the third finds none left.
    expect(priced.lines.map((sold) => sold.shortfall)).toEqual([0, 0, 1]);
    expect(priceLocalSale(catalogue, [line(PACKS, 1), line(PILLS, 1)], TODAY)).toMatchObject({ totalCents: 30n });
  });

  it('sells what the copy does not hold at the list price after the batches, as a shortfall', () => {
    const catalogue = aCatalogue([aProduct()], [aBatch('b-01', { quantity: 2, discountPercentage: '50.00' })]);
    const priced = priceLocalSale(catalogue, [line(PACKS, 5)], TODAY);
    if (!priced.ok) throw new Error(priced.problem.code);
    expect(priced.lines[0]).toMatchObject({ shortfall: 3, totalCents: 1000n + 3000n, discountCents: 1000n });
    expect(priced.batches[0]?.quantity).toBe(0);
  });

  it('sells a scanned batch only from that batch', () => {
    const catalogue = aCatalogue(
      [aProduct()],
      [
        aBatch('b-01', { expiryDate: '2027-01-01' }),
        aBatch('b-02', { expiryDate: '2027-05-01', discountPercentage: '20.00' }),
      ],
    );
    const priced = priceLocalSale(catalogue, [line(PACKS, 1, 'whole', 'b-02')], TODAY);
    expect(priced.ok && priced.lines[0]?.allocations.map((a) => [a.batchId, a.totalCents])).toEqual([['b-02', 800n]]);
  });

  it('refuses what the server would refuse whatever the stock', () => {
    const catalogue = aCatalogue(
      [aProduct(), aProduct({ id: PILLS, salesUnit: 'pill', unitsPerPackage: 1 })],
      [aBatch('b-01', { expiryDate: '2026-11-01' })],
    );
    expect(priceLocalSale(catalogue, [line('7a1b2c3d-0000-4000-8000-0000000000ff', 1)], TODAY)).toEqual({
      ok: false,
      problem: { code: 'NOT_IN_COPY', productId: '7a1b2c3d-0000-4000-8000-0000000000ff' },
    });
    expect(priceLocalSale(catalogue, [line(PACKS, 1, 'pill')], TODAY)).toMatchObject({
      problem: { code: 'SALES_UNIT_NOT_OFFERED' },
    });
    expect(priceLocalSale(catalogue, [line(PILLS, 1, 'pill')], TODAY)).toMatchObject({
      problem: { code: 'SALES_UNIT_NOT_OFFERED' },
    });
    expect(priceLocalSale(catalogue, [line(PACKS, 1, 'whole', 'b-01')], TODAY)).toMatchObject({
      problem: { code: 'BATCH_EXPIRED', batchId: 'b-01' },
    });
  });

  it('takes sales the copy does not count yet off a fresh copy, never below zero', () => {
    const batches = [aBatch('b-01', { quantity: 2 }), aBatch('b-02', { productId: PILLS, quantity: 1, looseUnits: 2 })];
    const after = withoutSold(batches, [
      { batchId: 'b-01', salesUnit: 'whole', unitsPerPackage: 1, quantity: 5 },
      { batchId: 'b-02', salesUnit: 'pill', unitsPerPackage: 10, quantity: 4 },
      { batchId: 'gone', salesUnit: 'whole', unitsPerPackage: 1, quantity: 1 },
    ]);
    expect(after.map((batch) => [batch.id, batch.quantity, batch.looseUnits])).toEqual([
      ['b-01', 0, 0],
      ['b-02', 0, 8],
    ]);
  });
});

describe('searching and scanning the copy', () => {
  const catalogue = aCatalogue(
    [
      aProduct(),
      aProduct({
        id: PILLS,
        sku: 'IBU-200',
        barcode: '4006381333931',
        name: 'Ibuprofen 200 mg',
        nameAr: 'ايبوبروفين',
        genericName: 'Ibuprofen',
        genericNameAr: null,
      }),
    ],
    [
      aBatch('b-01', { batchNumber: 'LOT-7', quantity: 4 }),
      aBatch('b-02', { batchNumber: 'OLD', expiryDate: '2026-11-01' }),
    ],
  );

  it('finds products by name in either language, generic name, SKU or barcode, with their packs in stock', () => {
    expect(searchLocal(catalogue, 'parac', TODAY).map((product) => [product.name, product.totalStock])).toEqual([
      ['Paracetamol 500 mg', 4],
    ]);
    expect(searchLocal(catalogue, 'ايبو', TODAY).map((product) => product.sku)).toEqual(['IBU-200']);
    expect(searchLocal(catalogue, 'ibu-200', TODAY).map((product) => product.sku)).toEqual(['IBU-200']);
    expect(searchLocal(catalogue, '50123', TODAY).map((product) => product.sku)).toEqual(['PAR-500-20']);
    // "mg" is in both names: alphabetical; an exact code comes first whatever its name.
    expect(searchLocal(catalogue, 'mg', TODAY).map((product) => product.sku)).toEqual(['IBU-200', 'PAR-500-20']);
    expect(searchLocal(catalogue, '   ', TODAY)).toEqual([]);
  });

  it('finds an Arabic name however its hamza, tashkeel, taa marbuta or digits are typed, as the server does', () => {
    // The catalogue holds 'ايبوبروفين' and 'باراسيتامول ٥٠٠ ملغ'.
    expect(searchLocal(catalogue, 'إيبوبروفين', TODAY).map((product) => product.sku)).toEqual(['IBU-200']);
    expect(searchLocal(catalogue, 'بَاراسيتامول', TODAY).map((product) => product.sku)).toEqual(['PAR-500-20']);
    expect(searchLocal(catalogue, 'باراسيتامول 500', TODAY).map((product) => product.sku)).toEqual(['PAR-500-20']);
  });

  it('reads a barcode, a SKU or a GS1 code, with the batch it names when the copy holds it', () => {
    expect(scanLocal(catalogue, '5012345678900', TODAY)).toMatchObject({
      kind: 'found',
      product: { id: PACKS },
      batch: null,
    });
    expect(scanLocal(catalogue, 'ibu-200', TODAY)).toMatchObject({ kind: 'found', product: { id: PILLS } });
    expect(scanLocal(catalogue, '(01)05012345678900(17)270630(10)lot-7', TODAY)).toMatchObject({
      kind: 'found',
      batch: { id: 'b-01' },
      batchNumber: 'lot-7',
    });
    expect(scanLocal(catalogue, '(01)05012345678900(10)LOT-9', TODAY)).toMatchObject({
      kind: 'found',
      batch: null,
      batchNumber: 'LOT-9',
    });
    expect(scanLocal(catalogue, '(01)05012345678900(10)OLD', TODAY)).toMatchObject({ kind: 'batchExpired' });
    expect(scanLocal(catalogue, 'Paracetamol', TODAY)).toEqual({ kind: 'notFound', code: 'Paracetamol' });
  });
});
