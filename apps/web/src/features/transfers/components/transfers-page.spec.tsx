import { afterEach, describe, expect, it } from '@jest/globals';
import type { Transfer, TransferDetail } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPharmacy, PRODUCT_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler, RecordedCall } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aTransfer, aTransferDetail, anAvailabilityRow, BATCH_ID, TRANSFER_ID, ZINC_ID } from '../../../test/transfers';
import { abdoun, aUser, downtown } from '../../../test/users';
import type { TransferPrefill } from './create-transfer-dialog';
import { TransfersPage } from './transfers-page';

/** For the waits after rendering a page of 50 rows, which a busy machine draws slowly. */
const slow = { timeout: 10_000 };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const irbid = aPharmacy({
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03',
  name: 'Irbid Branch',
  nameAr: null,
  isActive: false,
});
const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null }), irbid];
const availability = (pharmacyId: string, q?: string) =>
  `GET /api/inventory/availability?${new URLSearchParams(q ? { pharmacyId, q } : { pharmacyId }).toString()}`;
const paracetamol = anAvailabilityRow();
const zinc = anAvailabilityRow({ productId: ZINC_ID, name: 'Zinc 10 mg', nameAr: null, sku: 'ZN-10', availableQty: 2 });

const transfers: Transfer[] = [
  aTransfer(),
  aTransfer({
    id: '9a1b2c3d-0000-4000-8000-0000000000c2',
    status: 'approved',
    notes: 'For the weekend rush',
    fromPharmacyId: abdoun.id,
    fromPharmacyName: abdoun.name,
    fromPharmacyNameAr: null,
    toPharmacyId: downtown.id,
    toPharmacyName: downtown.name,
    toPharmacyNameAr: downtown.nameAr,
  }),
  aTransfer({ id: '9a1b2c3d-0000-4000-8000-0000000000c3', status: 'completed' }),
  aTransfer({ id: '9a1b2c3d-0000-4000-8000-0000000000c4', status: 'on_hold' }),
];

/**
 * GET /api/transfers and GET /api/transfers/summary as the server answers them
 * (see test/e2e/transfer-pages.api.spec.ts), in miniature over `list`: `q` in
 * the number, either pharmacy's name and the notes; the pharmacy filter;
 * newest first or by status; pages with the total in X-Total-Count; the
 * summary counts every transfer of the pharmacy filter.
 */
function transferServer(list: () => readonly Transfer[]): Record<string, FakeHandler> {
  const ofPharmacy = (url: URL) => {
    const pharmacyId = url.searchParams.get('pharmacyId');
    return list().filter((t) => !pharmacyId || t.fromPharmacyId === pharmacyId || t.toPharmacyId === pharmacyId);
  };
  const summary: FakeHandler = (_, url) => {
    const rows = ofPharmacy(url!);
    const count = (status: string) => rows.filter((t) => t.status === status).length;
    return fakeResponse(200, {
      pending: count('pending'),
      approved: count('approved'),
      completed: count('completed'),
      cancelled: count('cancelled'),
      total: rows.length,
    });
  };
  return {
    'GET /api/transfers?*': (_, url) => {
      const params = url!.searchParams;
      const q = (params.get('q') ?? '').toLowerCase().replace(/^#/, '');
      const rows = ofPharmacy(url!).filter((t) =>
        [t.id, t.fromPharmacyName, t.fromPharmacyNameAr, t.toPharmacyName, t.toPharmacyNameAr, t.notes].some((text) =>
          (text ?? '').toLowerCase().includes(q),
        ),
      );
      // The statuses in a transfer's order; one the server does not know comes last.
      const rank = (t: Transfer) => (['pending', 'approved', 'completed', 'cancelled'].indexOf(t.status) + 5) % 5;
      const sort = params.get('sort') ?? '-created';
      rows.sort((a, b) =>
        sort.endsWith('status')
          ? (rank(a) - rank(b)) * (sort.startsWith('-') ? -1 : 1) || b.createdAt.localeCompare(a.createdAt)
          : a.createdAt.localeCompare(b.createdAt) * (sort.startsWith('-') ? -1 : 1),
      );
      const offset = Number(params.get('offset'));
      return fakeResponse(200, rows.slice(offset, offset + Number(params.get('limit'))), '', {
        'X-Total-Count': String(rows.length),
      });
    },
    'GET /api/transfers/summary': summary,
    'GET /api/transfers/summary?*': summary,
  };
}

/** The transfer list calls the page made, as query parameters. */
const transferListCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/transfers?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  routes = {},
  list = transfers,
  prefill,
  language = 'en',
}: {
  routes?: Record<string, FakeHandler>;
  list?: Transfer[];
  prefill?: TransferPrefill;
  language?: 'en' | 'ar';
} = {}) {
  return renderSignedIn(<TransfersPage prefill={prefill} />, {
    user: aUser(),
    path: '/transfers',
    language,
    routes: {
      ...transferServer(() => list),
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      [`GET /api/transfers/${TRANSFER_ID}`]: () => fakeResponse(200, aTransferDetail()),
      [availability(downtown.id)]: () => fakeResponse(200, [paracetamol, zinc]),
      [availability(abdoun.id)]: () => fakeResponse(200, [zinc]),
      ...routes,
    },
  });
}

