import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Buffer } from 'node:buffer';
import { browserNavigation } from '../../../lib/browser';
import { aProduct } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import {
  aSale,
  dashboardRoutes,
  everywhere,
  id,
  minutesAgo,
  openDiscrepancies,
  pharmaciesRoute,
  products,
  type Data,
} from '../../../test/dashboard';
import { type FakeHandler } from '../../../test/fake-server';
import { renderRoute } from '../../../test/render-route';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown, unauthorizedBody } from '../../../test/users';
import { DISMISSED_ALERTS_KEY } from '../hooks/use-dismissed-alerts';
import { Route as IndexRoute } from '../../../routes/index';
import { DashboardPage } from './dashboard-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  sessionStorage.clear();
  localStorage.clear();
});

function renderPage({
  data = everywhere,
  routes = {},
  language = 'en',
  pharmacyId,
}: {
  data?: Data;
  routes?: Record<string, FakeHandler>;
  language?: 'en' | 'ar';
  pharmacyId?: string | null;
} = {}) {
  return renderSignedIn(<DashboardPage pharmacyId={pharmacyId} />, {
    user: aUser(),
    language,
    routes: { ...pharmaciesRoute, ...dashboardRoutes(null, data), ...routes },
  });
}

const metricCard = (label: string) =>
  within(
    within(screen.getByRole('list', { name: 'Key figures' }))
      .getByText(label)
      .closest('li')!,
  );
const section = (name: string) => within(screen.getByRole('region', { name }));
const overviewRows = () =>
  // The overview is the page's one table.
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).queryByRole('rowheader')?.textContent,
      ...within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ]);

// ---------------------------------------------------------------- tests

