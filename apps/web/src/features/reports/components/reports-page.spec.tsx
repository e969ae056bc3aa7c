import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CurrentUser } from '@pharmacy/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayIso } from '../../../lib/dates';
import { aBatch, aPharmacy, aProduct, PRODUCT_ID } from '../../../test/catalogue';
import { anExpiringBatch } from '../../../test/expiry';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { aCommissionRow, aSale, aSalesSummary, aStockSummary } from '../../../test/reports';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown } from '../../../test/users';
import type { ReportSelection } from '../utils/report-period';
import { ReportsPage } from './reports-page';

const realFetch = globalThis.fetch;
let clicked: { download: string; href: string }[];
let blobs: Blob[];
beforeEach(() => {
  clicked = [];
  blobs = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download, href: this.href });
  });
  jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:report';
  });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

const today = todayIso();
const last30 = `startDate=${addDays(today, -30)}&endDate=${today}`;
const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];

/** A list as the server pages it: `limit` and `offset` of `rows`, the total in X-Total-Count. */
const paged =
  <T,>(rows: readonly T[]): FakeHandler =>
  (_, url) => {
    const offset = Number(url!.searchParams.get('offset'));
    return fakeResponse(200, rows.slice(offset, offset + Number(url!.searchParams.get('limit'))), '', {
      'X-Total-Count': String(rows.length),
    });
  };

/** The first page (100, newest first) of the sales of a period, and its summary. */
const salesRoutes = (query = last30, sales = [aSale()]): Record<string, FakeHandler> => ({
  [`GET /api/sales?${query ? `${query}&` : ''}sort=-date&limit=100&offset=0`]: paged(sales),
  [`GET /api/reports/sales-summary${query ? `?${query}` : ''}`]: () => fakeResponse(200, aSalesSummary()),
});