const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);
const rowText = (text: string) => screen.getByText(text).closest('tr')!.textContent;
const dialog = () => screen.getByRole('dialog', { name: 'Create Stock Transfer' });

async function choose(label: RegExp, option: string) {
  fireEvent.click(within(dialog()).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openCreate() {
  fireEvent.click(await screen.findByRole('button', { name: 'New Transfer' }));
  return screen.findByRole('dialog', { name: 'Create Stock Transfer' });
}

describe('Stock Transfers', () => {
  it('counts transfers by status and lists them with number, pharmacies, status and notes', async () => {
    renderPage();
    await screen.findByText('#0000AB12');
    const tiles = within(screen.getByRole('list', { name: 'Transfers by status' }));
    const tile = (label: string) => within(tiles.getByText(label).closest('li')!);
    expect(tile('Pending').getByText('1')).toBeTruthy();
    expect(tile('Completed').getByText('1')).toBeTruthy();
    expect(tile('In Progress').getByText('1')).toBeTruthy();
    expect(tile('Total').getByText('4')).toBeTruthy();

    expect(rowOf('#0000AB12').getByText('Pending')).toBeTruthy();
    expect(rowOf('#0000AB12').getByText('No notes')).toBeTruthy();
    expect(rowOf('#000000C2').getByText('Approved')).toBeTruthy();
    expect(rowOf('#000000C2').getByText('For the weekend rush')).toBeTruthy();
    expect(rowOf('#000000C2').getAllByRole('cell')[0]?.textContent).toBe(abdoun.name);
    expect(rowOf('#000000C3').getByText('Completed')).toBeTruthy();
    // A status this screen does not know is shown as it came.
    expect(rowOf('#000000C4').getByText('on_hold')).toBeTruthy();
    // Approve only where the server says the user may: the pending one.
    expect(await screen.findByRole('button', { name: 'Approve transfer #0000AB12' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve transfer #000000C2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View transfer #000000C2' })).toBeTruthy();
  });

  it('has the server find transfers by number, pharmacy or notes, and offers a first transfer only when not searching', async () => {
    const { calls } = renderPage();
    await screen.findByText('#0000AB12');
    expect(transferListCalls(calls)).toEqual([{ sort: '-created', limit: '50', offset: '0' }]);
    const search = screen.getByRole('searchbox', { name: 'Search transfers...' });
    fireEvent.change(search, { target: { value: 'week' } });
    fireEvent.change(search, { target: { value: 'weekend' } });
    await waitFor(() => expect(screen.queryByText('#0000AB12')).toBeNull());
    expect(screen.getByText('#000000C2')).toBeTruthy();
    expect(transferListCalls(calls).filter((call) => call.q)).toEqual([
      { q: 'weekend', sort: '-created', limit: '50', offset: '0' },
    ]);
    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(await screen.findByText('No stock transfers found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create your first transfer' })).toBeNull();
  });

  it('counts the tiles over every transfer of the pharmacy filter, not over the page', async () => {
    const many = Array.from({ length: 75 }, (_, i) =>
      aTransfer({
        id: `9a1b2c3d-0000-4000-8000-${String(1000 + i).padStart(12, '0')}`,
        status: i % 3 === 0 ? 'approved' : 'pending',
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
        toPharmacyId: i < 30 ? abdoun.id : downtown.id,
      }),
    );
    const { calls } = renderPage({ list: many });
    expect(await screen.findByText('Showing 1 to 50 of 75 transfers', {}, slow)).toBeTruthy();
    const tiles = within(screen.getByRole('list', { name: 'Transfers by status' }));
    const tile = (label: string) => within(tiles.getByText(label).closest('li')!);
    expect(await tile('Total').findByText('75')).toBeTruthy();
    expect(tile('In Progress').getByText('25')).toBeTruthy();
    expect(tile('Pending').getByText('50')).toBeTruthy();
    // Newest first: the last one created heads the first page.
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('#00001074');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 51 to 75 of 75 transfers', {}, slow)).toBeTruthy();
    expect(transferListCalls(calls).at(-1)).toEqual({ sort: '-created', limit: '50', offset: '50' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Pharmacy' }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    // One page of 30: no pagination line (specification 001 §2).
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(31), slow);
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(await tile('Total').findByText('30')).toBeTruthy();
    expect(transferListCalls(calls).at(-1)).toEqual({
      pharmacyId: abdoun.id,
      sort: '-created',
      limit: '50',
      offset: '0',
    });
    expect(calls.some((call) => call.url === `/api/transfers/summary?pharmacyId=${abdoun.id}`)).toBe(true);
  });

  it('sorts on the server by date or status from the column headers', async () => {
    const { calls } = renderPage();
    await screen.findByText('#0000AB12');
    const date = screen.getByRole('columnheader', { name: 'Date' });
    expect(date.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(date).getByRole('button'));
    await waitFor(() => expect(transferListCalls(calls).at(-1)).toMatchObject({ sort: 'created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(transferListCalls(calls).at(-1)).toMatchObject({ sort: 'status', offset: '0' }));
    await waitFor(() =>
      expect(screen.getAllByRole('row').map((row) => within(row).queryByText(/^#/)?.textContent)).toEqual([
        undefined,
        '#0000AB12',
        '#000000C2',
        '#000000C3',
        '#000000C4',
      ]),
    );
  });

  it('says there are none yet, and opens the dialog from there', async () => {
    renderPage({ list: [] });
    expect(await screen.findByText('No stock transfers found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create your first transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Create Stock Transfer' })).toBeTruthy();
  });

  it('says when the transfers cannot be fetched', async () => {
    renderPage({ routes: { 'GET /api/transfers?*': () => fakeResponse(500, '') } });
    expect(await screen.findByText('Failed to fetch transfers')).toBeTruthy();
  });

  describe('the create dialog', () => {
    it('lists what the source holds once one is chosen, and offers only other active pharmacies as destination', async () => {
      renderPage();
      await openCreate();
      expect(within(dialog()).queryByRole('searchbox', { name: 'Search products...' })).toBeNull();
      await choose(/^From Pharmacy/, downtown.name);
      const products = within(await within(dialog()).findByRole('list', { name: 'Available products' }));
      expect(products.getByText('Paracetamol 500 mg')).toBeTruthy();
      expect(products.getByText('PAR-500-20')).toBeTruthy();
      expect(products.getByText(/Available: 5$/)).toBeTruthy();
      fireEvent.click(within(dialog()).getByRole('combobox', { name: /^To Pharmacy/ }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(options).toEqual([abdoun.name]);
    });

    it('lets a pharmacist ask for stock for their own pharmacy, or offer theirs to any other', async () => {
      const jabal = aPharmacy({ id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a04', name: 'Jabal Branch', nameAr: null });
      renderSignedIn(<TransfersPage />, {
        user: aUser({ role: 'pharmacist', pharmacies: [downtown] }),
        path: '/transfers',
        routes: {
          ...transferServer(() => []),
          'GET /api/pharmacies': () => fakeResponse(200, [...pharmacies, jabal]),
          [availability(downtown.id)]: () => fakeResponse(200, [paracetamol]),
          [availability(abdoun.id)]: () => fakeResponse(200, [zinc]),
        },
      });
      await openCreate();
      const destinations = async () => {
        fireEvent.click(within(dialog()).getByRole('combobox', { name: /^To Pharmacy/ }));
        const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
        fireEvent.keyDown(screen.getAllByRole('option')[0]!, { key: 'Escape' });
        return names;
      };
      await choose(/^From Pharmacy/, abdoun.name);
      expect(await destinations()).toEqual([downtown.name]);
      await choose(/^From Pharmacy/, downtown.name);
      expect(await destinations()).toEqual([abdoun.name, 'Jabal Branch']);
    });

    it('refuses a product twice, and keeps quantities between 1 and what is available', async () => {
      renderPage();
      await openCreate();
      await choose(/^From Pharmacy/, downtown.name);
      fireEvent.click(await within(dialog()).findByRole('button', { name: 'Add Zinc 10 mg' }));
      expect(within(dialog()).getByRole('heading', { name: 'Products to Transfer (1)' })).toBeTruthy();
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Zinc 10 mg' }));
      expect((await screen.findAllByText('Product already added')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('This product is already in the transfer list').length).toBeGreaterThan(0);
      expect(within(dialog()).getByRole('heading', { name: 'Products to Transfer (1)' })).toBeTruthy();

      const quantity = () =>
        within(dialog()).getByRole('spinbutton', { name: 'Quantity of Zinc 10 mg' }) as HTMLInputElement;
      const more = within(dialog()).getByRole('button', { name: 'One more Zinc 10 mg' });
      fireEvent.click(more);
      expect(quantity().value).toBe('2');
      expect((more as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(quantity(), { target: { value: '7' } });
      expect(quantity().value).toBe('2');
      fireEvent.change(quantity(), { target: { value: '' } });
      expect(quantity().value).toBe('1');
      expect(
        (within(dialog()).getByRole('button', { name: 'One less Zinc 10 mg' }) as HTMLButtonElement).disabled,
      ).toBe(true);
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove Zinc 10 mg' }));
      expect(within(dialog()).getByRole('heading', { name: 'Products to Transfer (0)' })).toBeTruthy();
    });

    it('starts again when the source changes: no products, no search', async () => {
      renderPage({ routes: { [availability(downtown.id, 'zin')]: () => fakeResponse(200, [zinc]) } });
      await openCreate();
      await choose(/^From Pharmacy/, downtown.name);
      fireEvent.change(await within(dialog()).findByRole('searchbox', { name: 'Search products...' }), {
        target: { value: 'zin' },
      });
      await waitFor(() => expect(within(dialog()).queryByText('Paracetamol 500 mg')).toBeNull());
      fireEvent.click(await within(dialog()).findByRole('button', { name: 'Add Zinc 10 mg' }));
      expect(within(dialog()).getByRole('heading', { name: 'Products to Transfer (1)' })).toBeTruthy();
      await choose(/^From Pharmacy/, abdoun.name);
      expect(within(dialog()).getByRole('heading', { name: 'Products to Transfer (0)' })).toBeTruthy();
      expect((within(dialog()).getByRole('searchbox', { name: 'Search products...' }) as HTMLInputElement).value).toBe(
        '',
      );
    });

    it('cannot be submitted without products, and says why if it is', async () => {
      const { calls } = renderPage();
      await openCreate();
      const submit = within(dialog()).getByRole('button', { name: 'Transfer 0 Product(s)' }) as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      fireEvent.submit(submit.closest('form')!);
      expect((await screen.findAllByText('Please add at least one product to transfer')).length).toBeGreaterThan(0);
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('says which pharmacies are missing', async () => {
      renderPage({ prefill: { from: downtown.id, product: PRODUCT_ID }, routes: prefillRoutes });
      await screen.findByRole('dialog', { name: 'Create Stock Transfer' });
      await within(dialog()).findByRole('spinbutton', { name: 'Quantity of Paracetamol 500 mg' });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Transfer 1 Product(s)' }));
      expect(await within(dialog()).findByText('Destination pharmacy is required')).toBeTruthy();
    });

    it('creates the transfer once per attempt, announces it, and shows the server’s reason on failure', async () => {
      let attempts = 0;
      const { callsTo } = renderPage({
        routes: {
          'POST /api/transfers': () => {
            attempts += 1;
            return attempts === 1
              ? fakeResponse(409, {
                  statusCode: 409,
                  code: 'INSUFFICIENT_STOCK',
                  message: 'Only 1 pack of Paracetamol 500 mg can be transferred from here (2 asked).',
                  productId: PRODUCT_ID,
                  available: 1,
                  requested: 2,
                })
              : fakeResponse(201, aTransferDetail());
          },
        },
      });
      await openCreate();
      await choose(/^From Pharmacy/, downtown.name);
      await choose(/^To Pharmacy/, abdoun.name);
      fireEvent.click(await within(dialog()).findByRole('button', { name: 'Add Paracetamol 500 mg' }));
      fireEvent.click(within(dialog()).getByRole('button', { name: 'One more Paracetamol 500 mg' }));
      fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Weekend' } });
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Transfer 1 Product(s)' }));
      expect(
        (await screen.findAllByText('Only 1 of Paracetamol 500 mg can be transferred from this pharmacy.')).length,
      ).toBeGreaterThan(0);
      expect(screen.getAllByText('Failed to create stock transfer').length).toBeGreaterThan(0);
      await waitFor(() =>
        expect(within(dialog()).getByRole('button', { name: 'Transfer 1 Product(s)' })).toHaveProperty(
          'disabled',
          false,
        ),
      );
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Transfer 1 Product(s)' }));
      expect((await screen.findAllByText('Stock transfer completed successfully')).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const [first, retry] = callsTo('POST', '/api/transfers');
      expect(first?.body).toEqual({
        fromPharmacyId: downtown.id,
        toPharmacyId: abdoun.id,
        items: [{ productId: PRODUCT_ID, quantity: 2, batchId: null }],
        notes: 'Weekend',
      });
      expect(first?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(retry?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    });

    it('opens filled in from a link: source, destination, product and quantity', async () => {
      renderPage({
        prefill: { from: downtown.id, to: abdoun.id, product: PRODUCT_ID, quantity: 3 },
        routes: prefillRoutes,
      });
      await screen.findByRole('dialog', { name: 'Create Stock Transfer' });
      const quantity = await within(dialog()).findByRole('spinbutton', { name: 'Quantity of Paracetamol 500 mg' });
      expect((quantity as HTMLInputElement).value).toBe('3');
      expect(within(dialog()).getByRole('combobox', { name: /^From Pharmacy/ }).textContent).toBe(downtown.name);
      expect(within(dialog()).getByRole('combobox', { name: /^To Pharmacy/ }).textContent).toBe(abdoun.name);
    });
  });

  describe('a transfer’s details', () => {
    const approved: TransferDetail = aTransferDetail({
      status: 'approved',
      canApprove: false,
      canReceive: true,
      canCancel: true,
      items: [
        { ...aTransferDetail().items[0]!, quantity: 4 },
        {
          ...aTransferDetail().items[0]!,
          productId: ZINC_ID,
          productName: 'Zinc 10 mg',
          productNameAr: null,
          productSku: 'ZN-10',
          batchId: '7a1b2c3d-0000-4000-8000-0000000000b2',
          batchNumber: 'ZN-LOT',
          quantity: 2,
        },
      ],
      timeline: [
        ...aTransferDetail().timeline,
        {
          step: 'dispatched',
          at: '2026-11-20T10:00:00.000Z',
          userId: null,
          userName: 'Omar',
          pharmacyId: downtown.id,
          note: null,
        },
      ],
    });

    it('shows items, batches and the timeline, and receives what arrived with a reason for what did not', async () => {
      const received = aTransferDetail({
        ...approved,
        status: 'completed',
        canReceive: false,
        canCancel: false,
        discrepancyReason: 'One box crushed',
        items: approved.items.map((item, index) => ({ ...item, receivedQuantity: index === 0 ? 3 : 2 })),
      });
      let current = approved;
      const { callsTo } = renderPage({
        list: [aTransfer({ status: 'approved' })],
        routes: {
          [`GET /api/transfers/${TRANSFER_ID}`]: () => fakeResponse(200, current),
          [`POST /api/transfers/${TRANSFER_ID}/receive`]: () => {
            current = received;
            return fakeResponse(200, received);
          },
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'View transfer #0000AB12' }));
      const detail = await screen.findByRole('dialog', { name: 'Transfer #0000AB12' });
      expect(await within(detail).findByText('ZN-LOT')).toBeTruthy();
      const steps = within(within(detail).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
      expect(steps).toHaveLength(2);
      expect(steps[0]?.textContent).toMatch(/^Requested.*By Sara Haddad · At Downtown Pharmacy$/);
      expect(steps[1]?.textContent).toMatch(/^Dispatched.*By Omar · At Downtown Pharmacy$/);
      expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();

      fireEvent.click(within(detail).getByRole('button', { name: 'Receive' }));
      const count = within(detail).getByRole('spinbutton', {
        name: 'Received quantity of Paracetamol 500 mg, batch LOT-1 (0 to 4)',
      }) as HTMLInputElement;
      expect(count.value).toBe('4');
      fireEvent.change(count, { target: { value: '3' } });
      expect(within(detail).getByText('1 pack short')).toBeTruthy();
      fireEvent.click(within(detail).getByRole('button', { name: 'Confirm Receipt' }));
      expect(
        await within(detail).findByText(
          'Some packs did not arrive: say what happened to them (damaged, missing, ...) before receiving.',
        ),
      ).toBeTruthy();
      expect(callsTo('POST', `/api/transfers/${TRANSFER_ID}/receive`)).toEqual([]);
      fireEvent.change(within(detail).getByRole('textbox', { name: /^Discrepancy reason/ }), {
        target: { value: 'One box crushed' },
      });
      fireEvent.click(within(detail).getByRole('button', { name: 'Confirm Receipt' }));
      expect((await screen.findAllByText('Transfer received: the stock is at the destination')).length).toBeGreaterThan(
        0,
      );
      expect(callsTo('POST', `/api/transfers/${TRANSFER_ID}/receive`)[0]?.body).toEqual({
        items: [
          { batchId: BATCH_ID, receivedQuantity: 3 },
          { batchId: '7a1b2c3d-0000-4000-8000-0000000000b2', receivedQuantity: 2 },
        ],
        discrepancyReason: 'One box crushed',
      });
      expect(await within(detail).findByText('1 pack did not arrive.')).toBeTruthy();
      expect(within(detail).getByText('One box crushed').closest('p')?.textContent).toBe('Reason: One box crushed');
    });

    it('approves from the list and cancels with a reason from the details', async () => {
      const { callsTo } = renderPage({
        list: [aTransfer()],
        routes: {
          [`POST /api/transfers/${TRANSFER_ID}/approve`]: () => fakeResponse(200, approved),
          [`POST /api/transfers/${TRANSFER_ID}/cancel`]: () =>
            fakeResponse(200, aTransferDetail({ status: 'cancelled', canApprove: false, canCancel: false })),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Approve transfer #0000AB12' }));
      expect((await screen.findAllByText('Transfer approved: the stock is on its way')).length).toBeGreaterThan(0);
      expect(callsTo('POST', `/api/transfers/${TRANSFER_ID}/approve`)[0]?.headers['Idempotency-Key']).toMatch(
        /^[0-9a-f-]{36}$/,
      );

      fireEvent.click(screen.getByRole('button', { name: 'View transfer #0000AB12' }));
      const detail = await screen.findByRole('dialog', { name: 'Transfer #0000AB12' });
      fireEvent.click(await within(detail).findByRole('button', { name: 'Cancel Transfer' }));
      fireEvent.change(within(detail).getByRole('textbox', { name: 'Reason (optional)' }), {
        target: { value: 'Ordered twice' },
      });
      fireEvent.click(within(detail).getAllByRole('button', { name: 'Cancel Transfer' }).at(-1)!);
      expect((await screen.findAllByText('Transfer cancelled')).length).toBeGreaterThan(0);
      expect(callsTo('POST', `/api/transfers/${TRANSFER_ID}/cancel`)[0]?.body).toEqual({ reason: 'Ordered twice' });
    });
  });

  describe('a request from outside the source', () => {
    // Asked by a user of Abdoun from Downtown: nothing is held at Downtown until Downtown approves.
    const awaiting = { awaitingSourceApproval: true, canApprove: false, canCancel: true } as const;

    it('says it awaits the source’s approval, and offers no approval to the pharmacy that asked', async () => {
      renderPage({
        list: [aTransfer(awaiting)],
        routes: { [`GET /api/transfers/${TRANSFER_ID}`]: () => fakeResponse(200, aTransferDetail(awaiting)) },
      });
      await screen.findByText('#0000AB12');
      expect(rowText('#0000AB12')).toContain('Awaiting approval at Downtown Pharmacy');
      expect(rowOf('#0000AB12').queryByRole('button', { name: 'Approve transfer #0000AB12' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'View transfer #0000AB12' }));
      const detail = await screen.findByRole('dialog', { name: 'Transfer #0000AB12' });
      await waitFor(() =>
        expect(detail.textContent).toContain(
          'Awaiting approval at Downtown PharmacyNothing is reserved at Downtown Pharmacy yet',
        ),
      );
      expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
      fireEvent.click(within(detail).getByRole('button', { name: 'Cancel Transfer' }));
      expect(within(detail).getByText('Nothing is reserved yet: the request is withdrawn.')).toBeTruthy();
    });

    it('lets the source approve it, and names what is missing when the stock is gone', async () => {
      const atSource = { ...awaiting, canApprove: true };
      const { callsTo } = renderPage({
        list: [aTransfer(atSource)],
        routes: {
          [`GET /api/transfers/${TRANSFER_ID}`]: () => fakeResponse(200, aTransferDetail(atSource)),
          [`POST /api/transfers/${TRANSFER_ID}/approve`]: () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'INSUFFICIENT_STOCK',
              message: 'Only 0 packs of Paracetamol 500 mg in batch LOT-1 can be transferred from here (4 asked).',
              productId: PRODUCT_ID,
              available: 0,
              requested: 4,
              batchId: BATCH_ID,
            }),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'View transfer #0000AB12' }));
      const detail = await screen.findByRole('dialog', { name: 'Transfer #0000AB12' });
      fireEvent.click(await within(detail).findByRole('button', { name: 'Approve' }));
      expect(
        (await screen.findAllByText('Only 0 of Paracetamol 500 mg can be transferred from this pharmacy.')).length,
      ).toBeGreaterThan(0);
      expect(screen.getAllByText('Failed to approve transfer').length).toBeGreaterThan(0);
      expect(callsTo('POST', `/api/transfers/${TRANSFER_ID}/approve`)).toHaveLength(1);
    });

    it('says so in Arabic', async () => {
      renderPage({ language: 'ar', list: [aTransfer(awaiting)] });
      await screen.findByText('#0000AB12');
      expect(rowText('#0000AB12')).toContain(`بانتظار موافقة ${downtown.nameAr!}`);
    });
  });

  it('reads in Arabic, names in Arabic where there are such names', async () => {
    renderPage({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'نقل المخزون' })).toBeTruthy();
    await screen.findByText('#0000AB12');
    expect(rowOf('#0000AB12').getByText(downtown.nameAr!)).toBeTruthy();
    expect(rowOf('#0000AB12').getByText('قيد الانتظار')).toBeTruthy();
    expect(rowOf('#0000AB12').getByText('لا توجد ملاحظات')).toBeTruthy();
  });
});

const prefillRoutes: Record<string, FakeHandler> = {
  [`GET /api/inventory/availability?${new URLSearchParams({ pharmacyId: downtown.id, productId: PRODUCT_ID }).toString()}`]:
    () => fakeResponse(200, [paracetamol]),
};
