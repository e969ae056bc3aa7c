import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CurrentUser, StockDiscrepancy } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPharmacy } from '../../../test/catalogue';
import { aDiscrepancy, anOfflineSale, DISCREPANCY_ID, OFFLINE_SALE_ID } from '../../../test/discrepancies';
import { fakeResponse } from '../../../test/fake-response';
import { type FakeHandler } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown } from '../../../test/users';
import { Route as DiscrepanciesRoute } from '../../../routes/_authenticated/discrepancies';
import { DiscrepanciesPage } from './discrepancies-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const STALE_ID = '6d2e3f4a-0000-4000-8000-0000000000e2';
const RESOLVED_ID = '6d2e3f4a-0000-4000-8000-0000000000e3';

const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];

function someDiscrepancies(): StockDiscrepancy[] {
  return [
    aDiscrepancy(),
    aDiscrepancy({
      id: STALE_ID,
      kind: 'stale_price',
      pharmacyId: abdoun.id,
      pharmacyName: abdoun.name,
      saleId: '9a1b2c3d-0000-4000-8000-00000000beef',
      offlineNumber: 'M3X9-0012',
      catalogueAsOf: '2026-11-19T08:00:00.000Z',
      lines: [
        { productId: 'p-zinc', productName: 'Zinc 10 mg', productNameAr: null, salesUnit: 'blister', quantity: 3 },
      ],
    }),
    aDiscrepancy({
      id: RESOLVED_ID,
      offlineNumber: 'K7Q2-0001',
      status: 'resolved',
      resolvedAt: '2026-11-21T15:00:00.000Z',
      resolvedBy: 'Omar Nasser',
      resolutionNote: 'Counted the shelf: two packs were missing from the last delivery.',
    }),
  ];
}

/**
 * GET /api/stock-discrepancies as the server answers it (test/e2e/offline-sales.api.spec.ts), in
 * miniature: `status` (open by default), `pharmacyId`, `limit`; and the resolution of an open one.
 */
function discrepancyServer(items: StockDiscrepancy[]): Record<string, FakeHandler> {
  return {
    'GET /api/stock-discrepancies?*': (_, url) => {
      const status = url!.searchParams.get('status') ?? 'open';
      const pharmacyId = url!.searchParams.get('pharmacyId');
      return fakeResponse(
        200,
        items
          .filter(
            (item) => (status === 'all' || item.status === status) && (!pharmacyId || item.pharmacyId === pharmacyId),
          )
          .slice(0, Number(url!.searchParams.get('limit') ?? 100)),
      );
    },
    [`POST /api/stock-discrepancies/${DISCREPANCY_ID}/resolve`]: (body) => {
      const index = items.findIndex((item) => item.id === DISCREPANCY_ID);
      const resolved: StockDiscrepancy = {
        ...items[index]!,
        status: 'resolved',
        resolvedAt: '2026-11-23T09:00:00.000Z',
        resolvedBy: 'Sara Haddad',
        resolutionNote: (body as { note: string }).note,
      };
      items[index] = resolved;
      return fakeResponse(200, resolved);
    },
  };
}

/** What the screen asked the list for: each call's query. */
const listCalls = (calls: ReadonlyArray<{ method: string; url: string }>) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/stock-discrepancies?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  user = aUser(),
  items = someDiscrepancies(),
  routes = {},
  language = 'en',
  onOpenSale = () => {},
}: {
  user?: CurrentUser;
  items?: StockDiscrepancy[];
  routes?: Record<string, FakeHandler>;
  language?: 'en' | 'ar';
  onOpenSale?: (saleId: string) => void;
} = {}) {
  return renderSignedIn(<DiscrepanciesPage onOpenSale={onOpenSale} />, {
    user,
    language,
    routes: { 'GET /api/pharmacies': () => fakeResponse(200, pharmacies), ...discrepancyServer(items), ...routes },
  });
}