/** What the page asked the sales list for: each call's query. */
const salesCalls = (calls: ReadonlyArray<{ url: string }>) =>
  calls
    .filter((call) => call.url.startsWith('/api/sales?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

/** The address of a report, as the route reads it. */
function reportPath({ type, range, from, to, pharmacyId }: ReportSelection) {
  const search = new URLSearchParams({ type, range });
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (pharmacyId) search.set('pharmacy', pharmacyId);
  return `/reports?${search.toString()}`;
}

function renderPage({
  selection = {},
  routes = {},
  language = 'en',
  user = aUser(),
}: {
  selection?: Partial<ReportSelection>;
  routes?: Record<string, FakeHandler>;
  language?: 'en' | 'ar';
  user?: CurrentUser;
} = {}) {
  return renderSignedIn(<ReportsPage />, {
    user,
    language,
    path: reportPath({ type: 'sales', range: 'last30', pharmacyId: null, ...selection }),
    routes: {
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      'GET /api/sales/metrics/daily': () => fakeResponse(200, { totalSales: '84.25', totalOrders: 3 }),
      ...salesRoutes(),
      ...routes,
    },
  });
}

/** The file's text, byte order mark included (jsdom's Blob has no `text()`, and `readAsText` drops the mark). */
function csvOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A toast with this text; then the frame in which Radix announces it to screen readers goes by. */
async function toastShown(text: string) {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

const tile = (key: string) => within(document.querySelector<HTMLElement>(`[data-tile="${key}"]`)!);
const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

async function choose(combobox: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/**
 * A chart's text alternative: its figure (named by the chart's title), then the
 * table its button shows: the column headings and each row's cells as read.
 */
async function chartAsTable(title: string, buttons: { show: string; hide: string }) {
  const region = within(await screen.findByRole('region', { name: title }));
  const figure = region.getByRole('figure', { name: title });
  // The drawing is hidden from screen readers, and nothing in it takes the focus.
  const drawings = figure.querySelectorAll('svg.recharts-surface');
  expect(drawings.length).toBeGreaterThan(0);
  for (const svg of drawings) expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(figure.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
  expect(within(figure).queryByRole('table')).toBeNull();
  fireEvent.click(region.getByRole('button', { name: buttons.show }));
  const table = within(figure).getByRole('table', { name: title });
  const headings = within(table).getAllByRole('columnheader');
  for (const heading of headings) expect(heading.getAttribute('scope')).toBe('col');
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      expect(within(row).getAllByRole('rowheader')).toHaveLength(1);
      // Aligned by logical classes (start/end), which mirror in Arabic, never by Radix's left/right ones.
      for (const cell of row.querySelectorAll('td')) expect(cell.className).toMatch(/report-chart-(number|words)/);
      expect(row.querySelector('[class*="rt-r-ta-"]')).toBeNull();
      return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    });
  const read = {
    columns: headings.map((heading) => heading.textContent),
    rows,
    summary: figure.getAttribute('aria-describedby')
      ? document.getElementById(figure.getAttribute('aria-describedby')!)?.textContent
      : undefined,
  };
  // The same button brings the chart back.
  fireEvent.click(region.getByRole('button', { name: buttons.hide }));
  expect(within(figure).queryByRole('table')).toBeNull();
  expect(region.getByRole('button', { name: buttons.show })).toBeTruthy();
  return read;
}

const englishButtons = { show: 'Show as table', hide: 'Show as chart' };
const arabicButtons = { show: 'اعرض كجدول', hide: 'اعرض كرسم بياني' };
/** US dollars as the Arabic page writes them (Latin digits, the right-to-left mark first). */
const usd = (amount: string) => `\u200f${amount}\u00a0US$`;
/** A month `offset` months from this one, as YYYY-MM. */
const monthFromNow = (offset: number) => {
  const [year, month] = today.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
};
const longMonth = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

describe('Reports', () => {
  it("shows the period's totals, today's sales and the newest sales of the last 30 days", async () => {
    const { callsTo } = renderPage();
    await screen.findByText('#0000A5E1');
    await waitFor(() => expect(tile('revenue').getByText('$1,250.00')).toBeTruthy());
    expect(tile('revenue').getByText('After $12.50 refunded')).toBeTruthy();
    expect(tile('orders').getByText('140')).toBeTruthy();
    expect(tile('average').getByText('$8.93')).toBeTruthy();
    await waitFor(() => expect(tile('today').getByText('$84.25')).toBeTruthy());
    expect(tile('today').getByText('3 orders today')).toBeTruthy();

    const row = rowOf('#0000A5E1');
    expect(row.getByText('Walk-in Customer')).toBeTruthy();
    expect(row.getByText('Downtown Pharmacy')).toBeTruthy();
    expect(row.getByText('$37.50')).toBeTruthy();
    expect(row.getByText('Cash')).toBeTruthy();
    expect(screen.getByTestId('report-period').textContent).toMatch(/^From .+ to .+$/);
    // Specification 001 §7, §9: 100 sales at a time, the newest first, for the period.
    expect(callsTo('GET', `/api/sales?${last30}&sort=-date&limit=100&offset=0`)).toHaveLength(1);
    // Each chart is a region named by its title, drawn after the numbers.
    expect(await screen.findByRole('region', { name: 'Sales per day' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sales by pharmacy' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top products' })).toBeTruthy();
  });

  it('sends the date window of each range (specification 001 §7)', async () => {
    const { callsTo } = renderPage({
      routes: {
        ...salesRoutes(`startDate=${today}&endDate=${today}`),
        ...salesRoutes(`startDate=${addDays(today, -7)}&endDate=${today}`),
        ...salesRoutes('', []),
      },
    });
    await screen.findByText('#0000A5E1');
    await choose('Date range', 'Today');
    await waitFor(() =>
      expect(
        callsTo('GET', `/api/sales?startDate=${today}&endDate=${today}&sort=-date&limit=100&offset=0`),
      ).toHaveLength(1),
    );
    await choose('Date range', 'Last 7 days');
    await waitFor(() =>
      expect(
        callsTo('GET', `/api/sales?startDate=${addDays(today, -7)}&endDate=${today}&sort=-date&limit=100&offset=0`),
      ).toHaveLength(1),
    );
    await choose('Date range', 'All time');
    expect(await screen.findByText('No sales data found for the selected period')).toBeTruthy();
    expect(callsTo('GET', '/api/reports/sales-summary')).toHaveLength(1);
    expect(screen.getByTestId('report-period').textContent).toBe('All time: every sale recorded');
  });

  it('asks for a custom period, and refuses one that ends before it starts', async () => {
    const { calls } = renderPage({ selection: { range: 'custom', from: '2026-02-10', to: '2026-02-01' } });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The end date must be on or after the start date',
    );
    expect(screen.getByRole('button', { name: /^From: / }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Export Report' })).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.url.startsWith('/api/sales?'))).toEqual([]);
  });

  it('reads a custom period as chosen, and names its file with the two days', async () => {
    const period = 'startDate=2001-01-01&endDate=2001-01-31';
    renderPage({
      selection: { range: 'custom', from: '2001-01-01', to: '2001-01-31' },
      routes: { ...salesRoutes(period), 'GET /api/sales?*': paged([aSale()]) },
    });
    await screen.findByText('#0000A5E1');
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await toastShown('Export Successful');
    await toastShown('Sales report has been downloaded as CSV file.');
    expect(clicked.map((link) => link.download)).toEqual([`sales-report-2001-01-01-to-2001-01-31-${today}.csv`]);
    const csv = await csvOf(blobs[0]!);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Transaction ID,Date & Time,Customer,Location,Total Amount,Payment Method');
    expect(csv).toContain('#0000A5E1');
  });

  it('says which read failed, and reads it again on request (specification 001 §8)', async () => {
    let salesFail = true;
    renderPage({
      routes: {
        [`GET /api/sales?${last30}&sort=-date&limit=100&offset=0`]: (body, url) =>
          salesFail ? fakeResponse(500, 'down') : paged([aSale()])(body, url),
        'GET /api/sales/metrics/daily': () => fakeResponse(500, 'down'),
      },
    });
    expect(await screen.findByText('Failed to fetch sales data')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch daily metrics')).toBeTruthy();
    expect(tile('today').getByText('—')).toBeTruthy();
    salesFail = false;
    const salesAlert = screen.getByText('Failed to fetch sales data').closest<HTMLElement>('[role="alert"]')!;
    fireEvent.click(within(salesAlert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#0000A5E1')).toBeTruthy();
  });

  it('pages, sorts and searches the sales of the period on the server', async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      aSale({ id: `3c9d1e2f-0000-4000-8000-${String(i).padStart(12, '0')}`, totalAmount: `${i + 1}.00` }),
    );
    const { calls } = renderPage({ routes: { ...salesRoutes(last30, many), 'GET /api/sales?*': paged(many) } });
    expect(await screen.findByText('Showing 1 to 100 of 130')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 101 to 130 of 130')).toBeTruthy();
    expect(salesCalls(calls).at(-1)).toMatchObject({ sort: '-date', limit: '100', offset: '100' });

    // Total Amount sorts the largest first, from the first page.
    fireEvent.click(screen.getByRole('button', { name: 'Total Amount' }));
    await waitFor(() => expect(salesCalls(calls).at(-1)).toMatchObject({ sort: '-total', offset: '0' }));
    expect(screen.getByRole('columnheader', { name: 'Total Amount' }).getAttribute('aria-sort')).toBe('descending');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by receipt number or customer...' }), {
      target: { value: '#00000000012' },
    });
    await waitFor(() =>
      expect(salesCalls(calls).at(-1)).toEqual({
        startDate: addDays(today, -30),
        endDate: today,
        q: '#00000000012',
        sort: '-total',
        limit: '100',
        offset: '0',
      }),
    );
  });

  it('exports the sales of the period from every page, and says when it holds only the first of them', async () => {
    const many = Array.from({ length: 10_050 }, (_, i) =>
      aSale({ id: `3c9d1e2f-0000-4000-8000-${String(i).padStart(12, '0')}` }),
    );
    const { calls } = renderPage({ routes: { ...salesRoutes(last30, many), 'GET /api/sales?*': paged(many) } });
    expect(await screen.findByText('Showing 1 to 100 of 10,050', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await toastShown("The first 10,000 of the 10,050 sales, in the table's order, have been downloaded as CSV file.");
    const csv = await csvOf(blobs[0]!);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(10_001);
    const reads = salesCalls(calls).filter((query) => query.limit === '500');
    expect(reads).toHaveLength(20);
    expect(reads[0]).toEqual({
      startDate: addDays(today, -30),
      endDate: today,
      sort: '-date',
      limit: '500',
      offset: '0',
    });
  });

  it('lists commissions with the pharmacist, product, quantity and unit, rate and amount', async () => {
    renderPage({
      selection: { type: 'commission' },
      routes: {
        [`GET /api/sales/commission-report?${last30}`]: () =>
          fakeResponse(200, [aCommissionRow(), aCommissionRow({ commissionAmount: '0.25', totalPrice: '6.25' })]),
      },
    });
    const rows = await screen.findAllByText('sara@pharmacy.example');
    const row = within(rows[0]!.closest('tr')!);
    expect(row.getByText('Sara Haddad')).toBeTruthy();
    expect(row.getByText('Paracetamol 500 mg')).toBeTruthy();
    expect(row.getByText('PAR-500-20')).toBeTruthy();
    expect(row.getByText('3 × Whole pack')).toBeTruthy();
    expect(row.getByText('$37.50')).toBeTruthy();
    expect(row.getByText('4%')).toBeTruthy();
    expect(row.getByText('$1.50')).toBeTruthy();
    expect(row.getByText('Downtown Pharmacy')).toBeTruthy();
    expect(tile('commission').getByText('$1.75')).toBeTruthy();
    expect(tile('commission').getByText('2 sale lines')).toBeTruthy();
    expect(tile('sales').getByText('$43.75')).toBeTruthy();
  });

  it("says when there is nothing to export: 'Export Failed' / 'No data available to export.'", async () => {
    renderPage({
      selection: { type: 'commission' },
      routes: { [`GET /api/sales/commission-report?${last30}`]: () => fakeResponse(200, []) },
    });
    expect(await screen.findByText('No commission data found for the selected period')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await toastShown('Export Failed');
    await toastShown('No data available to export.');
    expect(clicked).toEqual([]);
  });

  it('writes Arabic product and pharmacy names into the Arabic commission report and its CSV', async () => {
    renderPage({
      language: 'ar',
      selection: { type: 'commission' },
      routes: {
        [`GET /api/sales/commission-report?${last30}`]: () => fakeResponse(200, [aCommissionRow()]),
        'GET /api/products': () => fakeResponse(200, [aProduct({ id: PRODUCT_ID })]),
      },
    });
    expect(await screen.findByText('باراسيتامول ٥٠٠ ملغ')).toBeTruthy();
    expect(screen.getByText('صيدلية وسط البلد')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'تصدير التقرير' }));
    await toastShown('تم تنزيل تقرير العمولات كملف CSV.');
    expect(clicked[0]?.download).toBe(`commission-report-last-30-days-${today}.csv`);
    const csv = await csvOf(blobs[0]!);
    expect(csv).toContain('باراسيتامول ٥٠٠ ملغ');
    expect(csv).toContain('صيدلية وسط البلد');
  });

  it('lists the batches in stock, ignores the period, and names its file with the date only', async () => {
    const { callsTo } = renderPage({
      selection: { type: 'inventory', pharmacyId: downtown.id },
      routes: {
        // The server lists the batches holding stock (inStock=true), by product.
        [`GET /api/inventory?*`]: paged([aBatch()]),
        [`GET /api/reports/stock-summary?pharmacyId=${downtown.id}`]: () => fakeResponse(200, aStockSummary()),
      },
    });
    const row = within((await screen.findByText('000000B1')).closest('tr')!);
    expect(row.getByText('Paracetamol 500 mg')).toBeTruthy();
    expect(row.getByText('Batch LOT-1')).toBeTruthy();
    expect(row.getByText('40')).toBeTruthy();
    expect(
      callsTo('GET', `/api/inventory?pharmacyId=${downtown.id}&inStock=true&sort=product&limit=50&offset=0`),
    ).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Date range' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('report-period').textContent).toBe(
      'Stock as it is now: the date range does not apply to this report.',
    );
    expect(await screen.findByRole('region', { name: 'Stock value by pharmacy' })).toBeTruthy();
    expect(callsTo('GET', `/api/reports/stock-summary?pharmacyId=${downtown.id}`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await toastShown('Inventory report has been downloaded as CSV file.');
    expect(clicked[0]?.download).toBe(`inventory-report-${today}.csv`);
    // Every batch in stock, read from the server for the file.
    expect(
      callsTo('GET', `/api/inventory?pharmacyId=${downtown.id}&inStock=true&sort=product&limit=500&offset=0`),
    ).toHaveLength(1);
  });

  it('colours the days until expiry: red at 7 or fewer, orange at 30 or fewer, muted otherwise', async () => {
    renderPage({
      selection: { type: 'expiry' },
      routes: {
        // The server's order: the most urgent first.
        'GET /api/inventory/expiring?days=90&sort=expiry&limit=50&offset=0': paged([
          anExpiringBatch({ batchId: 'b0000000-0000-4000-8000-0000000000f4', daysToExpiry: -2 }),
          anExpiringBatch({ batchId: 'b0000000-0000-4000-8000-0000000000f3', daysToExpiry: 7 }),
          anExpiringBatch({ batchId: 'b0000000-0000-4000-8000-0000000000f2', daysToExpiry: 20 }),
          anExpiringBatch({ batchId: 'b0000000-0000-4000-8000-0000000000f1', daysToExpiry: 60 }),
        ]),
        'GET /api/reports/stock-summary': () => fakeResponse(200, aStockSummary()),
      },
    });
    await screen.findByText('000000F1');
    const days = (id: string) => rowOf(id).getByText((_, element) => element?.getAttribute('data-cell') === 'days');
    expect(days('000000F4').textContent).toBe('2 days ago');
    expect(days('000000F4').getAttribute('data-tone')).toBe('red');
    expect(days('000000F3').getAttribute('data-tone')).toBe('red');
    expect(days('000000F2').getAttribute('data-tone')).toBe('orange');
    expect(days('000000F1').getAttribute('data-tone')).toBe('muted');
    // Most urgent first.
    const order = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(order).toEqual([
      '000000F4Batch LOT-E1',
      '000000F3Batch LOT-E1',
      '000000F2Batch LOT-E1',
      '000000F1Batch LOT-E1',
    ]);
    expect(screen.getByText(/within the next 90 days/)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Expiry exposure by month' })).toBeTruthy();
  });

  it('offers a pharmacist only the pharmacies they work at, and reads the one chosen', async () => {
    const { callsTo } = renderPage({
      user: aUser({ role: 'pharmacist', pharmacies: [downtown] }),
      routes: salesRoutes(`pharmacyId=${downtown.id}&${last30}`),
    });
    await screen.findByText('#0000A5E1');
    fireEvent.click(screen.getByRole('combobox', { name: 'Pharmacy' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All Locations', 'Downtown Pharmacy']);
    fireEvent.click(screen.getByRole('option', { name: 'Downtown Pharmacy' }));
    await waitFor(() =>
      expect(
        callsTo('GET', `/api/sales?pharmacyId=${downtown.id}&${last30}&sort=-date&limit=100&offset=0`),
      ).toHaveLength(1),
    );
    expect(callsTo('GET', `/api/sales/metrics/daily?pharmacyId=${downtown.id}`)).toHaveLength(1);
  });

  it.each([
    ['inventory', 'GET /api/inventory?*', 'Failed to fetch inventory data'],
    ['expiry', 'GET /api/inventory/expiring?*', 'Failed to fetch expiring products'],
    ['commission', `GET /api/sales/commission-report?${last30}`, 'Failed to fetch commission data'],
  ] as const)('says the %s report could not be loaded', async (type, route, message) => {
    renderPage({
      selection: { type },
      routes: {
        [route]: () => fakeResponse(500, 'down'),
        'GET /api/reports/stock-summary': () => fakeResponse(200, aStockSummary()),
      },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Report' })).toHaveProperty('disabled', true);
  });
  describe('each chart has a table of its figures and a summary (WCAG 2.1 1.1.1)', () => {
    const period = 'startDate=2026-11-18&endDate=2026-11-20';
    const salesSelection = { range: 'custom', from: '2026-11-18', to: '2026-11-20' } as const;

    it('the sales charts, in English', async () => {
      renderPage({
        selection: salesSelection,
        routes: { ...salesRoutes(period), 'GET /api/sales?*': paged([aSale()]) },
      });
      expect(await chartAsTable('Sales per day', englishButtons)).toEqual({
        columns: ['Day', 'Revenue', 'Orders'],
        rows: [
          ['Wednesday, November 18, 2026', '$0.00', '0'],
          ['Thursday, November 19, 2026', '$500.00', '60'],
          ['Friday, November 20, 2026', '$750.00', '80'],
        ],
        summary: '$1,250.00 in all; the highest is Friday, November 20, 2026, at $750.00.',
      });
      expect(await chartAsTable('Sales by pharmacy', englishButtons)).toEqual({
        columns: ['Pharmacy', 'Revenue', 'Orders'],
        rows: [
          ['Downtown Pharmacy', '$1,000.00', '110'],
          ['Abdoun Branch', '$250.00', '30'],
        ],
        summary: '$1,250.00 in all; the highest is Downtown Pharmacy, at $1,000.00.',
      });
      expect(await chartAsTable('Top products', englishButtons)).toEqual({
        columns: ['Product', 'Revenue', 'Units sold'],
        rows: [['Paracetamol 500 mg', '$420.00', '120']],
        summary: '$420.00 in all; the highest is Paracetamol 500 mg, at $420.00.',
      });
    });

    it('the sales charts, in Arabic, with Latin digits', async () => {
      renderPage({
        language: 'ar',
        selection: salesSelection,
        routes: { ...salesRoutes(period), 'GET /api/sales?*': paged([aSale()]) },
      });
      expect(await chartAsTable('المبيعات اليومية', arabicButtons)).toEqual({
        columns: ['اليوم', 'الإيرادات', 'الطلبات'],
        rows: [
          ['الأربعاء، 18 نوفمبر 2026', usd('0.00'), '0'],
          ['الخميس، 19 نوفمبر 2026', usd('500.00'), '60'],
          ['الجمعة، 20 نوفمبر 2026', usd('750.00'), '80'],
        ],
        summary: `المجموع ${usd('1,250.00')}، وأعلاها الجمعة، 20 نوفمبر 2026 بقيمة ${usd('750.00')}.`,
      });
      expect(await chartAsTable('المبيعات حسب الصيدلية', arabicButtons)).toEqual({
        columns: ['الصيدلية', 'الإيرادات', 'الطلبات'],
        rows: [
          ['صيدلية وسط البلد', usd('1,000.00'), '110'],
          ['Abdoun Branch', usd('250.00'), '30'],
        ],
        summary: `المجموع ${usd('1,250.00')}، وأعلاها صيدلية وسط البلد بقيمة ${usd('1,000.00')}.`,
      });
      expect(await chartAsTable('المنتجات الأكثر مبيعًا', arabicButtons)).toEqual({
        columns: ['المنتج', 'الإيرادات', 'الوحدات المبيعة'],
        rows: [['باراسيتامول ٥٠٠ ملغ', usd('420.00'), '120']],
        summary: `المجموع ${usd('420.00')}، وأعلاها باراسيتامول ٥٠٠ ملغ بقيمة ${usd('420.00')}.`,
      });
    });

    it.each([
      [
        'en',
        englishButtons,
        'Stock value by pharmacy',
        ['Pharmacy', 'At cost', 'At list price', 'Packs'],
        ['Downtown Pharmacy', '$109.20', '$182.00', '52'],
        '$182.00 in all; the highest is Downtown Pharmacy, at $182.00.',
      ],
      [
        'ar',
        arabicButtons,
        'قيمة المخزون حسب الصيدلية',
        ['الصيدلية', 'بسعر التكلفة', 'بسعر البيع', 'العبوات'],
        ['صيدلية وسط البلد', usd('109.20'), usd('182.00'), '52'],
        `المجموع ${usd('182.00')}، وأعلاها صيدلية وسط البلد بقيمة ${usd('182.00')}.`,
      ],
    ] as const)('the stock value chart, in %s', async (language, buttons, title, columns, row, summary) => {
      renderPage({
        language,
        selection: { type: 'inventory' },
        routes: {
          'GET /api/inventory?*': paged([aBatch()]),
          'GET /api/reports/stock-summary': () => fakeResponse(200, aStockSummary()),
        },
      });
      expect(await chartAsTable(title, buttons)).toEqual({ columns, rows: [row], summary });
    });

    it.each([
      ['en', 'en', englishButtons, 'Expiry exposure by month', ['Month', 'Status', 'At cost', 'Packs']],
      [
        'ar',
        'ar-u-nu-latn',
        arabicButtons,
        'قيمة المخزون المعرّض للانتهاء حسب الشهر',
        ['الشهر', 'الحالة', 'بسعر التكلفة', 'العبوات'],
      ],
    ] as const)('the expiry exposure chart, in %s', async (language, locale, buttons, title, columns) => {
      const months = [-1, 0, 1, 2].map(monthFromNow);
      renderPage({
        language,
        selection: { type: 'expiry' },
        routes: {
          'GET /api/inventory/expiring?*': paged([anExpiringBatch()]),
          'GET /api/reports/stock-summary': () =>
            fakeResponse(
              200,
              aStockSummary({
                expiryByMonth: [
                  { month: months[0]!, units: 3, costValue: '6.30' },
                  { month: months[3]!, units: 1049, costValue: '2102.90' },
                ],
              }),
            ),
        },
      });
      const en = language === 'en';
      const money = (amount: string) => (en ? `$${amount}` : usd(amount));
      const tone = en
        ? { expired: 'Expired', soon: 'This month or next', later: 'Later' }
        : { expired: 'منتهية الصلاحية', soon: 'هذا الشهر أو القادم', later: 'لاحقًا' };
      const [last, now, next, after] = months.map((month) => longMonth(month, locale));
      expect(await chartAsTable(title, buttons)).toEqual({
        columns,
        rows: [
          [last, tone.expired, money('6.30'), '3'],
          [now, tone.soon, money('0.00'), '0'],
          [next, tone.soon, money('0.00'), '0'],
          [after, tone.later, money('2,102.90'), '1,049'],
        ],
        summary: en
          ? `$2,109.20 in all; the highest is ${after}, at $2,102.90.`
          : `المجموع ${usd('2,109.20')}، وأعلاها ${after} بقيمة ${usd('2,102.90')}.`,
      });
    });
  });

  describe('printing (issue 30: readable on paper)', () => {
    it("'Print report' opens the browser's print dialog once the report has loaded", async () => {
      const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
      renderPage();
      const button = screen.getByRole('button', { name: 'Print report' });
      expect(button).toHaveProperty('disabled', true);
      await screen.findByText('#0000A5E1');
      await waitFor(() => expect(button).toHaveProperty('disabled', false));
      fireEvent.click(button);
      expect(print).toHaveBeenCalledTimes(1);
    });

    it('writes out on paper what the filters are set to: the report, the pharmacy and the period', async () => {
      renderPage();
      await screen.findByText('#0000A5E1');
      const facts = screen.getByTestId('report-print-facts');
      // Only paper shows it (styles.css: .print-only); the menus above say the same on screen.
      expect(facts.className).toContain('print-only');
      const read = [...facts.querySelectorAll('div')].map((fact) => [
        fact.querySelector('dt')?.textContent,
        fact.querySelector('dd')?.textContent,
      ]);
      expect(read).toEqual([
        ['Report type', 'Sales Report'],
        ['Pharmacy', 'All Locations'],
        ['Period', screen.getByTestId('report-period').textContent],
      ]);
      expect(read[2]![1]).toMatch(/^From .+ to .+$/);
    });

    it('names the pharmacy chosen, and says the stock reports are of stock now, in Arabic', async () => {
      renderPage({
        language: 'ar',
        selection: { type: 'inventory', pharmacyId: downtown.id },
        routes: {
          'GET /api/inventory?*': paged([aBatch()]),
          [`GET /api/reports/stock-summary?pharmacyId=${downtown.id}`]: () => fakeResponse(200, aStockSummary()),
        },
      });
      const facts = await screen.findByTestId('report-print-facts');
      // The pharmacy's name once the pharmacies are read.
      await waitFor(() =>
        expect([...facts.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
          'تقرير المخزون',
          'صيدلية وسط البلد',
          'المخزون كما هو الآن: لا تنطبق الفترة الزمنية على هذا التقرير.',
        ]),
      );
      expect(screen.getByRole('button', { name: 'طباعة التقرير' })).toBeTruthy();
    });

    it("prints each chart's table under it, a copy hidden from screen readers, gone while the table is on screen", async () => {
      renderPage();
      const region = within(await screen.findByRole('region', { name: 'Sales by pharmacy' }));
      const copy = () => region.queryByTestId('chart-print-table');
      await waitFor(() => expect(copy()).not.toBeNull());
      expect(copy()!.className).toContain('print-only');
      expect(copy()!.getAttribute('aria-hidden')).toBe('true');
      expect(within(copy()!).getAllByRole('row', { hidden: true })).toHaveLength(3);
      expect(copy()!.textContent).toContain('Downtown Pharmacy');
      // Hidden from assistive technology: the only table a screen reader finds is the one the button shows.
      expect(region.queryByRole('table')).toBeNull();
      fireEvent.click(region.getByRole('button', { name: 'Show as table' }));
      expect(region.getAllByRole('table')).toHaveLength(1);
      expect(copy()).toBeNull();
    });
  });
});
