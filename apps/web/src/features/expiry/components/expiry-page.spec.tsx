import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ExpiringBatch } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aBatch, aPharmacy } from '../../../test/catalogue';
import { anExpiringBatch, EXPIRING_BATCH_ID } from '../../../test/expiry';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aTransferDetail } from '../../../test/transfers';
import { abdoun, aUser, downtown } from '../../../test/users';
import { ExpiryPage } from './expiry-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

const irbid = aPharmacy({
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03',
  name: 'Irbid Branch',
  nameAr: null,
  isActive: false,
});
const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null }), irbid];

const rows: ExpiringBatch[] = [
  anExpiringBatch(),
  anExpiringBatch({
    batchId: '7a1b2c3d-0000-4000-8000-0000000000e2',
    batchNumber: 'LOT-E2',
    productId: '7a1b2c3d-0000-4000-8000-0000000000a2',
    productName: 'Zinc 10 mg',
    productNameAr: null,
    productSku: 'ZN-10',
    daysToExpiry: -2,
    expiryDate: '2026-11-20',
    expiredOn: '2026-11-21',
    quantity: 3,
  }),
  anExpiringBatch({
    batchId: '7a1b2c3d-0000-4000-8000-0000000000e3',
    batchNumber: 'LOT-E3',
    daysToExpiry: 12,
    discountPercentage: '25.00',
    pharmacyId: abdoun.id,
    pharmacyName: abdoun.name,
  }),
];

/**
 * GET /api/inventory/expiring as the server pages it (see
 * test/e2e/stock-alert-pages.api.spec.ts), in miniature: the rows of each
 * window, `pharmacyId`, `q` in the product, SKU, batch or pharmacy, `sort`,
 * `limit` and `offset`, the total in X-Total-Count; and the summary of the window.
 */
function expiringServer(windows: Readonly<Record<number, readonly ExpiringBatch[]>>) {
  const matching = (url: URL) => {
    const params = url.searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const pharmacyId = params.get('pharmacyId');
    return (windows[Number(params.get('days'))] ?? []).filter(
      (row) =>
        (!pharmacyId || row.pharmacyId === pharmacyId) &&
        [row.productName, row.productNameAr ?? '', row.productSku, row.batchNumber, row.pharmacyName].some((text) =>
          text.toLowerCase().includes(q),
        ),
    );
  };
  const page: FakeHandler = (_, url) => {
    const params = url!.searchParams;
    const sort = params.get('sort') ?? 'expiry';
    const key = (row: ExpiringBatch) =>
      ({ expiry: row.daysToExpiry, name: row.productName, quantity: row.quantity, pharmacy: row.pharmacyName })[
        sort.replace(/^-/, '')
      ] ?? row.daysToExpiry;
    const sorted = [...matching(url!)].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (sort.startsWith('-')) sorted.reverse();
    const offset = Number(params.get('offset'));
    return fakeResponse(200, sorted.slice(offset, offset + Number(params.get('limit'))), '', {
      'X-Total-Count': String(sorted.length),
    });
  };
  const summary: FakeHandler = (_, url) => {
    const all = matching(url!);
    const expired = all.filter((row) => row.daysToExpiry <= 0);
    const units = (list: readonly ExpiringBatch[]) => list.reduce((sum, row) => sum + row.quantity, 0);
    return fakeResponse(200, {
      expired: expired.length,
      expiringSoon: all.length - expired.length,
      total: all.length,
      expiredUnits: units(expired),
      expiringSoonUnits: units(all) - units(expired),
      totalUnits: units(all),
    });
  };
  return { 'GET /api/inventory/expiring?*': page, 'GET /api/inventory/expiring/summary?*': summary };
}

/** What the page asked the list for: each call's query, without the ones the summary got. */
const listCalls = (calls: ReadonlyArray<{ url: string }>) =>
  calls
    .filter((call) => call.url.startsWith('/api/inventory/expiring?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  routes = {},
  list = rows,
  language = 'en',
  role = 'admin',
}: {
  routes?: Record<string, FakeHandler>;
  list?: ExpiringBatch[];
  language?: 'en' | 'ar';
  role?: 'admin' | 'pharmacist';
} = {}) {
  return renderSignedIn(<ExpiryPage />, {
    user: aUser({ role }),
    language,
    path: '/expiry',
    routes: {
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      ...expiringServer({ 7: list.filter((row) => row.daysToExpiry <= 7), 30: list }),
      'GET /api/inventory/expiry-scan': () =>
        fakeResponse(200, {
          lastRun: {
            today: '2026-11-22',
            pharmacies: 2,
            batches: 3,
            durationMs: 42,
            startedAt: '2026-11-22T00:00:00.000Z',
            finishedAt: '2026-11-22T00:00:00.042Z',
            trigger: 'schedule',
          },
        }),
      ...routes,
    },
  });
}

