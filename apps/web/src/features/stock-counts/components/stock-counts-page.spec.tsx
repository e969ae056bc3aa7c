import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { StockCount, StockCountDetail } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPharmacy } from '../../../test/catalogue';
import { aCountDetail, aCountLine, COUNT_ID } from '../../../test/expiry';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler, RecordedCall } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown } from '../../../test/users';
import { StockCountsPage } from './stock-counts-page';

/** For the waits after rendering a page of 50 rows, which a busy machine draws slowly. */
const slow = { timeout: 10_000 };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];
const line1 = aCountLine({ batchId: '7a1b2c3d-0000-4000-8000-0000000000f1', batchNumber: 'LOT-1', expected: 10 });
const line2 = aCountLine({
  batchId: '7a1b2c3d-0000-4000-8000-0000000000f2',
  batchNumber: 'LOT-2',
  expected: 4,
  expiryDate: '2027-09-30',
  currentQuantity: 3,
});
const detailPath = `/api/stock-counts/${COUNT_ID}`;

function aCount(overrides: Partial<StockCount> = {}): StockCount {
  const { lines: _lines, canPost: _canPost, ...count } = aCountDetail({ lines: [line1, line2] });
  return { ...count, ...overrides };
}

/**
 * GET /api/stock-counts as the server answers a page (see
 * test/e2e/count-pages.api.spec.ts), in miniature: the pharmacy filter; open
 * counts first (then posted, cancelled; newest first within each) or by start;
 * pages with the total in X-Total-Count.
 */
function countPages(list: readonly StockCount[]): FakeHandler {
  return (_, url) => {
    const params = url!.searchParams;
    const pharmacyId = params.get('pharmacyId');
    const rank = (count: StockCount) => ['open', 'posted', 'cancelled'].indexOf(count.status);
    const sort = params.get('sort') ?? '-started';
    const sign = sort.startsWith('-') ? -1 : 1;
    const rows = list
      .filter((count) => !pharmacyId || count.pharmacyId === pharmacyId)
      .sort((a, b) =>
        sort.endsWith('status')
          ? (rank(a) - rank(b)) * sign || b.startedAt.localeCompare(a.startedAt)
          : a.startedAt.localeCompare(b.startedAt) * sign,
      );
    const offset = Number(params.get('offset'));
    return fakeResponse(200, rows.slice(offset, offset + Number(params.get('limit'))), '', {
      'X-Total-Count': String(rows.length),
    });
  };
}

/** The count list calls the page made, as query parameters. */
const countListCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/stock-counts?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  countId = null,
  routes = {},
  language = 'en',
  onOpenCount = () => {},
}: {
  countId?: string | null;
  routes?: Record<string, FakeHandler>;
  language?: 'en' | 'ar';
  onOpenCount?: (id: string | null) => void;
} = {}) {
  return renderSignedIn(<StockCountsPage countId={countId} onOpenCount={onOpenCount} />, {
    user: aUser(),
    path: '/stock-counts',
    language,
    routes: {
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      'GET /api/categories': () => fakeResponse(200, []),
      'GET /api/stock-counts?*': countPages([
        aCount({
          id: '9a1b2c3d-0000-4000-8000-00000000c0a2',
          status: 'posted',
          countedCount: 2,
          startedAt: '2026-11-21T08:00:00.000Z',
        }),
        aCount({ countedCount: 1, startedAt: '2026-11-20T08:00:00.000Z' }),
      ]),
      [`GET ${detailPath}`]: () => fakeResponse(200, aCountDetail({ lines: [line1, line2] })),
      ...routes,
    },
  });
}

/** The server's answer to PUT .../counts: the lines with what was sent. */
function recorded(current: StockCountDetail, body: unknown): StockCountDetail {
  const counts = (body as { counts: Array<{ batchId: string; counted: number; reason: string | null }> }).counts;
  return {
    ...current,
    lines: current.lines.map((line) => {
      const entry = counts.find((count) => count.batchId === line.batchId);
      return entry
        ? { ...line, counted: entry.counted, reason: entry.reason, variance: entry.counted - line.expected }
        : line;
    }),
  };
}

// Radix names the table's wrapper, not the table: a line is found by its count field.
const sheetRow = (batch: string) =>
  screen.getByRole('spinbutton', { name: `Counted packs of Paracetamol 500 mg, batch ${batch}` }).closest('tr')!;

