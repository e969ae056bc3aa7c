import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSupplier, SUPPLIER_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser } from '../../../test/users';
import { SuppliersPage } from './suppliers-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const dormant = aSupplier({ id: 'dormant', name: 'Old Pharma Ltd', contactPerson: null, email: null, isActive: false });

function renderPage({
  role = 'admin',
  routes = {},
}: { role?: 'admin' | 'pharmacist'; routes?: Record<string, FakeHandler> } = {}) {
  return renderSignedIn(<SuppliersPage />, {
    user: aUser({ role }),
    routes: { 'GET /api/suppliers': () => fakeResponse(200, [aSupplier(), dormant]), ...routes },
  });
}

describe('Suppliers', () => {
  it('tells a pharmacist access is denied, without asking the server', () => {
    const { calls } = renderPage({ role: 'pharmacist' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Only administrators can manage suppliers.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/suppliers'))).toEqual([]);
  });

  it('lists contact details and the status', async () => {
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'MedSupply Co.' })).closest('tr')!;
    expect(within(row).getByText('Khaled Omari')).toBeTruthy();
    expect(within(row).getByText('+962 6 500 1000')).toBeTruthy();
    expect(within(row).getByText('orders@medsupply.example')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const old = (await screen.findByRole('rowheader', { name: 'Old Pharma Ltd' })).closest('tr')!;
    expect(within(old).getByText('Inactive')).toBeTruthy();
  });

  it('creates an active supplier by default', async () => {
    const { callsTo } = renderPage({
      routes: { 'POST /api/suppliers': () => fakeResponse(201, aSupplier({ id: 'new', name: 'Hikma' })) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supplier' });
    expect(
      within(dialog)
        .getByRole('switch', { name: /Active/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    const create = within(dialog).getByRole('button', { name: 'Create Supplier' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Hikma' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect(await within(dialog).findByText('Invalid email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'sales@hikma.example' },
    });
    fireEvent.click(create);
    expect((await screen.findAllByText('Supplier created successfully')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/suppliers')[0]?.body).toEqual({
      name: 'Hikma',
      contactPerson: null,
      phone: null,
      email: 'sales@hikma.example',
      address: null,
      isActive: true,
    });
  });

  it('asks before deleting, and says why a supplier in use stays', async () => {
    renderPage({
      routes: {
        [`DELETE /api/suppliers/${SUPPLIER_ID}`]: () =>
          fakeResponse(409, {
            statusCode: 409,
            code: 'SUPPLIER_IN_USE',
            message:
              'This supplier is named on 1 product(s). Choose another supplier for them first, or mark this one inactive.',
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete MedSupply Co.' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Are you sure you want to delete this supplier\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Failed to delete supplier')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(
        'This supplier is named on 1 product. Choose another supplier for it first, or mark this one inactive.',
      ).length,
    ).toBeGreaterThan(0);
  });
});
