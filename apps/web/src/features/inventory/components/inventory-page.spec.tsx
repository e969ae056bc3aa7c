import { afterEach, describe, expect, it } from '@jest/globals';
import type { InventoryBatch } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayIso } from '../../../lib/dates';
import { aBatch, aPharmacy, aProduct, PRODUCT_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import { type FakeHandler, type RecordedCall } from '../../../test/fake-server';
import { batches, batchId, inventoryServer } from '../../../test/inventory';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser, downtown } from '../../../test/users';
import type { InventoryTab } from '../inventory-tabs';
import { InventoryPage } from './inventory-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const today = todayIso();
const inDays = (days: number) => addDays(today, days);
const GTIN = '05012345678900';
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

function renderPage({
  tab = 'batches',
  routes = {},
  inventory = batches,
  language = 'en',
}: {
  tab?: InventoryTab;
  routes?: Record<string, FakeHandler>;
  inventory?: InventoryBatch[];
  language?: 'en' | 'ar';
} = {}) {
  return renderSignedIn(<InventoryPage tab={tab} />, {
    user: aUser(),
    language,
    path: '/inventory',
    routes: { ...inventoryServer(inventory), ...routes },
  });
}

/** The query of each GET of `path` (e.g. `/api/inventory`), in order. */
const queriesTo = (calls: readonly RecordedCall[], path: string) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.split('?')[0] === path)
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

