import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { aCategory, aHistoryEntry, aPharmacy, aProduct, aSupplier, CATEGORY_ID, PRODUCT_ID } from '../test/catalogue';
import { fakeResponse } from '../test/fake-response';
import { renderSignedIn } from '../test/signed-in';
import { downtown } from '../test/users';
import { HistoryDrawer } from './history-drawer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const history = [
  aHistoryEntry({
    position: '1',
    type: 'ProductRegistered',
    userName: null,
    data: {
      details: { name: 'Paracetamol 500 mg', sku: 'PAR-500-20', barcode: null, minStockLevel: 10, maxStockLevel: 1000 },
      pricing: { price: '3.50', cost: null },
      commission: { commissionRate: '0.00', commissionEnabled: false },
    },
  }),
  aHistoryEntry({
    position: '2',
    type: 'ProductPriceChanged',
    occurredAt: '2026-11-02T08:15:00.000Z',
    userId: 'u1',
    userName: 'Sara Haddad',
    data: { price: '3.75', cost: null, previousPrice: '3.50', previousCost: null },
  }),
  aHistoryEntry({
    position: '3',
    type: 'ProductDetailsChanged',
    userName: 'Sara Haddad',
    data: {
      changes: { categoryId: CATEGORY_ID, requiresPrescription: true },
      previous: { categoryId: null, requiresPrescription: false },
    },
  }),
  aHistoryEntry({
    position: '4',
    type: 'BatchReceived',
    userName: 'Layla Nasser',
    data: {
      batchNumber: 'LOT-42',
      quantity: 24,
      expiryDate: '2027-03-31',
      purchasePrice: null,
      pharmacyId: downtown.id,
    },
  }),
];

function renderDrawer(language: 'en' | 'ar' = 'en', entries = history) {
  return renderSignedIn(
    <HistoryDrawer
      open
      onOpenChange={() => {}}
      subject={{ kind: 'product', id: PRODUCT_ID }}
      title="Paracetamol 500 mg"
    />,
    {
      language,
      routes: {
        [`GET /api/products/${PRODUCT_ID}/history`]: () => fakeResponse(200, entries),
        'GET /api/products': () => fakeResponse(200, [aProduct()]),
        'GET /api/categories': () => fakeResponse(200, [aCategory()]),
        'GET /api/suppliers': () => fakeResponse(200, [aSupplier()]),
        'GET /api/pharmacies': () => fakeResponse(200, [aPharmacy()]),
      },
    },
  );
}

describe('HistoryDrawer', () => {
  it('tells every event in plain words, newest first, with who and what changed', async () => {
    renderDrawer();
    const drawer = await screen.findByRole('dialog', { name: 'History' });
    const items = await within(drawer).findAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'Stock received',
      'Details changed',
      'Price changed',
      'Product added',
    ]);
    const [received, details, price, added] = items.map((item) => within(item));
    expect(items[2]?.textContent).toContain('By Sara Haddad');
    expect(items[3]?.textContent).toContain('By System');
    expect(price!.getByText('$3.50')).toBeTruthy();
    expect(price!.getByText('$3.75')).toBeTruthy();
    expect(price!.getByRole('img', { name: 'changed to' })).toBeTruthy();
    expect(price!.getByText(/Nov 2, 2026/)).toBeTruthy();
    expect(await details!.findByText('Analgesics')).toBeTruthy();
    expect(details!.getByText('Prescription required')).toBeTruthy();
    expect(details!.getByText('Yes')).toBeTruthy();
    expect(added!.getByText('PAR-500-20')).toBeTruthy();
    expect(received!.getByText('LOT-42')).toBeTruthy();
    expect(received!.getByText('Mar 31, 2027')).toBeTruthy();
    expect(await received!.findByText(downtown.name)).toBeTruthy();
  });

  it('reads the whole catalogue only for an entry that names a product by its id', async () => {
    const { callsTo, unmount } = renderDrawer();
    await screen.findByText('Stock received');
    expect(await screen.findByText('Analgesics')).toBeTruthy();
    expect(callsTo('GET', '/api/products')).toEqual([]);
    unmount();

    const other = '7a1b2c3d-0000-4000-8000-0000000000ff';
    const moved = aHistoryEntry({
      position: '9',
      type: 'BatchCorrected',
      data: { changes: { productId: PRODUCT_ID }, previous: { productId: other } },
    });
    const second = renderDrawer('en', [moved]);
    expect(await screen.findByText('Paracetamol 500 mg', { selector: 'dd *, dd' })).toBeTruthy();
    expect(screen.getByText('Unknown (000000ff)')).toBeTruthy();
    expect(second.callsTo('GET', '/api/products')).toHaveLength(1);
  });

  it('speaks Arabic in Arabic', async () => {
    renderDrawer('ar');
    const drawer = await screen.findByRole('dialog', { name: 'السجل' });
    expect(await within(drawer).findByText('تغيّر السعر')).toBeTruthy();
    expect(drawer.textContent).toContain('بواسطة النظام');
    expect(await within(drawer).findByText('مسكنات الألم')).toBeTruthy();
  });
});
