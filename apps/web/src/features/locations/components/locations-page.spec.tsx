import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Pharmacy } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse } from '../../../test/fake-response';
import { renderWithProviders } from '../../../test/render';
import { LocationsPage } from './locations-page';

const downtown: Pharmacy = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-90a1b2c3d4e5',
  name: 'Downtown Pharmacy',
  nameAr: 'صيدلية وسط البلد',
  address: 'King Hussein St, Amman',
  addressAr: 'شارع الملك حسين، عمّان',
  phone: '+962 6 555 0100',
  email: 'downtown@example.com',
  managerId: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const airport: Pharmacy = {
  ...downtown,
  id: '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
  name: 'Airport Branch',
  nameAr: null,
  address: 'Queen Alia Airport',
  addressAr: null,
  phone: null,
  email: null,
  isActive: false,
};

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake server: answers by "METHOD path", records every call. */
function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = jest.fn<typeof fetch>((input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = routes[`${method} ${url}`];
    if (!handler) return Promise.resolve(fakeResponse(500, `no fake for ${method} ${url}`));
    return Promise.resolve(handler(init));
  });
  globalThis.fetch = fetchMock;
  return { calls, fetchMock };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('LocationsPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows six skeleton cards while the list loads', () => {
    fakeServer({ 'GET /api/pharmacies': () => new Promise<Response>(() => {}) });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    const skeleton = screen.getByTestId('locations-skeleton');
    expect(skeleton.children).toHaveLength(6);
  });

  it('shows each location with status, contact details and the last six characters of its id', async () => {
    fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, [downtown, airport]) });
    renderWithProviders(<LocationsPage />, { role: 'admin' });

    const card = (await screen.findByRole('heading', { name: 'Downtown Pharmacy' })).closest('article');
    expect(card).not.toBeNull();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('صيدلية وسط البلد')).toBeTruthy();
    expect(inCard.getByText('Active')).toBeTruthy();
    expect(inCard.getByText('King Hussein St, Amman')).toBeTruthy();
    expect(inCard.getByText('شارع الملك حسين، عمّان')).toBeTruthy();
    expect(inCard.getByText('+962 6 555 0100')).toBeTruthy();
    expect(inCard.getByText('downtown@example.com')).toBeTruthy();
    expect(inCard.getByText('c3d4e5')).toBeTruthy();
    expect(inCard.getByRole('button', { name: 'Edit Downtown Pharmacy' })).toBeTruthy();
    expect(inCard.getByRole('button', { name: 'Delete Downtown Pharmacy' })).toBeTruthy();

    const other = screen.getByRole('heading', { name: 'Airport Branch' }).closest('article') as HTMLElement;
    expect(within(other).getByText('Inactive')).toBeTruthy();
    expect(screen.getByText(/2 locations/)).toBeTruthy();
  });

  it('leads with the Arabic name and address in Arabic', async () => {
    fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, [downtown, airport]) });
    renderWithProviders(<LocationsPage />, { language: 'ar', role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'صيدلية وسط البلد' })).toBeTruthy();
    // Without an Arabic name the main one leads.
    expect(screen.getByRole('heading', { name: 'Airport Branch' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'مواقع الصيدليات' })).toBeTruthy();
    expect(screen.getByText('غير نشط')).toBeTruthy();
  });

  it('filters as the user types and says when nothing matches', async () => {
    fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, [downtown, airport]) });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    await screen.findByRole('heading', { name: 'Downtown Pharmacy' });
    const search = screen.getByPlaceholderText('Search locations...');

    fireEvent.change(search, { target: { value: 'queen ALIA' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Downtown Pharmacy' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Airport Branch' })).toBeTruthy();

    fireEvent.change(search, { target: { value: 'no such place' } });
    expect(await screen.findByText('No pharmacy locations found')).toBeTruthy();
    expect(screen.getByText('No locations match your search criteria')).toBeTruthy();
    expect(screen.queryByText('Get started by adding your first pharmacy location')).toBeNull();
  });

  it('invites the first location when there are none', async () => {
    fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, []) });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    expect(await screen.findByText('Get started by adding your first pharmacy location')).toBeTruthy();
    // One in the header, one in the empty state.
    expect(screen.getAllByRole('button', { name: 'Add Location' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
  });

  it('reports a failed load and retries on request', async () => {
    let attempts = 0;
    fakeServer({
      'GET /api/pharmacies': () =>
        ++attempts === 1 ? fakeResponse(500, '', 'Internal Server Error') : fakeResponse(200, [airport]),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    expect(await screen.findByText('Failed to fetch pharmacies')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Airport Branch' })).toBeTruthy();
  });

  it('shows the required-field messages instead of sending an empty form', async () => {
    const { calls } = fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, []) });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Location' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Location' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Address is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('translates the validation messages', async () => {
    fakeServer({ 'GET /api/pharmacies': () => fakeResponse(200, []) });
    renderWithProviders(<LocationsPage />, { language: 'ar', role: 'admin' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'إضافة موقع' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إنشاء الموقع' }));
    expect(await within(dialog).findByText('الاسم مطلوب')).toBeTruthy();
    expect(within(dialog).getByText('العنوان مطلوب')).toBeTruthy();
  });

  it('creates a location with the request body the server expects, then lists it', async () => {
    let list: Pharmacy[] = [];
    const { calls } = fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, list),
      'POST /api/pharmacies': () => {
        list = [downtown];
        return fakeResponse(201, downtown);
      },
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Location' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Downtown Pharmacy ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name (Arabic)' }), {
      target: { value: 'صيدلية وسط البلد' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'King Hussein St, Amman' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Location' }));

    expect(await screen.findByText('Pharmacy location created successfully.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Downtown Pharmacy',
      nameAr: 'صيدلية وسط البلد',
      address: 'King Hussein St, Amman',
      addressAr: null,
      phone: null,
      email: null,
      managerId: null,
      isActive: true,
    });
    expect(await screen.findByRole('heading', { name: 'Downtown Pharmacy' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('locks the form while saving and does not let it be dismissed', async () => {
    fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/pharmacies': () => new Promise<Response>(() => {}),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Location' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Downtown' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), { target: { value: 'Amman' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Location' }));

    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('keeps the dialog open and says so when creating fails', async () => {
    fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'POST /api/pharmacies': () =>
        fakeResponse(400, {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          errors: [{ field: 'email', message: 'Invalid email address' }],
        }),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add Location' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Downtown' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), { target: { value: 'Amman' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Location' }));

    expect(await screen.findByText('Failed to create pharmacy location')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('updates a location with every field, keeping the ones the form does not show', async () => {
    const managed = { ...downtown, managerId: 'manager-7' };
    const { calls } = fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, [managed]),
      [`PUT /api/pharmacies/${downtown.id}`]: () => fakeResponse(200, { ...managed, name: 'Downtown Central' }),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Downtown Pharmacy' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Downtown Pharmacy');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Downtown Central' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Location' }));

    expect(await screen.findByText('Pharmacy location updated successfully.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Downtown Central',
      nameAr: downtown.nameAr,
      address: downtown.address,
      addressAr: downtown.addressAr,
      phone: downtown.phone,
      email: downtown.email,
      managerId: 'manager-7',
      isActive: false,
      version: 1,
    });
  });

  it('shows what someone else saved meanwhile when the edit is refused as stale, and starts again from it', async () => {
    const theirs = { ...downtown, name: 'Downtown Renamed', address: 'Rainbow St 9', version: 2 };
    const { calls } = fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, [downtown]),
      [`PUT /api/pharmacies/${downtown.id}`]: () =>
        calls.filter((call) => call.method === 'PUT').length === 1
          ? fakeResponse(409, {
              statusCode: 409,
              code: 'STALE_EDIT',
              message: 'This pharmacy location was changed by someone else since you opened it.',
              pharmacyId: downtown.id,
              version: 2,
              current: theirs,
            })
          : fakeResponse(200, { ...theirs, phone: '+962 6 555 0199', version: 3 }),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Downtown Pharmacy' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phone' }), { target: { value: '+962 6 555 0199' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Location' }));

    expect(await within(dialog).findByText(/It is now "Downtown Renamed" at Rainbow St 9\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start again from the current values' }));
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Downtown Renamed');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phone' }), { target: { value: '+962 6 555 0199' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Location' }));
    expect(await screen.findByText('Pharmacy location updated successfully.')).toBeTruthy();
    const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.body as { version: number });
    expect(puts.map((body) => body.version)).toEqual([1, 2]);
  });

  it('deletes only after confirmation', async () => {
    let list = [downtown, airport];
    const { calls } = fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, list),
      [`DELETE /api/pharmacies/${airport.id}`]: () => {
        list = [downtown];
        return fakeResponse(204);
      },
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Airport Branch' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Are you sure you want to delete this pharmacy location\?/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Pharmacy location deleted successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Airport Branch' })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('says when a delete fails', async () => {
    fakeServer({
      'GET /api/pharmacies': () => fakeResponse(200, [airport]),
      [`DELETE /api/pharmacies/${airport.id}`]: () => fakeResponse(500, '', 'Internal Server Error'),
    });
    renderWithProviders(<LocationsPage />, { role: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Airport Branch' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete pharmacy location')).toBeTruthy();
  });
});