describe('Stock counts', () => {
  it('lists counts, open ones first (the server’s order), with their progress, and opens one', async () => {
    const onOpenCount = jest.fn<(id: string | null) => void>();
    const { calls } = renderPage({ onOpenCount });
    await screen.findByText('#0000C0A1');
    expect(countListCalls(calls)).toEqual([{ sort: 'status', limit: '50', offset: '0' }]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[0]!).getByText('1 of 2')).toBeTruthy();
    expect(within(rows[1]!).getByText('Posted')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Open count #0000C0A1' }));
    expect(onOpenCount).toHaveBeenCalledWith(COUNT_ID);
  });

  it('pages, sorts and filters by pharmacy on the server', async () => {
    const many = Array.from({ length: 55 }, (_, i) =>
      aCount({
        id: `9a1b2c3d-0000-4000-8000-${String(2000 + i).padStart(12, '0')}`,
        status: i % 2 === 0 ? 'posted' : 'open',
        startedAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
        pharmacyId: i < 5 ? abdoun.id : downtown.id,
      }),
    );
    const { calls } = renderPage({ routes: { 'GET /api/stock-counts?*': countPages(many) } });
    expect(await screen.findByText('Showing 1 to 50 of 55 counts', {}, slow)).toBeTruthy();
    // Open counts first, the newest of them at the top.
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('#00002053');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 55 of 55 counts', {}, slow)).toBeTruthy();
    expect(countListCalls(calls).at(-1)).toEqual({ sort: 'status', limit: '50', offset: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Started' }));
    expect(await screen.findByText('Showing 1 to 50 of 55 counts', {}, slow)).toBeTruthy();
    expect(countListCalls(calls).at(-1)).toEqual({ sort: '-started', limit: '50', offset: '0' });
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('#00002054');

    fireEvent.click(screen.getByRole('combobox', { name: 'Pharmacy' }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6), slow);
    expect(countListCalls(calls).at(-1)).toEqual({
      pharmacyId: abdoun.id,
      sort: '-started',
      limit: '50',
      offset: '0',
    });
  });

  it('starts a count of the pharmacy the user works in, and opens its sheet', async () => {
    const onOpenCount = jest.fn<(id: string | null) => void>();
    const { callsTo } = renderPage({
      onOpenCount,
      routes: { 'POST /api/stock-counts': () => fakeResponse(201, aCountDetail({ lines: [line1, line2] })) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start count' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Start Stock Count' }));
    expect(dialog.getByRole('combobox', { name: /^Pharmacy/ }).textContent).toBe(downtown.name);
    fireEvent.change(dialog.getByRole('textbox', { name: 'Note' }), { target: { value: 'Shelf A' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Start Count' }));
    expect((await screen.findAllByText('2 batches to count.')).length).toBeGreaterThan(0);
    const [call] = callsTo('POST', '/api/stock-counts');
    expect(call?.body).toEqual({ pharmacyId: downtown.id, categoryId: null, shelfLocation: null, note: 'Shelf A' });
    expect(call?.headers['Idempotency-Key']).toBeTruthy();
    expect(onOpenCount).toHaveBeenCalledWith(COUNT_ID);
  });

  it('shows each variance, asks a reason for a difference, saves, and posts once everything is saved', async () => {
    let current = aCountDetail({ lines: [line1, line2] });
    const { callsTo } = renderPage({
      countId: COUNT_ID,
      routes: {
        [`GET ${detailPath}`]: () => fakeResponse(200, current),
        [`PUT ${detailPath}/counts`]: (body) => {
          current = recorded(current, body);
          return fakeResponse(200, current);
        },
        [`POST ${detailPath}/post`]: () => {
          current = { ...current, status: 'posted', canPost: false, postedAt: '2026-11-22T12:00:00.000Z' };
          return fakeResponse(200, current);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Stock Count #0000C0A1' });
    expect(screen.getByTestId('post-hint').textContent).toBe('Count at least one batch before posting.');

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Counted packs of Paracetamol 500 mg, batch LOT-1' }), {
      target: { value: '8' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Counted packs of Paracetamol 500 mg, batch LOT-2' }), {
      target: { value: '4' },
    });
    expect(within(sheetRow('LOT-1')).getByText('-2')).toBeTruthy();
    expect(within(sheetRow('LOT-1')).getByText('A difference needs a reason')).toBeTruthy();
    // No difference, no reason asked.
    expect(within(sheetRow('LOT-2')).queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('post-hint').textContent).toBe('Save your counts before posting.');
    expect(screen.getByRole('button', { name: 'Post Count' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Save counts (2)' }));
    expect((await screen.findAllByText('2 batches saved.')).length).toBeGreaterThan(0);
    expect(callsTo('PUT', `${detailPath}/counts`)[0]?.body).toEqual({
      counts: [
        { batchId: line1.batchId, counted: 8, reason: null },
        { batchId: line2.batchId, counted: 4, reason: null },
      ],
    });
    await waitFor(() =>
      expect(screen.getByTestId('post-hint').textContent).toBe('1 difference needs a reason before posting.'),
    );

    fireEvent.click(
      within(sheetRow('LOT-1')).getByRole('combobox', {
        name: 'Reason for the difference in Paracetamol 500 mg, batch LOT-1',
      }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Damaged' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save counts (1)' }));
    await waitFor(() =>
      expect(screen.getByTestId('post-hint').textContent).toBe('Ready to post: 1 batch will be adjusted.'),
    );
    expect(callsTo('PUT', `${detailPath}/counts`)[1]?.body).toEqual({
      counts: [{ batchId: line1.batchId, counted: 8, reason: 'damaged' }],
    });

    // The variance report: what posting records.
    const report = within(screen.getByRole('region', { name: 'Variance report' }));
    expect(report.getByText('2 of 2')).toBeTruthy();
    expect(within(report.getByRole('table')).getByText('Damaged')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Post Count' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Post this count?' }));
    expect(confirm.getByText(/^Posting adjusts the stock of 1 batch: 0 packs found, 2 packs missing\./)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Post Count' }));
    expect((await screen.findAllByText('The stock of 1 batch was adjusted.')).length).toBeGreaterThan(0);
    expect(callsTo('POST', `${detailPath}/post`)[0]?.headers['Idempotency-Key']).toBeTruthy();
    // Posted: read-only.
    await waitFor(() => expect(screen.queryByRole('spinbutton')).toBeNull());
    expect(screen.getAllByText('Posted').length).toBeGreaterThan(0);
  });

  it('takes a scan to the batch it names and puts the cursor in its count', async () => {
    renderPage({ countId: COUNT_ID });
    const scan = await screen.findByRole('textbox', { name: /^Scan a pack/ });
    fireEvent.change(scan, { target: { value: '(01)05012345678900(17)270930(10)LOT-2' } });
    fireEvent.submit(scan.closest('form')!);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('spinbutton', { name: 'Counted packs of Paracetamol 500 mg, batch LOT-2' }),
      ),
    );
    expect(screen.getByText('Paracetamol 500 mg, batch LOT-2: enter the packs counted.')).toBeTruthy();

    fireEvent.change(scan, { target: { value: '4006381333931' } });
    fireEvent.submit(scan.closest('form')!);
    expect(await screen.findByText('Nothing on this sheet matches 4006381333931.')).toBeTruthy();
  });

  it('tells a user who may not post, and still lets them cancel', async () => {
    renderPage({
      countId: COUNT_ID,
      routes: {
        [`GET ${detailPath}`]: () =>
          fakeResponse(200, aCountDetail({ lines: [{ ...line1, counted: 10, variance: 0 }], canPost: false })),
      },
    });
    expect(
      await screen.findByText("Only an administrator or the pharmacy's manager can post this count."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post Count' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Count' })).toBeTruthy();
  });

  it('posts with a reason code in Arabic, and says why the server refused', async () => {
    renderPage({
      countId: COUNT_ID,
      language: 'ar',
      routes: {
        [`GET ${detailPath}`]: () =>
          fakeResponse(200, aCountDetail({ lines: [{ ...line1, counted: 12, variance: 2, reason: 'found' }] })),
        [`POST ${detailPath}/post`]: () =>
          fakeResponse(409, {
            statusCode: 409,
            code: 'COUNT_BELOW_ZERO',
            message: 'Batch LOT-1 holds 0 packs now',
            batchId: line1.batchId,
            quantity: 0,
          }),
      },
    });
    expect((await screen.findAllByText('عُثر عليه')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'ترحيل الجرد' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'ترحيل هذا الجرد؟' }));
    fireEvent.click(confirm.getByRole('button', { name: 'ترحيل الجرد' }));
    expect((await screen.findAllByText('لم يُرحَّل الجرد')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('باراسيتامول ٥٠٠ ملغ · LOT-1 فيها الآن 0 عبوة، وهذا العدّ سينزل بها تحت الصفر. أعد عدّها.')
        .length,
    ).toBeGreaterThan(0);
  });
});