const rowOf = (batchNumber: string) => within(screen.getByText(batchNumber).closest('tr')!);
const openDiscount = async (name = 'Paracetamol 500 mg', batch = 'LOT-E1') => {
  fireEvent.click(await screen.findByRole('button', { name: `Discount ${name}, batch ${batch}` }));
  return within(await screen.findByRole('dialog', { name: 'Apply Discount' }));
};

describe('Expiry Management', () => {
  it('counts expired and expiring batches and lists each with its status, days left, discount and scan record', async () => {
    const { calls } = renderPage();
    await screen.findByText('LOT-E1');
    const cards = within(screen.getByRole('list', { name: 'Expiry summary' }));
    const card = (label: string) => within(cards.getByText(label).closest('li')!);
    expect(card('Expired Items').getByText('1')).toBeTruthy();
    expect(card('Expiring Soon').getByText('2')).toBeTruthy();
    expect(card('Total Items').getByText('3')).toBeTruthy();
    expect(card('Total Items').getByText('27 packs')).toBeTruthy();

    // Most urgent first.
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'LOT-E2',
      'LOT-E1',
      'LOT-E3',
    ]);
    expect(rowOf('LOT-E2').getByText('Expired')).toBeTruthy();
    expect(rowOf('LOT-E2').getByText('2 days ago')).toBeTruthy();
    expect(rowOf('LOT-E2').getByText('Recorded expired Nov 21, 2026')).toBeTruthy();
    expect(rowOf('LOT-E1').getByText('Critical')).toBeTruthy();
    expect(rowOf('LOT-E1').getByText('5 days')).toBeTruthy();
    expect(rowOf('LOT-E1').getByText('000000A1')).toBeTruthy();
    expect(rowOf('LOT-E3').getByText('High Priority')).toBeTruthy();
    expect(rowOf('LOT-E3').getByText('25% off')).toBeTruthy();
    // Past its date: the server refuses a discount or a transfer, so only the write-off is offered.
    expect(rowOf('LOT-E2').getByRole('button', { name: 'Discount Zinc 10 mg, batch LOT-E2' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(rowOf('LOT-E2').getByRole('button', { name: 'Write off Zinc 10 mg, batch LOT-E2' })).toHaveProperty(
      'disabled',
      false,
    );
    // Administrators see the nightly scan.
    expect(await screen.findByText('3 batches recorded as expired across 2 pharmacies, in 42 ms.')).toBeTruthy();

    // The server searches, as one stops typing; the cards still count the whole window.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products, batches or pharmacies...' }), {
      target: { value: 'zinc' },
    });
    await waitFor(() => expect(screen.queryByText('LOT-E1')).toBeNull());
    expect(screen.getByText('LOT-E2')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ days: '30', q: 'zinc', sort: 'expiry', limit: '50', offset: '0' });
    expect(card('Total Items').getByText('3')).toBeTruthy();
  });

  it('pages through the server 50 at a time and sorts by a column', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      anExpiringBatch({
        batchId: `7a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}`,
        batchNumber: `LOT-${String(i).padStart(2, '0')}`,
        daysToExpiry: i - 5,
        quantity: 60 - i,
      }),
    );
    const { calls } = renderPage({ list: many });
    expect(await screen.findByText('Showing 1 to 50 of 60 batches')).toBeTruthy();
    expect(screen.getByText('LOT-00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 51 to 60 of 60 batches')).toBeTruthy();
    expect(screen.getByText('LOT-59')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toMatchObject({ limit: '50', offset: '50' });

    // Quantity sorts the largest first, and starts again on the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Quantity' }));
    expect(await screen.findByText('Showing 1 to 50 of 60 batches')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: '-quantity', offset: '0' }));
    expect(screen.getByRole('columnheader', { name: 'Quantity' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('asks again for another window or pharmacy', async () => {
    const { calls } = renderPage();
    await screen.findByText('LOT-E1');
    fireEvent.click(screen.getByRole('combobox', { name: 'Expiring within' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Within 7 days' }));
    await waitFor(() => expect(screen.queryByText('LOT-E3')).toBeNull());
    expect(listCalls(calls).filter((query) => query.days === '7')).toEqual([
      { days: '7', sort: 'expiry', limit: '50', offset: '0' },
    ]);
    expect(calls.some((call) => call.url === '/api/inventory/expiring/summary?days=7')).toBe(true);

    fireEvent.click(screen.getByRole('combobox', { name: 'Pharmacy' }));
    // Inactive pharmacies are not offered.
    expect(screen.queryByRole('option', { name: 'Irbid Branch' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    expect(await screen.findByText('No batches expire within 7 days.')).toBeTruthy();
  });

  it('validates the discount as the server does, then applies it with an Idempotency-Key', async () => {
    const { callsTo } = renderPage({
      routes: {
        'POST /api/inventory/discount': () => fakeResponse(200, { ...aBatch(), discountPercentage: '25.00' }),
      },
    });
    const dialog = await openDiscount();
    const percentage = dialog.getByRole('spinbutton', { name: /^Discount \(%\)/ });
    fireEvent.change(percentage, { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Discount' }));
    expect(await dialog.findByText('Discount must be at least 1%')).toBeTruthy();
    expect(dialog.getByText('Reason is required')).toBeTruthy();
    fireEvent.change(percentage, { target: { value: '91' } });
    expect(await dialog.findByText('Discount cannot exceed 90%')).toBeTruthy();
    fireEvent.change(percentage, { target: { value: '25' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Expires in 5 days' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Discount' }));
    expect((await screen.findAllByText('Discount Applied')).length).toBeGreaterThan(0);
    const [call] = callsTo('POST', '/api/inventory/discount');
    expect(call?.body).toEqual({ batchId: EXPIRING_BATCH_ID, discountPercentage: 25, reason: 'Expires in 5 days' });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the discount rules in Arabic too', async () => {
    renderPage({ language: 'ar' });
    fireEvent.click(await screen.findByRole('button', { name: 'خصم على باراسيتامول ٥٠٠ ملغ، الدفعة LOT-E1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'تطبيق خصم' }));
    fireEvent.change(dialog.getByRole('spinbutton'), { target: { value: '95' } });
    fireEvent.click(dialog.getByRole('button', { name: 'تطبيق الخصم' }));
    expect(await dialog.findByText('لا يمكن أن يتجاوز الخصم 90%')).toBeTruthy();
  });

  it('shows an existing discount, changes it or ends it with a reason', async () => {
    const { callsTo } = renderPage({
      routes: {
        [`POST /api/inventory/${rows[2]!.batchId}/discount/end`]: () => fakeResponse(200, aBatch()),
      },
    });
    const dialog = await openDiscount('Paracetamol 500 mg', 'LOT-E3');
    expect(dialog.getByText('Current discount: 25%. Change it below, or end it.')).toBeTruthy();
    expect((dialog.getByRole('spinbutton') as HTMLInputElement).value).toBe('25');
    expect(dialog.getByRole('button', { name: 'Update Discount' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'End Discount' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Sold out soon' } });
    fireEvent.click(dialog.getByRole('button', { name: 'End Discount' }));
    expect((await screen.findAllByText('Discount Ended')).length).toBeGreaterThan(0);
    expect(callsTo('POST', `/api/inventory/${rows[2]!.batchId}/discount/end`)[0]?.body).toEqual({
      reason: 'Sold out soon',
    });
  });

  it("says 'Discount Failed' with the server's reason", async () => {
    renderPage({
      routes: {
        'POST /api/inventory/discount': () =>
          fakeResponse(409, { statusCode: 409, code: 'BATCH_EXPIRED', message: 'Batch LOT-E1 expired' }),
      },
    });
    const dialog = await openDiscount();
    fireEvent.change(dialog.getByRole('spinbutton'), { target: { value: '30' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Clear it' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply Discount' }));
    expect((await screen.findAllByText('Discount Failed')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(
        'This batch has expired: it can no longer be sold, discounted or transferred. Write it off instead.',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('transfers the batch itself to another active pharmacy, with the default note', async () => {
    const { callsTo } = renderPage({
      routes: { 'POST /api/transfers': () => fakeResponse(201, aTransferDetail()) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer Paracetamol 500 mg, batch LOT-E1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transfer to Another Location' }));
    expect((dialog.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe(
      'Expiry transfer: Paracetamol 500 mg',
    );
    const quantity = dialog.getByRole('spinbutton', { name: /^Quantity/ });
    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Transfer' }));
    expect(await dialog.findByText('Destination pharmacy is required')).toBeTruthy();
    expect(dialog.getByText('Quantity must be at least 1')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '13' } });
    expect(await dialog.findByText('This batch holds only 12 packs')).toBeTruthy();

    fireEvent.click(dialog.getByRole('combobox', { name: /^Destination Pharmacy/ }));
    // Not the source, not an inactive pharmacy.
    expect(screen.queryByRole('option', { name: downtown.name })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Irbid Branch' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Transfer' }));
    expect(
      (await screen.findAllByText(/^Transfer requested: 4 packs of Paracetamol 500 mg to Abdoun Branch/)).length,
    ).toBeGreaterThan(0);
    const [call] = callsTo('POST', '/api/transfers');
    expect(call?.body).toEqual({
      fromPharmacyId: downtown.id,
      toPharmacyId: abdoun.id,
      items: [{ productId: rows[0]!.productId, quantity: 4, batchId: EXPIRING_BATCH_ID }],
      notes: 'Expiry transfer: Paracetamol 500 mg',
    });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("says 'Transfer Failed' with a default when the server gives no reason", async () => {
    renderPage({ routes: { 'POST /api/transfers': () => fakeResponse(500, '') } });
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer Paracetamol 500 mg, batch LOT-E1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transfer to Another Location' }));
    fireEvent.click(dialog.getByRole('combobox', { name: /^Destination Pharmacy/ }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Transfer' }));
    expect((await screen.findAllByText('Transfer Failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed to create stock transfer').length).toBeGreaterThan(0);
  });

  it('writes off expired packs before a witness', async () => {
    const { callsTo } = renderPage({
      routes: { [`POST /api/inventory/${rows[1]!.batchId}/write-offs`]: () => fakeResponse(201, aBatch()) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Write off Zinc 10 mg, batch LOT-E2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Write Off Stock' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Write Off' }));
    expect(await dialog.findByText('Witness is required')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Witness/ }), { target: { value: 'Omar Khalil' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Write Off' }));
    expect((await screen.findAllByText('Stock Written Off')).length).toBeGreaterThan(0);
    expect(callsTo('POST', `/api/inventory/${rows[1]!.batchId}/write-offs`)[0]?.body).toEqual({
      quantity: 3,
      looseUnits: 0,
      reason: 'expired',
      witness: 'Omar Khalil',
      note: null,
    });
  });

  it('exports every batch that matches, from every page, not just the one on screen', async () => {
    const many = Array.from({ length: 520 }, (_, i) =>
      anExpiringBatch({
        batchId: `7a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}`,
        batchNumber: `LOT-${String(i).padStart(3, '0')}`,
      }),
    );
    const files: Blob[] = [];
    jest.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:export';
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = renderPage({ list: [...many, rows[1]!] });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products, batches or pharmacies...' }), {
      target: { value: 'paracetamol' },
    });
    expect(await screen.findByText('Showing 1 to 50 of 520 batches', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(files[0]!);
    });
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(521); // the header and every match
    expect(lines.some((line) => line.includes('LOT-E2'))).toBe(false);
    expect(listCalls(calls).filter((query) => query.limit === '500')).toEqual([
      { days: '30', q: 'paracetamol', sort: 'expiry', limit: '500', offset: '0' },
      { days: '30', q: 'paracetamol', sort: 'expiry', limit: '500', offset: '500' },
    ]);
    expect((await screen.findAllByText('Export Successful')).length).toBeGreaterThan(0);
  });

  it("says 'No Data' when there is nothing to export, and hides the scan from pharmacists", async () => {
    const { callsTo } = renderPage({ list: [], role: 'pharmacist' });
    expect(await screen.findByText('No batches expire within 30 days.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findAllByText('No Data')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Expiry scan' })).toBeNull();
    expect(callsTo('GET', '/api/inventory/expiry-scan')).toHaveLength(0);
  });

  it('lets an administrator run the expiry scan now', async () => {
    const run = {
      today: '2026-11-22',
      pharmacies: 2,
      batches: 1,
      durationMs: 1500,
      startedAt: '2026-11-22T10:00:00.000Z',
      finishedAt: '2026-11-22T10:00:01.500Z',
      trigger: aUser().id,
    };
    const { callsTo, routes } = renderPage({
      routes: {
        'POST /api/inventory/expiry-scan': () => {
          routes['GET /api/inventory/expiry-scan'] = () => fakeResponse(200, { lastRun: run });
          return fakeResponse(200, run);
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run expiry scan now' }));
    expect((await screen.findAllByText('1 batch recorded as expired.')).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByTestId('expiry-scan-result').textContent).toBe(
        '1 batch recorded as expired across 2 pharmacies, in 1.5 sec.',
      ),
    );
    expect(screen.getByText(/\(started by an administrator\)\.$/)).toBeTruthy();
    expect(callsTo('POST', '/api/inventory/expiry-scan')).toHaveLength(1);
  });
});
