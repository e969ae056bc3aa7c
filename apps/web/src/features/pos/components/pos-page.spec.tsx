import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { SaleDetail } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayIso } from '../../../lib/dates';
import { aBatch, aProduct, PRODUCT_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser, downtown } from '../../../test/users';
import { PosPage } from './pos-page';

const realFetch = globalThis.fetch;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SALE_ID = '9a1b2c3d-0000-4000-8000-00000000abcd';
const paracetamol = aProduct({ price: '4.99', salesUnit: 'pill', unitsPerPackage: 10, totalStock: 12 });
const search = (q: string) => `GET /api/products/search?${new URLSearchParams({ q, pharmacyId: downtown.id })}`;
const GS1 = `(01)05012345678900(17)${addDays(todayIso(), 90).slice(2).replaceAll('-', '')}(10)LOT-7`;

function aSale(overrides: Partial<SaleDetail> = {}): SaleDetail {
  return {
    id: SALE_ID,
    pharmacyId: downtown.id,
    pharmacyName: downtown.name,
    userId: null,
    userName: 'Sara Haddad',
    customerName: 'Rana',
    customerPhone: null,
    notes: null,
    totalAmount: '11.48',
    cashReceived: '20.00',
    change: '8.52',
    refundedAmount: '0.00',
    itemCount: 5,
    createdAt: '2026-11-22T10:00:00.000Z',
    offlineNumber: null,
    offline: null,
    pharmacy: {
      name: downtown.name,
      nameAr: downtown.nameAr,
      address: '12 King Faisal Street',
      addressAr: null,
      phone: null,
    },
    lines: [
      {
        lineIndex: 0,
        productId: PRODUCT_ID,
        productName: 'Paracetamol 500 mg',
        productNameAr: 'باراسيتامول ٥٠٠ ملغ',
        sku: 'PAR-500-20',
        salesUnit: 'whole',
        unitsPerPackage: 10,
        quantity: 2,
        returnedQuantity: 0,
        unitPrice: '4.99',
        totalPrice: '9.98',
        commissionEnabled: false,
        commissionRate: '0.00',
        commissionAmount: '0.00',
        discountAmount: '0.00',
        allocations: [
          {
            batchId: '7a1b2c3d-0000-4000-8000-0000000000b1',
            batchNumber: 'LOT-1',
            expiryDate: '2027-06-30',
            quantity: 2,
            returnedQuantity: 0,
            totalPrice: '9.98',
            commissionAmount: '0.00',
            discountPercentage: null,
            discountAmount: '0.00',
          },
        ],
      },
    ],
    returns: [],
    ...overrides,
  };
}

function renderPos({
  routes = {},
  language = 'en',
}: { routes?: Record<string, FakeHandler>; language?: 'en' | 'ar' } = {}) {
  return renderSignedIn(<PosPage />, {
    user: aUser(),
    language,
    routes: {
      [`GET /api/sales?${new URLSearchParams({ limit: '8', pharmacyId: downtown.id })}`]: () => fakeResponse(200, []),
      ...routes,
    },
  });
}

const scanBox = () => screen.getByRole('textbox', { name: 'Barcode or SKU' });
const cart = () => within(screen.getByRole('region', { name: 'Cart' }));
const scanIn = (value: string) => {
  fireEvent.change(scanBox(), { target: { value } });
  fireEvent.submit(scanBox().closest('form')!);
};