const dateTime = (instant: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
const rowOf = (saleNumber: string) =>
  within(screen.getByRole('button', { name: `Open sale ${saleNumber}` }).closest('tr')!);
const table = () => within(screen.getByRole('table'));

async function choose(combobox: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openResolveDialog(saleNumber = 'K7Q2-0003') {
  fireEvent.click(await screen.findByRole('button', { name: `Resolve discrepancy of sale ${saleNumber}` }));
  return within(await screen.findByRole('dialog', { name: `Resolve discrepancy of sale ${saleNumber}` }));
}

describe('Stock Discrepancies', () => {
  it('lists the open discrepancies: what happened, the sale, where, when sold and arrived, and the products', async () => {
    const { calls } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Stock Discrepancies' })).toBeTruthy();
    await screen.findByText('K7Q2-0003');
    const shortfall = rowOf('K7Q2-0003');
    expect(shortfall.getByRole('rowheader').textContent).toBe('Sold offline without stock on the books');
    expect(shortfall.getByText(downtown.name)).toBeTruthy();
    expect(shortfall.getByText(dateTime('2026-11-22T10:00:00.000Z'))).toBeTruthy();
    expect(shortfall.getByText(dateTime('2026-11-22T13:30:00.000Z'))).toBeTruthy();
    expect(shortfall.getByText('Paracetamol 500 mg')).toBeTruthy();
    expect(shortfall.getByRole('listitem').textContent).toBe('Paracetamol 500 mg: 2 × Whole pack');
    expect(shortfall.getByText('Open')).toBeTruthy();

    const stale = rowOf('M3X9-0012');
    expect(stale.getByRole('rowheader').textContent).toBe(
      `Sold from an old price list${`Price list of ${dateTime('2026-11-19T08:00:00.000Z')}`}`,
    );
    expect(stale.getByText(abdoun.name)).toBeTruthy();
    expect(stale.getByRole('listitem').textContent).toBe('Zinc 10 mg: 3 × Blister');

    // Open ones only, until asked otherwise.
    expect(screen.queryByText('K7Q2-0001')).toBeNull();
    expect(screen.getByText('2 discrepancies')).toBeTruthy();
    expect(listCalls(calls)).toEqual([{ status: 'open', limit: '500' }]);
  });

  it('shows the resolved ones, with who resolved them, when and their note, on request', async () => {
    const { calls } = renderPage();
    await screen.findByText('K7Q2-0003');
    await choose('Status', 'Resolved');
    await screen.findByText('K7Q2-0001');
    const resolved = rowOf('K7Q2-0001');
    expect(screen.queryByText('K7Q2-0003')).toBeNull();
    expect(resolved.getByText('Resolved')).toBeTruthy();
    const resolution = screen.getByText('K7Q2-0001').closest('tr')!.querySelector('[data-cell="resolution"]');
    expect(resolution!.textContent).toBe(
      `By Omar Nasser, ${dateTime('2026-11-21T15:00:00.000Z')}` +
        'Counted the shelf: two packs were missing from the last delivery.',
    );
    expect(resolved.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(listCalls(calls).at(-1)).toEqual({ status: 'resolved', limit: '500' });

    await choose('Status', 'All');
    expect(await screen.findByText('K7Q2-0003')).toBeTruthy();
    expect(table().getAllByRole('row')).toHaveLength(4);
  });

  it('asks the server about one pharmacy when one is chosen', async () => {
    const { calls } = renderPage();
    await screen.findByText('K7Q2-0003');
    await choose('Pharmacy', abdoun.name);
    await waitFor(() => expect(screen.queryByText('K7Q2-0003')).toBeNull());
    expect(screen.getByText('M3X9-0012')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ status: 'open', pharmacyId: abdoun.id, limit: '500' });
  });

  it('says when nothing needs review', async () => {
    renderPage({ items: [] });
    expect(await screen.findByText('No stock discrepancies need review.')).toBeTruthy();
  });

  it('says when the list cannot be fetched, and fetches it again on request', async () => {
    const { routes } = renderPage({ routes: { 'GET /api/stock-discrepancies?*': () => fakeResponse(500, '') } });
    expect(await screen.findByText('Failed to fetch stock discrepancies')).toBeTruthy();
    routes['GET /api/stock-discrepancies?*'] =
      discrepancyServer(someDiscrepancies())['GET /api/stock-discrepancies?*']!;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('K7Q2-0003')).toBeTruthy();
  });

  it('opens the sale', async () => {
    const onOpenSale = jest.fn<(saleId: string) => void>();
    renderPage({ onOpenSale });
    fireEvent.click(await screen.findByRole('button', { name: 'Open sale K7Q2-0003' }));
    expect(onOpenSale).toHaveBeenCalledWith(OFFLINE_SALE_ID);
  });

  describe('resolving', () => {
    it('records what was found with the note, and the list shows it resolved', async () => {
      const { calls } = renderPage();
      const dialog = await openResolveDialog();
      const description = screen.getByRole('dialog').getAttribute('aria-describedby')!;
      expect(document.getElementById(description)!.textContent).toMatch(
        /^Sold offline without stock on the books — sale K7Q2-0003 at Downtown Pharmacy\. /,
      );

      // The note is required: nothing is sent without one.
      fireEvent.click(dialog.getByRole('button', { name: 'Mark as resolved' }));
      expect(await dialog.findByText('Write what was found or done')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

      fireEvent.change(dialog.getByRole('textbox', { name: /^What was found or done/ }), {
        target: { value: '  Two packs sold at the other till; stock corrected by a count.  ' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Mark as resolved' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const post = calls.find((call) => call.method === 'POST')!;
      expect(post.url).toBe(`/api/stock-discrepancies/${DISCREPANCY_ID}/resolve`);
      expect(post.body).toEqual({ note: 'Two packs sold at the other till; stock corrected by a count.' });
      expect(post.headers['Idempotency-Key']).toEqual(expect.any(String));
      expect((await screen.findAllByText('The discrepancy of sale K7Q2-0003 is resolved.')).length).toBeGreaterThan(0);
      // The list is read again: the discrepancy is no longer open.
      await waitFor(() => expect(screen.queryByText('K7Q2-0003')).toBeNull());
      expect(screen.getByText('M3X9-0012')).toBeTruthy();
    });

    it('says so when someone else resolved it first, and the list shows it resolved', async () => {
      const items = someDiscrepancies();
      const { routes, calls } = renderPage({ items });
      routes[`POST /api/stock-discrepancies/${DISCREPANCY_ID}/resolve`] = () => {
        items[0] = {
          ...items[0]!,
          status: 'resolved',
          resolvedBy: 'Omar Nasser',
          resolvedAt: '2026-11-23T08:00:00.000Z',
        };
        return fakeResponse(409, {
          statusCode: 409,
          code: 'DISCREPANCY_RESOLVED',
          message: 'This discrepancy has been resolved already.',
        });
      };
      const dialog = await openResolveDialog();
      fireEvent.change(dialog.getByRole('textbox', { name: /^What was found or done/ }), {
        target: { value: 'Counted' },
      });
      const listReads = listCalls(calls).length;
      fireEvent.click(dialog.getByRole('button', { name: 'Mark as resolved' }));
      expect((await dialog.findByRole('alert')).textContent).toBe(
        'Someone has already resolved this discrepancy; the list now shows it resolved.',
      );
      expect((dialog.getByRole('button', { name: 'Mark as resolved' }) as HTMLButtonElement).disabled).toBe(true);
      await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listReads));
      fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByText('K7Q2-0003')).toBeNull());
    });

    it('says so when the pharmacy is not the user’s', async () => {
      renderPage({
        routes: {
          [`POST /api/stock-discrepancies/${DISCREPANCY_ID}/resolve`]: () =>
            fakeResponse(403, {
              statusCode: 403,
              code: 'PHARMACY_FORBIDDEN',
              message: 'You do not have access to this pharmacy.',
            }),
        },
      });
      const dialog = await openResolveDialog();
      fireEvent.change(dialog.getByRole('textbox', { name: /^What was found or done/ }), {
        target: { value: 'Counted' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Mark as resolved' }));
      expect((await dialog.findByRole('alert')).textContent).toBe(
        'You can resolve discrepancies only at the pharmacies you work at.',
      );
    });

    it('shows the server’s word about the note in the reader’s language', async () => {
      renderPage({
        language: 'ar',
        routes: {
          [`POST /api/stock-discrepancies/${DISCREPANCY_ID}/resolve`]: () =>
            fakeResponse(400, {
              statusCode: 400,
              code: 'VALIDATION_FAILED',
              message: 'Validation failed',
              errors: [{ field: 'note', message: 'This value is too long' }],
            }),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'حلّ فرق عملية البيع K7Q2-0003' }));
      const dialog = within(await screen.findByRole('dialog'));
      fireEvent.change(dialog.getByRole('textbox', { name: /^ما الذي وُجد أو فُعل/ }), { target: { value: 'x' } });
      fireEvent.click(dialog.getByRole('button', { name: 'تعليم كمحلول' }));
      const note = dialog.getByRole('textbox', { name: /^ما الذي وُجد أو فُعل/ });
      await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(note.getAttribute('aria-describedby')!)!.textContent).toBe('هذه القيمة طويلة جدًا');
    });
  });

  it('lets auditors read but not resolve', async () => {
    renderPage({ user: aUser({ role: 'auditor' }) });
    expect(await screen.findByText('K7Q2-0003')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Pharmacy' })).toBeTruthy();
  });

  it('offers a pharmacist of one pharmacy no pharmacy filter', async () => {
    renderPage({ user: aUser({ role: 'pharmacist', pharmacies: [downtown] }) });
    expect(await screen.findByRole('button', { name: 'Resolve discrepancy of sale K7Q2-0003' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Pharmacy' })).toBeNull();
  });

  it('reads in Arabic, with the products’ Arabic names', async () => {
    renderPage({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'فروقات المخزون' })).toBeTruthy();
    const row = within((await screen.findByRole('button', { name: 'افتح عملية البيع K7Q2-0003' })).closest('tr')!);
    expect(row.getByRole('rowheader').textContent).toBe('بيع دون اتصال بلا رصيد في الدفاتر');
    expect(row.getByRole('listitem').textContent).toBe('باراسيتامول ٥٠٠ ملغ: 2 (الوحدة: عبوة كاملة)');
    expect(row.getByText(downtown.nameAr!)).toBeTruthy();
  });
});

describe('Stock Discrepancies at /discrepancies', () => {
  function renderRouteAt(path: string, user: CurrentUser) {
    return renderRoute('/_authenticated/discrepancies', DiscrepanciesRoute, {
      path,
      user,
      routes: {
        'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
        ...discrepancyServer(someDiscrepancies()),
        [`GET /api/sales/${OFFLINE_SALE_ID}`]: () => {
          const sale = anOfflineSale();
          return fakeResponse(200, { ...sale, offline: { ...sale.offline!, priceStale: true } });
        },
      },
    });
  }

  it('opens the offline sale over the list: when it was sold, when it arrived and what the books lacked', async () => {
    const { router } = renderRouteAt('/discrepancies', aUser({ role: 'auditor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open sale K7Q2-0003' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sale #0000CAFE' }));
    expect(router.state.location.search).toEqual({ sale: OFFLINE_SALE_ID });
    const offline = within(await dialog.findByTestId('sale-offline'));
    expect(offline.getByText('Offline')).toBeTruthy();
    expect(offline.getByText('K7Q2-0003')).toBeTruthy();
    expect(offline.getByText('Sold').closest('[class*="DataListItem"]')!.textContent).toContain(
      dateTime('2026-11-22T10:00:00.000Z'),
    );
    expect(offline.getByText('Arrived').closest('[class*="DataListItem"]')!.textContent).toContain(
      dateTime('2026-11-22T13:30:00.000Z'),
    );
    expect(offline.getByTestId('sale-shortfalls').textContent).toBe('Paracetamol 500 mg: 2 × Whole pack');
    expect(
      offline.getByText(
        "The till's price list was older than allowed when it sold: the sale is raised for a price review.",
      ),
    ).toBeTruthy();
    // Auditors read the sale; they take no returns.
    expect(dialog.queryByRole('button', { name: 'Return items' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('keeps the filters in the address', async () => {
    const { router } = renderRouteAt(`/discrepancies?status=resolved&pharmacy=${downtown.id}`, aUser());
    expect(await screen.findByText('K7Q2-0001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Resolved');
    expect(screen.getByRole('combobox', { name: 'Pharmacy' }).textContent).toBe(downtown.name);
    await choose('Status', 'Open');
    await waitFor(() => expect(router.state.location.search).toEqual({ pharmacy: downtown.id }));
    expect(await screen.findByText('K7Q2-0003')).toBeTruthy();
  });
});
