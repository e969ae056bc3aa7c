import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { fakeResponse } from '../../../test/fake-response';
import { renderWithProviders } from '../../../test/render';
import { LocationsPage } from './locations-page';

function renderAsPharmacist() {
  return renderWithProviders(<LocationsPage />, { role: 'pharmacist' });
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('LocationsPage for a pharmacist', () => {
  it('hides add, edit and delete', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() =>
      Promise.resolve(
        fakeResponse(200, [
          {
            id: '6f1c2d3e-4b5a-4c6d-8e7f-90a1b2c3d4e5',
            name: 'Downtown Pharmacy',
            nameAr: null,
            address: 'Amman',
            addressAr: null,
            phone: null,
            email: null,
            managerId: null,
            isActive: true,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
            version: 1,
          },
        ]),
      ),
    );
    renderAsPharmacist();
    expect(await screen.findByRole('heading', { name: 'Downtown Pharmacy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Location/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('offers no add button in the empty state', async () => {
    globalThis.fetch = jest.fn<typeof fetch>(() => Promise.resolve(fakeResponse(200, [])));
    renderAsPharmacist();
    expect(await screen.findByText('Get started by adding your first pharmacy location')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Location/ })).toBeNull();
  });
});