describe('Dashboard', () => {
  it('greets the user by first name, or by e-mail without one', async () => {
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(/^Welcome back,/).textContent).toBe('Welcome back, Sara!');
    unmount();
    renderSignedIn(<DashboardPage />, {
      user: aUser({ firstName: null }),
      routes: { ...pharmaciesRoute, ...dashboardRoutes(null, everywhere) },
    });
    expect(screen.getByText(/^Welcome back,/).textContent).toBe('Welcome back, sara@pharmacy.example!');
  });

  it('shows today’s sales, orders, active products and low-stock items, with the fixed change figures', async () => {
    renderPage();
    expect(await metricCard("Today's Sales").findByText('$1,234.50')).toBeTruthy();
    expect(metricCard("Today's Sales").getByText('+12.5%')).toBeTruthy();
    expect(metricCard("Today's Sales").getByText(/from yesterday/)).toBeTruthy();
    expect(metricCard('Orders Processed').getByText('42')).toBeTruthy();
    expect(metricCard('Orders Processed').getByText('+8.2%')).toBeTruthy();
    // Four products, one of them inactive.
    expect(await metricCard('Active Products').findByText('3')).toBeTruthy();
    expect(await metricCard('Low Stock Items').findByText('2')).toBeTruthy();
  });

  it('offers all locations and each pharmacy, and scopes every widget to the one chosen', async () => {
    const scoped: Data = {
      ...everywhere,
      metrics: { totalSales: '10', totalOrders: 1 },
      lowStock: [],
      expiring: [],
      fefo: [],
      sales: [],
    };
    const { calls } = renderPage({ routes: dashboardRoutes(abdoun.id, scoped) });
    expect(await metricCard("Today's Sales").findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toBe('All Locations');
    fireEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All Locations',
      downtown.name,
      abdoun.name,
    ]);
    fireEvent.click(screen.getByRole('option', { name: abdoun.name }));

    expect(await metricCard("Today's Sales").findByText('$10.00')).toBeTruthy();
    for (const path of [
      '/api/sales/metrics/daily',
      '/api/products',
      '/api/inventory/low-stock',
      '/api/inventory/expiring/summary',
      '/api/inventory/fefo',
      '/api/sales',
      '/api/stock-discrepancies',
    ]) {
      await waitFor(() =>
        expect(
          calls.some((call) => call.url.startsWith(`${path}?`) && call.url.includes(`pharmacyId=${abdoun.id}`)),
        ).toBe(true),
      );
    }
    expect(await section('Recent Sales').findByText('No recent sales')).toBeTruthy();
    expect(section('FEFO Recommendations').getByText('No urgent expiry recommendations')).toBeTruthy();
    expect(screen.queryByText('Low Stock Alert')).toBeNull();
    // The table's location column names the pharmacy, and its stock is counted there only.
    await waitFor(() => expect(overviewRows()[1]).toEqual(['Paracetamol 500 mgPanadol', 'PAR-500', '40', abdoun.name]));
  });

  it('asks the server only about a pharmacist’s own pharmacies', async () => {
    renderSignedIn(<DashboardPage />, {
      user: aUser({ role: 'pharmacist', pharmacies: [downtown] }),
      routes: { ...pharmaciesRoute, ...dashboardRoutes(null, everywhere) },
    });
    await screen.findByText('$1,234.50');
    fireEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'All Locations',
        downtown.name,
      ]),
    );
  });

  describe('alerts', () => {
    it('warns about low stock and expiring batches', async () => {
      renderPage();
      const lowStockAlert = (await screen.findByText('Low Stock Alert')).closest('[role="status"]') as HTMLElement;
      expect(within(lowStockAlert).getByText('2 products are running low on stock.')).toBeTruthy();
      expect(within(lowStockAlert).getByRole('button', { name: 'View Inventory' })).toBeTruthy();
      const expiryAlert = (await screen.findByText('Expiry Alert')).closest('[role="status"]') as HTMLElement;
      expect(within(expiryAlert).getByText('3 batches have expired or will expire within 30 days.')).toBeTruthy();
      expect(within(expiryAlert).getByRole('button', { name: 'View Expiring Items' })).toBeTruthy();
    });

    it('shows none while nothing is low or expiring', async () => {
      const { callsTo } = renderPage({ data: { ...everywhere, lowStock: [], expiring: [] } });
      await screen.findByText('$1,234.50');
      await waitFor(() => expect(screen.getByText('Low Stock Items').closest('li')?.textContent).toContain('0'));
      expect(screen.queryByText('Low Stock Alert')).toBeNull();
      expect(screen.queryByText('Expiry Alert')).toBeNull();
      // Nor while no stock discrepancy is open.
      await waitFor(() => expect(callsTo('GET', '/api/stock-discrepancies?status=open&limit=100')).toHaveLength(1));
      expect(screen.queryByRole('status', { name: 'Stock discrepancies to review' })).toBeNull();
    });

    it('raises the open stock discrepancies from offline sales, and cannot be dismissed', async () => {
      renderPage({ data: { ...everywhere, discrepancies: openDiscrepancies(3) } });
      const alert = within(await screen.findByRole('status', { name: 'Stock discrepancies to review' }));
      expect(alert.getByText('3 stock discrepancies from offline sales need review.')).toBeTruthy();
      expect(alert.getByRole('button', { name: 'Review discrepancies' })).toBeTruthy();
      expect(alert.queryByRole('button', { name: /^Dismiss/ })).toBeNull();
    });

    it('counts one discrepancy, and says "or more" beyond the hundred it reads', async () => {
      const { unmount } = renderPage({ data: { ...everywhere, discrepancies: openDiscrepancies(1) } });
      expect(await screen.findByText('1 stock discrepancy from offline sales needs review.')).toBeTruthy();
      unmount();
      renderPage({ data: { ...everywhere, discrepancies: openDiscrepancies(100) } });
      expect(await screen.findByText('100 or more stock discrepancies from offline sales need review.')).toBeTruthy();
    });

    it('stay dismissed for the rest of the session, one at a time', async () => {
      let { unmount } = renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Dismiss low stock alert' }));
      expect(screen.queryByText('Low Stock Alert')).toBeNull();
      expect(screen.getByText('Expiry Alert')).toBeTruthy();
      expect(JSON.parse(sessionStorage.getItem(DISMISSED_ALERTS_KEY) ?? '[]')).toEqual(['lowStock']);

      // Back on the dashboard later in the same session.
      unmount();
      ({ unmount } = renderPage());
      expect(await screen.findByText('Expiry Alert')).toBeTruthy();
      expect(screen.queryByText('Low Stock Alert')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss expiry alert' }));
      expect(screen.queryByText('Expiry Alert')).toBeNull();

      // A new session (session storage starts empty) shows them again.
      unmount();
      sessionStorage.clear();
      renderPage();
      expect(await screen.findByText('Low Stock Alert')).toBeTruthy();
      expect(screen.getByText('Expiry Alert')).toBeTruthy();
    });
  });

  it('lists the recent sales with customer, sale number, amount and how long ago', async () => {
    renderPage();
    const list = within(await section('Recent Sales').findByRole('list'));
    const items = list.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Walk-in CustomerSale #0ab12c$14.97Just now',
      'Rana SalehSale #000002$3.505 minutes ago',
      'Walk-in CustomerSale #000003$14.973 hours ago',
      'Walk-in CustomerSale #000004$14.972 days ago',
    ]);
  });

  it('marks a sale made offline, with the till’s number', async () => {
    renderPage({
      data: { ...everywhere, sales: [aSale(5, { offlineNumber: 'K7Q2-0003', createdAt: minutesAgo(5) })] },
    });
    const item = within(await section('Recent Sales').findByRole('listitem'));
    expect(item.getByText('Offline')).toBeTruthy();
    expect(item.getByText('K7Q2-0003').closest('span')!.textContent).toBe('Sale #000005 · Offline K7Q2-0003');
  });

  it('shows the first five FEFO batches with their priority, expiry, units and urgency', async () => {
    renderPage();
    const fefoSection = section('FEFO Recommendations');
    const items = (await fefoSection.findAllByRole('listitem')).map((item) => within(item));
    expect(items).toHaveLength(5);
    expect(items[0]?.getByText('Amoxicillin 250 mg')).toBeTruthy();
    expect(items[0]?.getByText('Critical')).toBeTruthy();
    expect(items[0]?.getByText('Expires Mar 31, 2027 · 12 units in stock')).toBeTruthy();
    expect(items[0]?.getByText('3 days left')).toBeTruthy();
    expect(items[1]?.getByText('High Priority')).toBeTruthy();
    expect(items[2]?.getByText('Medium')).toBeTruthy();
    const bars = fefoSection.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'));
    // 3 days: 90; 10 days: 75; 20 days: 100 - 40 = 60; 40 and 60 days: at least 45.
    expect(bars).toEqual(['90', '75', '60', '45', '45']);
    expect(fefoSection.getByRole('progressbar', { name: 'Urgency of Amoxicillin 250 mg' })).toBeTruthy();
    expect(fefoSection.queryByText('Batch product 6')).toBeNull();
  });

  describe('inventory overview', () => {
    it('shows each product’s stock, status and location, with "Generic" for a product without a brand', async () => {
      renderPage();
      await waitFor(() =>
        expect(overviewRows()).toEqual([
          ['Old SyrupPanadol', 'SYR-1', '0', 'Multiple Locations'],
          ['Paracetamol 500 mgPanadol', 'PAR-500', '100', 'Multiple Locations'],
          ['Vitamin CRedoxon', 'VIT-C', '0', 'Multiple Locations'],
          ['Zinc 10 mgGeneric', 'ZN-10', '5', 'Multiple Locations'],
        ]),
      );
      const row = (name: string) =>
        within(screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!);
      expect(row('Paracetamol').getByText('In Stock')).toBeTruthy();
      expect(row('Zinc').getByText('Low Stock')).toBeTruthy();
      expect(row('Vitamin C').getByText('Out of Stock')).toBeTruthy();
    });

    it('says "Unknown Location" for a pharmacy it cannot find', async () => {
      const gone = '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a99';
      renderPage({ pharmacyId: gone, routes: dashboardRoutes(gone, everywhere) });
      await waitFor(() => expect(overviewRows()[0]?.[3]).toBe('Unknown Location'));
      expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toBe('Unknown Location');
    });

    it('pages ten products at a time on the server', async () => {
      const many = Array.from({ length: 63 }, (_, index) =>
        aProduct({
          id: id(1000 + index),
          name: `Product ${String(index + 1).padStart(2, '0')}`,
          sku: `P-${index + 1}`,
        }),
      );
      const { calls } = renderPage({ data: { ...everywhere, products: many } });
      expect(await screen.findByText('Showing 1 to 10 of 63 products')).toBeTruthy();
      expect(overviewRows()).toHaveLength(10);
      const pages = within(screen.getByRole('navigation', { name: 'Pages' }));
      expect(pages.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Previous',
        '1',
        '2',
        '3',
        '4',
        '5',
        '7',
        'Next',
      ]);
      fireEvent.click(pages.getByRole('button', { name: 'Page 7' }));
      expect(await screen.findByText('Showing 61 to 63 of 63 products')).toBeTruthy();
      expect(overviewRows().map((row) => row[1])).toEqual(['P-61', 'P-62', 'P-63']);
      expect(calls.map((call) => call.url)).toContain('/api/products?sort=name&limit=10&offset=60');
      fireEvent.click(pages.getByRole('button', { name: 'Previous' }));
      expect(await screen.findByText('Showing 51 to 60 of 63 products')).toBeTruthy();
    });

    it('searches on the server, and says when nothing matches', async () => {
      const { callsTo } = renderPage();
      await waitFor(() => expect(overviewRows()).toHaveLength(4));
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search products...' }), { target: { value: ' zin ' } });
      await waitFor(() => expect(overviewRows()).toEqual([['Zinc 10 mgGeneric', 'ZN-10', '5', 'Multiple Locations']]));
      expect(callsTo('GET', '/api/products?q=zin&sort=name&limit=10&offset=0')).toHaveLength(1);
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search products...' }), { target: { value: 'nothing' } });
      expect(await screen.findByText('No products found')).toBeTruthy();
    });

    describe('export', () => {
      let blobs: Blob[];
      let fileNames: string[];
      beforeEach(() => {
        blobs = [];
        fileNames = [];
        jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
          blobs.push(blob as Blob);
          return 'blob:export';
        });
        jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
          fileNames.push(this.download);
        });
      });
      afterEach(() => {
        jest.restoreAllMocks();
      });

      const bytesOf = (blob: Blob) =>
        new Promise<Buffer>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
          reader.readAsArrayBuffer(blob);
        });

      it('downloads every row the search found, not only the page, as UTF-8 CSV with a byte order mark', async () => {
        const many = Array.from({ length: 23 }, (_, index) =>
          aProduct({ id: id(1000 + index), name: `Zinc ${String(index).padStart(2, '0')}`, sku: `Z-${index}` }),
        );
        const { callsTo } = renderPage({ data: { ...everywhere, products: [...products, ...many] } });
        await waitFor(() => expect(overviewRows()).toHaveLength(10));
        fireEvent.change(screen.getByRole('searchbox', { name: 'Search products...' }), { target: { value: 'zin' } });
        expect(await screen.findByText('Showing 1 to 10 of 24 products')).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Export' }));
        await waitFor(() => expect(fileNames).toHaveLength(1));
        expect(callsTo('GET', '/api/products?q=zin&sort=name&limit=500&offset=0')).toHaveLength(1);
        const lines = (await bytesOf(blobs[0]!)).subarray(3).toString('utf8').split('\r\n');
        // The heading, 24 products and the line end after the last.
        expect(lines).toHaveLength(26);
        expect(lines).toContain('Zinc 10 mg,Generic,ZN-10,5,Multiple Locations,Low Stock');
      });

      it('downloads the rows the search found as UTF-8 CSV with a byte order mark', async () => {
        renderPage();
        await waitFor(() => expect(overviewRows()).toHaveLength(4));
        fireEvent.change(screen.getByRole('searchbox', { name: 'Search products...' }), { target: { value: 'zin' } });
        await waitFor(() => expect(overviewRows()).toHaveLength(1));
        fireEvent.click(screen.getByRole('button', { name: 'Export' }));
        await waitFor(() => expect(fileNames).toHaveLength(1));
        expect(fileNames).toEqual([expect.stringMatching(/^inventory-overview-\d{4}-\d{2}-\d{2}\.csv$/)]);
        expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
        const bytes = await bytesOf(blobs[0]!);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(bytes.subarray(3).toString('utf8')).toBe(
          'Product,Brand,SKU,Stock,Location,Status\r\nZinc 10 mg,Generic,ZN-10,5,Multiple Locations,Low Stock\r\n',
        );
      });

      it('writes Arabic names and headings in Arabic', async () => {
        renderPage({ language: 'ar' });
        await waitFor(() => expect(overviewRows()).toHaveLength(4));
        fireEvent.click(screen.getByRole('button', { name: 'تصدير' }));
        await waitFor(() => expect(blobs).toHaveLength(1));
        const lines = (await bytesOf(blobs[0]!)).subarray(3).toString('utf8').split('\r\n');
        expect(lines[0]).toBe('المنتج,العلامة التجارية,رمز المنتج,المخزون,الموقع,الحالة');
        expect(lines[4]).toBe('زنك ١٠ ملغ,جنيس,ZN-10,5,مواقع متعددة,مخزون منخفض');
      });
    });
  });

  describe('a widget that cannot load', () => {
    it('says what failed, leaves the others working, and loads again on request', async () => {
      let fail = true;
      renderPage({
        routes: {
          'GET /api/sales/metrics/daily': () =>
            fail ? fakeResponse(500, '') : fakeResponse(200, { totalSales: '99.00', totalOrders: 7 }),
          'GET /api/sales?limit=5': () => fakeResponse(500, ''),
          'GET /api/inventory/fefo': () => fakeResponse(503, ''),
          'GET /api/inventory/expiring/summary?days=30': () => fakeResponse(500, ''),
          'GET /api/inventory/low-stock?limit=1&offset=0': () => fakeResponse(500, ''),
          'GET /api/stock-discrepancies?status=open&limit=100': () => fakeResponse(500, ''),
        },
      });
      expect(await metricCard("Today's Sales").findByText('Failed to fetch sales metrics')).toBeTruthy();
      expect(metricCard('Orders Processed').getByText('Failed to fetch sales metrics')).toBeTruthy();
      expect(await metricCard('Low Stock Items').findByText('Failed to fetch low stock products')).toBeTruthy();
      expect(await section('Recent Sales').findByText('Failed to fetch recent sales')).toBeTruthy();
      expect(await section('FEFO Recommendations').findByText('Failed to fetch FEFO recommendations')).toBeTruthy();
      expect(await screen.findByText('Failed to fetch expiring products')).toBeTruthy();
      expect(await screen.findByText('Failed to check for stock discrepancies')).toBeTruthy();
      // The rest still shows.
      expect(await metricCard('Active Products').findByText('3')).toBeTruthy();
      await waitFor(() => expect(overviewRows()).toHaveLength(4));

      fail = false;
      fireEvent.click(metricCard("Today's Sales").getByRole('button', { name: 'Try again' }));
      expect(await metricCard("Today's Sales").findByText('$99.00')).toBeTruthy();
      expect(metricCard('Orders Processed').getByText('7')).toBeTruthy();
    });

    it('names the table’s failed read', async () => {
      renderPage({
        routes: {
          'GET /api/products': () => fakeResponse(500, ''),
          'GET /api/products?*': () => fakeResponse(500, ''),
        },
      });
      const table = section('Inventory Overview');
      expect(await table.findByText('Failed to fetch products')).toBeTruthy();
      expect(metricCard('Active Products').getByText('Failed to fetch products')).toBeTruthy();
      expect((table.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    });
  });

  it('speaks Arabic', async () => {
    renderPage({ language: 'ar', data: { ...everywhere, discrepancies: openDiscrepancies(3) } });
    expect(screen.getByRole('heading', { level: 1, name: 'لوحة التحكم' })).toBeTruthy();
    expect(screen.getByText(/^مرحبًا بعودتك/).textContent).toBe('مرحبًا بعودتك، Sara!');
    expect(screen.getByRole('combobox', { name: 'الموقع' }).textContent).toBe('جميع المواقع');
    expect(await screen.findByText('تنبيه انخفاض المخزون')).toBeTruthy();
    expect(screen.getByText('منتجان مخزونهما منخفض.')).toBeTruthy();
    const discrepancies = within(await screen.findByRole('status', { name: 'فروقات مخزون بحاجة إلى مراجعة' }));
    expect(discrepancies.getByText('3 فروقات مخزون من مبيعات دون اتصال بحاجة إلى مراجعة.')).toBeTruthy();
    expect(discrepancies.getByRole('button', { name: 'مراجعة الفروقات' })).toBeTruthy();
    const sales = within(await section('أحدث المبيعات').findByRole('list'));
    expect(sales.getAllByText('عميل عابر')).toHaveLength(3);
    expect(sales.getByText('الآن')).toBeTruthy();
    expect(sales.getByText('قبل 5 دقائق')).toBeTruthy();
    expect(sales.getAllByText(/^عملية بيع رقم/)[0]?.textContent).toBe('عملية بيع رقم 0ab12c');
    const fefoList = section('توصيات الصرف حسب الانتهاء (FEFO)');
    expect(await fefoList.findByText('حرج')).toBeTruthy();
    expect(fefoList.getByText('منتج الدفعة 2')).toBeTruthy();
    expect(fefoList.getByText('تبقى 3 أيام')).toBeTruthy();
    // In the order of the names an Arabic reader sees: the Latin fallbacks first, then the Arabic names.
    await waitFor(() => expect(overviewRows()[3]).toEqual(['زنك ١٠ ملغجنيس', 'ZN-10', '5', 'مواقع متعددة']));
    expect(overviewRows()[2]?.[1]).toBe('PAR-500');
    expect(screen.getAllByText('نفد المخزون').length).toBeGreaterThan(0);
  });
});

describe('Dashboard at /', () => {
  let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
  beforeEach(() => {
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  // Where the dashboard links to, and the location kept in the address: src/app/journeys.spec.tsx.

  it('warns and goes to sign in when a dashboard read finds the session ended', async () => {
    renderRoute('/', IndexRoute, {
      path: '/',
      routes: {
        ...pharmaciesRoute,
        ...dashboardRoutes(null, { ...everywhere, discrepancies: openDiscrepancies(2) }),
        'GET /api/inventory/fefo': () => fakeResponse(401, unauthorizedBody),
      },
    });
    // The file's first render of the shell, when this test runs alone, can take seconds on a busy machine.
    const loggedOut = await screen.findAllByText('You are logged out. Logging in again...', {}, { timeout: 5000 });
    expect(loggedOut.length).toBeGreaterThan(0);
    expect(screen.getAllByText('Unauthorized').length).toBeGreaterThan(0);
    expect(assign).not.toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