const table = () => within(screen.getByRole('table'));
const batchRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Batch Management', () => {
  it('lists the server’s first page, most urgent first, with status, units, receipt date and location', async () => {
    const { calls } = renderPage();
    await screen.findAllByText('OLD-1');
    expect(batchRows()).toEqual(['GONE-1', 'OLD-1', 'CRIT-1', 'SOON-1', 'MID-1', 'GOOD-1']);
    expect(queriesTo(calls, '/api/inventory')).toContainEqual({ sort: 'expiry', limit: '50', offset: '0' });
    const row = (text: string) => within(table().getByText(text).closest('tr')!);
    expect(row('OLD-1').getByText('Expired')).toBeTruthy();
    expect(row('SOON-1').getByText('Expires Soon')).toBeTruthy();
    expect(row('MID-1').getByText('Expiring')).toBeTruthy();
    expect(row('GOOD-1').getByText('Good')).toBeTruthy();
    expect(row('GOOD-1').getByText('100 units')).toBeTruthy();
    expect(row('GOOD-1').getByText('6 reserved for transfers')).toBeTruthy();
    expect(row('SOON-1').queryByText(/reserved/)).toBeNull();
    expect(row('GOOD-1').getByText('Received: Oct 1, 2026')).toBeTruthy();
    expect(row('CRIT-1').getByText('Abdoun Branch')).toBeTruthy();
    // Outside the app's router there is no /transfers page to go to (see "Batch Management in the app").
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it('names up to three batches to use first, from stock still held, as the server finds them', async () => {
    const { calls } = renderPage();
    const banner = (await screen.findByText('First Expired, First Out')).closest('.rt-CalloutRoot') as HTMLElement;
    const items = within(banner)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/^Paracetamol 500 mg - OLD-1 - Expires /);
    expect(items[1]).toMatch(/CRIT-1/);
    expect(items[2]).toMatch(/SOON-1/);
    expect(queriesTo(calls, '/api/inventory')).toContainEqual({
      status: 'expired,critical,soon',
      inStock: 'true',
      sort: 'expiry',
      limit: '3',
      offset: '0',
    });
  });

  it('has no banner when nothing needs using first', async () => {
    renderPage({ inventory: [batches[0]!, batches[5]!] });
    await screen.findAllByText('GOOD-1');
    expect(screen.queryByText('First Expired, First Out')).toBeNull();
  });

  it('asks the server for a product name or batch number once typing pauses', async () => {
    const { calls } = renderPage();
    await screen.findAllByText('OLD-1');
    fireEvent.change(screen.getByPlaceholderText('Search products or batch numbers...'), { target: { value: 'cri' } });
    fireEvent.change(screen.getByPlaceholderText('Search products or batch numbers...'), { target: { value: 'crit' } });
    await waitFor(() => expect(batchRows()).toEqual(['CRIT-1']));
    const searches = queriesTo(calls, '/api/inventory').filter((query) => query.q !== undefined);
    // Not a call per key: only the text typed when the typing paused, and without the location.
    expect(searches).toEqual([{ q: 'crit', sort: 'expiry', limit: '50', offset: '0' }]);
    fireEvent.change(screen.getByPlaceholderText('Search products or batch numbers...'), {
      target: { value: 'nothing' },
    });
    expect(await screen.findByText('No inventory batches found')).toBeTruthy();
  });

  it('pages 50 at a time on the server, saying which ones it shows', async () => {
    const many = Array.from({ length: 320 }, (_, index) =>
      aBatch({ id: batchId(100 + index), batchNumber: `B-${index}`, expiryDate: inDays(100 + index) }),
    );
    const { calls } = renderPage({ inventory: many });
    expect(await screen.findByText('Showing 1 to 50 of 320 batches')).toBeTruthy();
    expect(batchRows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Previous', '1', '2', '3', '4', '5', '7', 'Next']);
    expect(within(pages).getByText('…')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 7' }));
    expect(await screen.findByText('Showing 301 to 320 of 320 batches')).toBeTruthy();
    expect(batchRows()).toEqual(many.slice(300).map((b) => b.batchNumber));
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(queriesTo(calls, '/api/inventory')).toContainEqual({ sort: 'expiry', limit: '50', offset: '300' });
    // A new search starts again at page 1.
    fireEvent.change(screen.getByPlaceholderText('Search products or batch numbers...'), { target: { value: 'B-1' } });
    // Fifty rows again, after the pause in typing: slower than one row in jsdom.
    expect(await screen.findByText('Showing 1 to 50 of 111 batches', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sorts by a column on the server', async () => {
    const { calls } = renderPage();
    await screen.findAllByText('OLD-1');
    fireEvent.click(screen.getByRole('button', { name: 'Quantity' }));
    await waitFor(() => expect(batchRows()).toEqual(['GOOD-1', 'MID-1', 'SOON-1', 'OLD-1', 'CRIT-1', 'GONE-1']));
    expect(queriesTo(calls, '/api/inventory')).toContainEqual({ sort: '-quantity', limit: '50', offset: '0' });
    expect(screen.getByRole('columnheader', { name: 'Quantity' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows no pagination for a single page', async () => {
    renderPage();
    await screen.findAllByText('OLD-1');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  describe('the batch dialog', () => {
    const openAdd = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Add Batch' }));
      return screen.findByRole('dialog', { name: 'Add New Inventory Batch' });
    };

    it('says what is missing', async () => {
      const { calls } = renderPage();
      const dialog = await openAdd();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
      expect(await within(dialog).findByText('Product is required')).toBeTruthy();
      expect(within(dialog).getByText('Batch number is required')).toBeTruthy();
      // Specification default: quantity 0, which is not positive.
      expect(within(dialog).getByText('Quantity must be positive')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('fills product, batch and expiry from a scanned pack, and receives the batch', async () => {
      const expiry = inDays(20);
      const yymmdd = expiry.slice(2).replaceAll('-', '');
      const scan = `(01)${GTIN}(17)${yymmdd}(10)LOT-42`;
      const { callsTo } = renderPage({
        routes: {
          [`GET /api/products/search?${new URLSearchParams({ q: scan }).toString()}`]: () =>
            fakeResponse(200, [aProduct()]),
          'POST /api/inventory': () => fakeResponse(201, aBatch({ batchNumber: 'LOT-42', expiryDate: expiry })),
        },
      });
      const dialog = await openAdd();
      // Pre-set to the pharmacy the user works in.
      expect(within(dialog).getByRole('combobox', { name: /^Location/ }).textContent).toBe(downtown.name);
      const scanField = within(dialog).getByRole('textbox', { name: 'Scan pack' });
      fireEvent.change(scanField, { target: { value: scan } });
      fireEvent.keyDown(scanField, { key: 'Enter' });
      expect(await within(dialog).findByText(/Filled in from the scan: Paracetamol 500 mg/)).toBeTruthy();
      expect((within(dialog).getByRole('combobox', { name: /^Product/ }) as HTMLInputElement).value).toBe(
        'Paracetamol 500 mg · PAR-500-20',
      );
      expect((within(dialog).getByRole('textbox', { name: /^Batch Number/ }) as HTMLInputElement).value).toBe('LOT-42');
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Quantity/ }), { target: { value: '24' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
      expect((await screen.findAllByText('Inventory batch created successfully')).length).toBeGreaterThan(0);
      expect(callsTo('POST', '/api/inventory')[0]?.body).toEqual({
        productId: PRODUCT_ID,
        pharmacyId: downtown.id,
        batchNumber: 'LOT-42',
        quantity: 24,
        purchasePrice: null,
        expiryDate: expiry,
      });
    });

    it('shows the server’s reason for refusing a malformed code', async () => {
      const scan = '(01)05012345678900(17)271345';
      renderPage({
        routes: {
          [`GET /api/products/search?${new URLSearchParams({ q: scan }).toString()}`]: () =>
            fakeResponse(400, {
              statusCode: 400,
              code: 'INVALID_GS1',
              message: 'The expiry date 271345 in the barcode is not a valid date',
            }),
        },
      });
      const dialog = await openAdd();
      const scanField = within(dialog).getByRole('textbox', { name: 'Scan pack' });
      fireEvent.change(scanField, { target: { value: scan } });
      fireEvent.keyDown(scanField, { key: 'Enter' });
      expect(await within(dialog).findByText('The expiry date 271345 in the barcode is not a valid date')).toBeTruthy();
    });

    it('lists the first products by name, and searches the server for what is typed', async () => {
      const { calls } = renderPage();
      const dialog = await openAdd();
      // Nothing of the catalogue is read before the list opens.
      expect(queriesTo(calls, '/api/products')).toEqual([]);
      const product = within(dialog).getByRole('combobox', { name: /^Product/ });
      fireEvent.click(product);
      expect(await within(dialog).findByRole('option', { name: /Paracetamol/ })).toBeTruthy();
      expect(within(dialog).getAllByRole('option')).toHaveLength(2);
      expect(queriesTo(calls, '/api/products')).toEqual([{ sort: 'name', limit: '50', offset: '0' }]);
      fireEvent.change(product, { target: { value: 'z' } });
      fireEvent.change(product, { target: { value: 'zi' } });
      fireEvent.change(product, { target: { value: 'zin' } });
      await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
      const option = within(dialog).getByRole('option', { name: /Zinc/ });
      expect(queriesTo(calls, '/api/products/search')).toEqual([{ q: 'zin' }]);
      fireEvent.click(option);
      expect((product as HTMLInputElement).value).toBe('Zinc · ZN-1');
    });

    it('offers only products on sale for new stock', async () => {
      renderPage({
        routes: {
          'GET /api/products/search?*': () =>
            fakeResponse(200, [aProduct(), aProduct({ id: 'gone', name: 'Paracetamol old pack', isActive: false })]),
        },
      });
      const dialog = await openAdd();
      fireEvent.change(within(dialog).getByRole('combobox', { name: /^Product/ }), { target: { value: 'parac' } });
      expect(await within(dialog).findByRole('option', { name: /Paracetamol 500 mg/ })).toBeTruthy();
      expect(within(dialog).getAllByRole('option')).toHaveLength(1);
    });

    it('says when nothing matches', async () => {
      renderPage();
      const dialog = await openAdd();
      fireEvent.change(within(dialog).getByRole('combobox', { name: /^Product/ }), { target: { value: 'nothing' } });
      expect(await within(dialog).findByText('No products found')).toBeTruthy();
    });

    it('explains an expiry that contradicts the batch already held, in the reader’s language', async () => {
      const batch = batches[1]!;
      renderPage({
        language: 'ar',
        routes: {
          [`PUT /api/inventory/${batch.id}`]: () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'BATCH_LOCATION_CHANGE',
              message: 'A batch cannot be moved to another location by editing it. Create a stock transfer instead.',
            }),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'تعديل الدفعة SOON-1 من باراسيتامول ٥٠٠ ملغ' }));
      const dialog = await screen.findByRole('dialog', { name: 'تعديل دفعة المخزون' });
      expect((within(dialog).getByRole('spinbutton', { name: /^الكمية/ }) as HTMLInputElement).value).toBe('10');
      expect((within(dialog).getByRole('spinbutton', { name: /^سعر الشراء/ }) as HTMLInputElement).value).toBe('2.1');
      fireEvent.click(within(dialog).getByRole('button', { name: 'تحديث الدفعة' }));
      expect((await screen.findAllByText('تعذّر تحديث دفعة المخزون')).length).toBeGreaterThan(0);
      expect(
        screen.getAllByText('لا يمكن نقل دفعة إلى موقع آخر بتعديلها. أنشئ عملية نقل مخزون بدلًا من ذلك.').length,
      ).toBeGreaterThan(0);
    });

    it('sends one Idempotency-Key per receipt, and the same one again when the user retries after a failure', async () => {
      let attempts = 0;
      const { callsTo } = renderPage({
        routes: {
          'POST /api/inventory': () => {
            attempts += 1;
            return attempts === 1
              ? fakeResponse(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' })
              : fakeResponse(201, aBatch({ batchNumber: 'LOT-9' }));
          },
        },
      });
      const dialog = await openAdd();
      fireEvent.change(within(dialog).getByRole('combobox', { name: /^Product/ }), { target: { value: 'parac' } });
      fireEvent.click(await within(dialog).findByRole('option', { name: /Paracetamol/ }));
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Batch Number/ }), { target: { value: 'LOT-9' } });
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Quantity/ }), { target: { value: '5' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
      await waitFor(() => expect(callsTo('POST', '/api/inventory')).toHaveLength(1));
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Create Batch' })).toHaveProperty('disabled', false),
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
      expect((await screen.findAllByText('Inventory batch created successfully')).length).toBeGreaterThan(0);
      const [first, retry] = callsTo('POST', '/api/inventory');
      expect(first?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(retry?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    });

    it('edits with the version it was loaded at; a batch changed meanwhile is shown, and the edit starts again from it', async () => {
      const batch = { ...batches[1]!, version: 3 };
      const sold = { ...batch, quantity: 7, version: 4 };
      let answered = false;
      const { callsTo, calls } = renderPage({
        inventory: [batch],
        routes: {
          [`PUT /api/inventory/${batch.id}`]: () => {
            if (answered) return fakeResponse(200, { ...sold, quantity: 6, version: 5 });
            answered = true;
            return fakeResponse(409, {
              statusCode: 409,
              code: 'STALE_EDIT',
              message: 'This batch was changed by someone else after you opened it.',
              batchId: batch.id,
              version: 4,
              current: sold,
            });
          },
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Edit batch SOON-1 of Paracetamol 500 mg' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Inventory Batch' });
      // The batch names its product: the catalogue is not loaded to show it.
      expect((within(dialog).getByRole('combobox', { name: /^Product/ }) as HTMLInputElement).value).toBe(
        'Paracetamol 500 mg · PAR-500-20',
      );
      expect(queriesTo(calls, '/api/products')).toEqual([]);
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Quantity/ }), { target: { value: '8' } });
      // A changed quantity asks why: a count correction unless the user says otherwise.
      expect(within(dialog).getByRole('combobox', { name: 'Reason for the quantity change' }).textContent).toBe(
        'Count correction',
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Batch' }));
      expect(await within(dialog).findByText('Changed while you were editing')).toBeTruthy();
      expect(within(dialog).getByText(/It now holds 7 units, batch SOON-1/)).toBeTruthy();
      expect(callsTo('PUT', `/api/inventory/${batch.id}`)[0]?.body).toMatchObject({
        quantity: 8,
        version: 3,
        adjustmentReason: 'count_correction',
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start again from the current values' }));
      expect((within(dialog).getByRole('spinbutton', { name: /^Quantity/ }) as HTMLInputElement).value).toBe('7');
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Quantity/ }), { target: { value: '6' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Batch' }));
      expect((await screen.findAllByText('Inventory batch updated successfully')).length).toBeGreaterThan(0);
      expect(callsTo('PUT', `/api/inventory/${batch.id}`)[1]?.body).toMatchObject({ quantity: 6, version: 4 });
    });

    it('words a conflicting expiry with the dates involved', async () => {
      const { callsTo } = renderPage({
        routes: {
          'POST /api/inventory': () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'BATCH_EXPIRY_MISMATCH',
              message: 'Batch LOT-1 of this product is already recorded here with expiry date 2027-06-30, not x.',
              expiryDate: '2027-06-30',
            }),
        },
      });
      const dialog = await openAdd();
      const product = within(dialog).getByRole('combobox', { name: /^Product/ });
      fireEvent.change(product, { target: { value: 'PAR-500' } });
      fireEvent.click(await within(dialog).findByRole('option', { name: /Paracetamol/ }));
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Batch Number/ }), { target: { value: 'LOT-1' } });
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Quantity/ }), { target: { value: '5' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
      expect(
        (
          await screen.findAllByText(
            `Batch LOT-1 of this product is already recorded here with expiry date Jun 30, 2027, not ${shown(today)}. Check the pack and correct the batch if needed.`,
          )
        ).length,
      ).toBeGreaterThan(0);
      expect(callsTo('POST', '/api/inventory')[0]?.body).toMatchObject({ expiryDate: today, quantity: 5 });
    });
  });
});

// Transferring a batch, which leads to /transfers: src/app/journeys.spec.tsx.

describe('Expiry Tracking', () => {
  it('adds up units per status over everything that matches, hides what is sold out, and names the urgent batches', async () => {
    const { calls } = renderPage({ tab: 'expiry' });
    const summary = await screen.findByRole('list', { name: 'Units by status' });
    const card = (label: string) => within(within(summary).getByText(label).closest('li')!);
    expect(card('Expired').getByText('7')).toBeTruthy();
    expect(card('Critical (7d)').getByText('4')).toBeTruthy();
    expect(card('Soon (30d)').getByText('10')).toBeTruthy();
    expect(card('Expiring (60d)').getByText('12')).toBeTruthy();
    expect(card('Good').getByText('100')).toBeTruthy();

    expect(screen.getByText('Urgent Action Required')).toBeTruthy();
    expect(screen.getByText(/· EXPIRED$/)).toBeTruthy();
    expect(screen.getByText(/· Expires /)).toBeTruthy();
    expect(screen.queryByText('GONE-1')).toBeNull();

    const row = (text: string) => within(screen.getByText(text).closest('tr')!);
    expect(row('OLD-1').getByText('2 days ago')).toBeTruthy();
    expect(row('CRIT-1').getByText('Critical - 7 Days')).toBeTruthy();
    expect(row('CRIT-1').getByText('3 days')).toBeTruthy();
    expect(row('SOON-1').getByText('Expires Soon - 30 Days')).toBeTruthy();
    expect(row('MID-1').getByText('Expiring - 60 Days')).toBeTruthy();
    // The server names each batch's product's sales unit.
    expect(row('MID-1').getByText('12 pills')).toBeTruthy();
    expect(row('OLD-1').getByText('SKU:')).toBeTruthy();
    expect(row('OLD-1').getByText('000000A1')).toBeTruthy();

    expect(queriesTo(calls, '/api/inventory')).toEqual([
      { matchLocation: 'true', inStock: 'true', sort: 'expiry', limit: '50', offset: '0' },
    ]);
    expect(queriesTo(calls, '/api/inventory/expiry-summary')).toEqual([{ matchLocation: 'true' }]);
    // The product list is not read: each batch carries its product's sales unit.
    expect(queriesTo(calls, '/api/products')).toEqual([]);
  });

  it('keeps the cards and the banner for every matching batch while it pages the table', async () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      aBatch({ id: batchId(100 + index), batchNumber: `B-${index}`, quantity: 2, expiryDate: inDays(index - 5) }),
    );
    renderPage({ tab: 'expiry', inventory: many });
    expect(await screen.findByText('Showing 1 to 50 of 120 batches')).toBeTruthy();
    const summary = screen.getByRole('list', { name: 'Units by status' });
    const card = (label: string) => within(within(summary).getByText(label).closest('li')!);
    // Days -5 to 114: 5 expired, 8 critical (0 to 7), 23 soon, 30 expiring, 54 good; 2 units each.
    expect(card('Expired').getByText('10')).toBeTruthy();
    expect(card('Critical (7d)').getByText('16')).toBeTruthy();
    expect(card('Soon (30d)').getByText('46')).toBeTruthy();
    expect(card('Expiring (60d)').getByText('60')).toBeTruthy();
    expect(card('Good').getByText('108')).toBeTruthy();
    const banner = screen.getByText('Urgent Action Required').closest('.rt-CalloutRoot') as HTMLElement;
    expect(within(banner).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 101 to 120 of 120 batches')).toBeTruthy();
    expect(card('Good').getByText('108')).toBeTruthy();
  });

  it('asks the server for a location by name, a location and a status', async () => {
    const { calls } = renderPage({ tab: 'expiry' });
    await screen.findByText('OLD-1');
    fireEvent.change(screen.getByPlaceholderText('Search products, batches, or locations...'), {
      target: { value: 'abdoun' },
    });
    await waitFor(() => expect(screen.queryByText('OLD-1')).toBeNull());
    expect(screen.getByText('CRIT-1')).toBeTruthy();
    const summary = screen.getByRole('list', { name: 'Units by status' });
    await waitFor(() =>
      expect(within(within(summary).getByText('Expired').closest('li')!).getByText('0')).toBeTruthy(),
    );
    expect(queriesTo(calls, '/api/inventory/expiry-summary')).toContainEqual({ q: 'abdoun', matchLocation: 'true' });
    fireEvent.change(screen.getByPlaceholderText('Search products, batches, or locations...'), {
      target: { value: 'no such thing' },
    });
    expect(await screen.findByText('No inventory batches found matching your criteria.')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search products, batches, or locations...'), {
      target: { value: '' },
    });
    await screen.findByText('OLD-1');

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Critical (7 days)' }));
    await waitFor(() => expect(screen.queryByText('OLD-1')).toBeNull());
    expect(screen.getByText('CRIT-1')).toBeTruthy();
    expect(queriesTo(calls, '/api/inventory')).toContainEqual({
      status: 'critical',
      matchLocation: 'true',
      inStock: 'true',
      sort: 'expiry',
      limit: '50',
      offset: '0',
    });

    fireEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    fireEvent.click(await screen.findByRole('option', { name: downtown.name }));
    expect(await screen.findByText('No inventory batches found matching your criteria.')).toBeTruthy();
    expect(queriesTo(calls, '/api/inventory/expiry-summary')).toContainEqual({
      matchLocation: 'true',
      pharmacyId: downtown.id,
    });
  });

  it('says it is loading', () => {
    renderPage({ tab: 'expiry', routes: { 'GET /api/inventory?*': () => new Promise<Response>(() => {}) } });
    expect(screen.getByText('Loading expiry tracking data...')).toBeTruthy();
  });

  it('lists what failed to load, and loads it again on request', async () => {
    let fail = true;
    const server = inventoryServer(batches);
    renderPage({
      tab: 'expiry',
      routes: {
        'GET /api/inventory?*': (body, url) =>
          fail ? fakeResponse(500, '') : server['GET /api/inventory?*']!(body, url),
        'GET /api/pharmacies': () => (fail ? fakeResponse(500, '') : fakeResponse(200, [aPharmacy()])),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Failed to Load Expiry Data' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Failed to fetch pharmacies')).toBeTruthy());
    expect(screen.getAllByText('Failed to fetch inventory')).toHaveLength(1);
    expect(screen.queryByText('Failed to fetch products')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry Loading Data' }));
    expect(await screen.findByText('OLD-1')).toBeTruthy();
  });
});

describe('Overview', () => {
  it('shows the server’s page of stock per product with its status and where it is', async () => {
    const { calls } = renderPage({ tab: 'overview' });
    const row = (await screen.findByRole('rowheader', { name: 'Paracetamol 500 mg' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // SKU, on hand, batches, nearest expiry, status, location.
    expect(cells.slice(0, 3)).toEqual(['PAR-500-20', '133', '5']);
    expect(cells[3]).toBe(shown(inDays(-2)));
    expect(cells[4]).toBe('In Stock');
    expect(cells[5]).toBe('Multiple Locations');
    const zinc = (await screen.findByRole('rowheader', { name: 'Zinc' })).closest('tr')!;
    expect(within(zinc).getByText('Out of Stock')).toBeTruthy();
    expect(queriesTo(calls, '/api/inventory/overview')).toEqual([{ sort: 'name', limit: '50', offset: '0' }]);
    // Neither the whole catalogue nor every batch is read.
    expect(queriesTo(calls, '/api/products')).toEqual([]);
    expect(queriesTo(calls, '/api/inventory')).toEqual([]);
  });

  it('searches on the server, and orders by the Arabic name for an Arabic reader', async () => {
    const { calls } = renderPage({ tab: 'overview', language: 'ar' });
    await screen.findByRole('rowheader', { name: 'باراسيتامول ٥٠٠ ملغ' });
    expect(queriesTo(calls, '/api/inventory/overview')).toEqual([{ sort: 'nameAr', limit: '50', offset: '0' }]);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zn' } });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'باراسيتامول ٥٠٠ ملغ' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Zinc' })).toBeTruthy();
    expect(queriesTo(calls, '/api/inventory/overview')).toContainEqual({
      q: 'zn',
      sort: 'nameAr',
      limit: '50',
      offset: '0',
    });
  });
});
