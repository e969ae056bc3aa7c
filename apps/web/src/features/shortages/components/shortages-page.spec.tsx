import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ShortageItem } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aPharmacy } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import { type FakeHandler } from '../../../test/fake-server';
import { shortageServer, shortages } from '../../../test/shortages';
import { renderSignedIn } from '../../../test/signed-in';
import { aShortage } from '../../../test/transfers';
import { abdoun, aUser } from '../../../test/users';
import { ShortagesPage } from './shortages-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

const pharmacies = [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })];

/** What the page asked the list for: each call's query. */
const listCalls = (calls: ReadonlyArray<{ url: string }>) =>
  calls
    .filter((call) => call.url.startsWith('/api/inventory/shortages?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  routes = {},
  items = shortages,
  language = 'en',
}: { routes?: Record<string, FakeHandler>; items?: ShortageItem[]; language?: 'en' | 'ar' } = {}) {
  return renderSignedIn(<ShortagesPage />, {
    user: aUser(),
    language,
    path: '/shortages',
    routes: {
      ...shortageServer(items),
      'GET /api/pharmacies': () => fakeResponse(200, pharmacies),
      ...routes,
    },
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const cell = (row: HTMLElement, name: 'current' | 'deficit') => row.querySelector(`[data-cell="${name}"]`)!;

describe('Stock Shortages', () => {
  it('sums up the shortages in four cards', async () => {
    renderPage();
    await screen.findByText('Zinc 10 mg');
    const cards = within(screen.getByRole('list', { name: 'Shortage summary' }));
    const card = (label: string) => cards.getByText(label).closest('li')!.textContent;
    expect(card('Total Shortages')).toBe('Total Shortages3');
    expect(card('Critical Shortages')).toBe('Critical Shortages1');
    expect(card('Can Be Fulfilled')).toBe('Can Be Fulfilled1');
    expect(card('Total Deficit')).toBe('Total Deficit87');
  });

  it('lists each shortage with its source and status, coloured by how bad it is', async () => {
    renderPage();
    await screen.findByText('Zinc 10 mg');
    const critical = rowOf('Paracetamol 500 mg');
    expect(critical.hasAttribute('data-critical')).toBe(true);
    expect(cell(critical, 'current').getAttribute('data-accent-color')).toBe('red');
    expect(cell(critical, 'deficit').getAttribute('data-severity')).toBe('high');
    expect(cell(critical, 'deficit').getAttribute('data-accent-color')).toBe('red');
    expect(within(critical).getByText('Partial')).toBeTruthy();
    expect(within(critical).getByText('25 available')).toBeTruthy();

    const medium = rowOf('Zinc 10 mg');
    expect(medium.hasAttribute('data-critical')).toBe(false);
    expect(cell(medium, 'deficit').getAttribute('data-accent-color')).toBe('amber');
    expect(within(medium).getByText('Can Fulfill')).toBeTruthy();
    expect(within(medium).getByText(abdoun.name)).toBeTruthy();

    const none = rowOf('Vitamin C');
    expect(cell(none, 'deficit').getAttribute('data-severity')).toBe('low');
    expect(cell(none, 'deficit').hasAttribute('data-accent-color')).toBe(false);
    expect(within(none).getByText('No Source')).toBeTruthy();
    expect(within(none).getByText('None')).toBeTruthy();
  });

  it('asks the server for one pharmacy when one is chosen', async () => {
    const { calls } = renderPage();
    await screen.findByText('Zinc 10 mg');
    fireEvent.click(screen.getByRole('combobox', { name: 'Pharmacy' }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    await waitFor(() => expect(screen.queryByText('Zinc 10 mg')).toBeNull());
    expect(await screen.findByText('Vitamin C')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ pharmacyId: abdoun.id, sort: '-deficit', limit: '50', offset: '0' });
    const cards = within(screen.getByRole('list', { name: 'Shortage summary' }));
    await waitFor(() => expect(cards.getByText('Total Shortages').closest('li')!.textContent).toBe('Total Shortages1'));
  });

  it('searches, sorts and pages on the server, and the cards follow the search', async () => {
    const many = Array.from({ length: 55 }, (_, i) =>
      aShortage({
        productId: `7a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}`,
        productName: `Zinc ${String(i).padStart(2, '0')}`,
        productNameAr: null,
        deficit: i + 1,
        minStockLevel: i + 1,
        currentStock: 0,
      }),
    );
    const { calls } = renderPage({ items: [...many, shortages[0]!] });
    expect(await screen.findByText('Showing 1 to 50 of 56 shortages')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products or pharmacies...' }), {
      target: { value: 'zinc' },
    });
    expect(await screen.findByText('Showing 1 to 50 of 55 shortages')).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ q: 'zinc', sort: '-deficit', limit: '50', offset: '0' });
    const cards = within(screen.getByRole('list', { name: 'Shortage summary' }));
    await waitFor(() =>
      expect(cards.getByText('Total Shortages').closest('li')!.textContent).toBe('Total Shortages55'),
    );
    // Largest deficit first.
    expect(screen.getAllByRole('rowheader')[0]!.textContent).toBe('Zinc 54');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 51 to 55 of 55 shortages')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Product' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'name', offset: '0' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader')[0]!.textContent).toBe('Zinc 00'));
    expect(screen.getByRole('columnheader', { name: 'Product' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products or pharmacies...' }), {
      target: { value: 'nothing like it' },
    });
    expect(await screen.findByText('No shortages match your search.')).toBeTruthy();
  });

  it('refuses to export nothing', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage({ items: [] });
    expect(await screen.findByText('No stock shortages found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findAllByText('Export Failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('No shortage data available to export.').length).toBeGreaterThan(0);
    expect(click).not.toHaveBeenCalled();
  });

  it('exports the shortages as a dated CSV', async () => {
    const names: string[] = [];
    jest.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { calls } = renderPage();
    await screen.findByText('Zinc 10 mg');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(names).toEqual([expect.stringMatching(/^shortage-report-\d{4}-\d{2}-\d{2}\.csv$/)]));
    // Every shortage that matches, read from the server, not just the page on screen.
    expect(listCalls(calls).at(-1)).toEqual({ sort: '-deficit', limit: '500', offset: '0' });
  });

  it('says when the shortages cannot be read for the export', async () => {
    const pages = shortageServer(shortages);
    let failing = false;
    renderPage({
      routes: {
        'GET /api/inventory/shortages?*': (body, url) =>
          failing ? fakeResponse(500, '') : pages['GET /api/inventory/shortages?*']!(body, url),
      },
    });
    await screen.findByText('Zinc 10 mg');
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findAllByText('Export Failed')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('The shortages could not be read for the file. Please try again.').length,
    ).toBeGreaterThan(0);
  });

  it('says when the shortages cannot be fetched', async () => {
    renderPage({ routes: { 'GET /api/inventory/shortages?*': () => fakeResponse(500, '') } });
    expect(await screen.findByText('Failed to fetch shortages')).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    renderPage({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'نقص المخزون' })).toBeTruthy();
    await screen.findByText('باراسيتامول ٥٠٠ ملغ');
    expect(within(rowOf('باراسيتامول ٥٠٠ ملغ')).getByText('جزئي')).toBeTruthy();
  });
});

// Requesting a transfer, which leads to /transfers: src/app/journeys.spec.tsx.