describe('Point of sale', () => {
  it('adds a scanned barcode or SKU by Enter, one more on every scan, and returns the focus to the scan box', async () => {
    renderPos({
      routes: {
        [search('5012345678900')]: () => fakeResponse(200, [paracetamol]),
        [search('par-500-20')]: () => fakeResponse(200, [paracetamol]),
      },
    });
    scanIn('5012345678900');
    expect(await cart().findByText('Paracetamol 500 mg')).toBeTruthy();
    scanIn('par-500-20');
    await waitFor(() => expect((cart().getByRole('spinbutton') as HTMLInputElement).value).toBe('2'));
    await waitFor(() => expect(document.activeElement).toBe(scanBox()));
    expect(cart().getByTestId('cart-total').textContent).toContain('$9.98');
  });

  it('says so when nothing matches exactly', async () => {
    renderPos({ routes: { [search('0000')]: () => fakeResponse(200, [paracetamol]) } });
    scanIn('0000');
    expect((await screen.findAllByText('No product found with barcode: 0000')).length).toBeGreaterThan(0);
    expect(cart().getByText('The cart is empty. Scan a product to start a sale.')).toBeTruthy();
  });

  it('sells the batch a GS1 code names', async () => {
    const { callsTo } = renderPos({
      routes: {
        [search(GS1)]: () => fakeResponse(200, [paracetamol]),
        [`GET /api/inventory?pharmacyId=${downtown.id}`]: () =>
          fakeResponse(200, [aBatch({ batchNumber: 'LOT-7', expiryDate: addDays(todayIso(), 90) })]),
        'POST /api/sales/complete': () => fakeResponse(201, aSale()),
      },
    });
    scanIn(GS1);
    expect(await cart().findByText('LOT-7')).toBeTruthy();
    expect(cart().getByText('LOT-7').parentElement?.textContent).toBe('Batch LOT-7');
    fireEvent.click(cart().getByRole('button', { name: /Checkout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Cash received/ }), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await waitFor(() => expect(callsTo('POST', '/api/sales/complete')).toHaveLength(1));
    expect(callsTo('POST', '/api/sales/complete')[0]?.body).toMatchObject({
      items: [{ productId: PRODUCT_ID, quantity: 1, salesUnit: 'whole', batchId: aBatch().id }],
    });
  });

  it('searches from 2 characters, with a quantity and a sales unit for each result', async () => {
    const { callsTo } = renderPos({ routes: { [search('pa')]: () => fakeResponse(200, [paracetamol]) } });
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'p' } });
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'pa' } });
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Quantity of Paracetamol 500 mg' }), {
      target: { value: '3' },
    });
    expect(screen.getByText(/12 packs in stock/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Paracetamol 500 mg to the cart' }));
    await waitFor(() => expect((cart().getByRole('spinbutton') as HTMLInputElement).value).toBe('3'));
    expect(callsTo('GET', search('p'))).toEqual([]);
  });

  it('keeps the cart rules: the decrease button stops at 1, Clear All empties it', async () => {
    renderPos({ routes: { [search('PAR-500-20')]: () => fakeResponse(200, [paracetamol]) } });
    scanIn('PAR-500-20');
    const less = await cart().findByRole('button', { name: 'One less Paracetamol 500 mg' });
    expect(less).toHaveProperty('disabled', true);
    fireEvent.click(cart().getByRole('button', { name: 'One more Paracetamol 500 mg' }));
    expect((cart().getByRole('spinbutton') as HTMLInputElement).value).toBe('2');
    fireEvent.click(cart().getByRole('button', { name: /Clear All/ }));
    expect(cart().getByText('The cart is empty. Scan a product to start a sale.')).toBeTruthy();
  });

  it('checks out with an Idempotency-Key, refuses short cash first, shows the change and then the receipt', async () => {
    const { callsTo } = renderPos({
      routes: {
        [search('PAR-500-20')]: () => fakeResponse(200, [paracetamol]),
        'POST /api/sales/complete': () => fakeResponse(201, aSale()),
        [`GET /api/sales/${SALE_ID}`]: () => fakeResponse(200, aSale()),
      },
    });
    scanIn('PAR-500-20');
    scanIn('PAR-500-20');
    await waitFor(() => expect((cart().getByRole('spinbutton') as HTMLInputElement).value).toBe('2'));
    fireEvent.keyDown(window, { key: 'F9' });
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByTestId('checkout-total').textContent).toBe('$9.98');
    const cash = within(dialog).getByRole('spinbutton', { name: /Cash received/ });
    fireEvent.change(cash, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect((await screen.findAllByText('Cash received is less than the total amount')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/sales/complete')).toEqual([]);
    fireEvent.change(cash, { target: { value: '20' } });
    expect(within(dialog).getByTestId('checkout-change').textContent).toBe('$10.02');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customer name' }), { target: { value: 'Rana' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    const receipt = await screen.findByRole('dialog', { name: 'Sale #0000ABCD' });
    expect(within(receipt).getByRole('article', { name: 'Receipt' }).textContent).toContain(
      'Batch LOT-1, expires Jun 30, 2027',
    );
    const [call] = callsTo('POST', '/api/sales/complete');
    expect(call?.body).toEqual({
      customerName: 'Rana',
      customerPhone: null,
      notes: null,
      cashReceived: '20.00',
      items: [{ productId: PRODUCT_ID, quantity: 2, salesUnit: 'whole', batchId: null }],
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    fireEvent.click(within(receipt).getByRole('button', { name: 'New sale' }));
    expect(await cart().findByText('The cart is empty. Scan a product to start a sale.')).toBeTruthy();
  });

  it('explains a refused checkout in Arabic, naming the product and what is left', async () => {
    renderPos({
      language: 'ar',
      routes: {
        [search('PAR-500-20')]: () => fakeResponse(200, [paracetamol]),
        'POST /api/sales/complete': () =>
          fakeResponse(409, {
            statusCode: 409,
            code: 'INSUFFICIENT_STOCK',
            message: 'Only 1 pack of Paracetamol 500 mg can be sold here (2 asked).',
            productId: PRODUCT_ID,
            available: 1,
          }),
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'الباركود أو رمز المنتج' }), {
      target: { value: 'PAR-500-20' },
    });
    fireEvent.submit(screen.getByRole('textbox', { name: 'الباركود أو رمز المنتج' }).closest('form')!);
    const cartRegion = within(screen.getByRole('region', { name: 'السلة' }));
    await cartRegion.findByText('باراسيتامول ٥٠٠ ملغ');
    fireEvent.click(cartRegion.getByRole('button', { name: /الدفع/ }));
    const dialog = await screen.findByRole('dialog', { name: 'الدفع' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /المبلغ النقدي المستلم/ }), {
      target: { value: '50' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'إتمام البيع' }));
    expect((await screen.findAllByText('فشل الدفع')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('لا يمكن بيع أكثر من 1 × عبوة كاملة من باراسيتامول ٥٠٠ ملغ هنا.').length,
    ).toBeGreaterThan(0);
  });

  it('reprints and takes a return from a recent sale', async () => {
    const { callsTo } = renderPos({
      routes: {
        [`GET /api/sales?${new URLSearchParams({ limit: '8', pharmacyId: downtown.id })}`]: () =>
          fakeResponse(200, [aSale()]),
        [`GET /api/sales/${SALE_ID}`]: () => fakeResponse(200, aSale()),
        [`POST /api/sales/${SALE_ID}/returns`]: () =>
          fakeResponse(201, {
            returnId: SALE_ID,
            saleId: SALE_ID,
            returnedAt: '2026-11-22T11:00:00.000Z',
            reason: 'Wrong strength',
            refundAmount: '4.99',
            userName: 'Sara Haddad',
            lines: [{ lineIndex: 0, quantity: 1, refund: '4.99', restocked: 1 }],
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Open sale #0000ABCD / }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale #0000ABCD' });
    expect(await within(dialog).findByRole('button', { name: /Reprint receipt/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Return items/ }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Return how many Paracetamol 500 mg (up to 2)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund and return' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Wrong strength' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund and return' }));
    expect((await screen.findAllByText('$4.99 to refund to the customer.')).length).toBeGreaterThan(0);
    expect(callsTo('POST', `/api/sales/${SALE_ID}/returns`)[0]?.body).toEqual({
      reason: 'Wrong strength',
      lines: [{ lineIndex: 0, quantity: 1 }],
    });
  });
});
