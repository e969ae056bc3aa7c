import { afterEach, describe, expect, it } from '@jest/globals';
import type { AdminUserRow, Pharmacy } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../../../lib/authorization';
import { currentUserQueryKey, type AuthState } from '../../../lib/session';
import { fakeResponse } from '../../../test/fake-response';
import { fakeServer, type FakeHandler, type RecordedCall } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { aUser } from '../../../test/users';
import { UserManagementPage } from './user-management-page';

const me = aUser({ id: 'admin-1', firstName: 'Sara', lastName: 'Haddad', email: 'admin@pharmacy.example' });

const pharmacy = (id: string, name: string, nameAr: string | null = null): Pharmacy => ({
  id,
  name,
  nameAr,
  address: 'Amman',
  addressAr: null,
  phone: null,
  email: null,
  managerId: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});
const downtown = pharmacy('5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01', 'Downtown', 'وسط البلد');
const abdoun = pharmacy('5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02', 'Abdoun');
const irbid = pharmacy('5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03', 'Irbid');

const row = (overrides: Partial<AdminUserRow>): AdminUserRow => ({
  userId: 'admin-1',
  email: 'admin@pharmacy.example',
  firstName: 'Sara',
  lastName: 'Haddad',
  role: 'admin',
  profileImageUrl: null,
  pharmacyId: null,
  pharmacyName: null,
  isAssignmentActive: null,
  ...overrides,
});

const rows: AdminUserRow[] = [
  row({}),
  row({
    userId: 'omar',
    email: 'omar@pharmacy.example',
    firstName: 'Omar',
    lastName: 'Khalil',
    role: 'pharmacist',
    pharmacyId: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
    pharmacyName: 'Downtown',
    isAssignmentActive: true,
  }),
  row({
    userId: 'omar',
    email: 'omar@pharmacy.example',
    firstName: 'Omar',
    lastName: 'Khalil',
    role: 'pharmacist',
    pharmacyId: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02',
    pharmacyName: 'Abdoun',
    isAssignmentActive: true,
  }),
];

/**
 * GET /api/admin/users as the server answers a page (see
 * test/e2e/user-pages.api.spec.ts), in miniature: users (not rows) matched by
 * name or e-mail, sorted, paged; every row of each user on the page; the number
 * of matching users in X-Total-Count.
 */
function userPages(list: () => readonly AdminUserRow[]): FakeHandler {
  return (_, url) => {
    const params = url!.searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const users = [...new Map(list().map((r) => [r.userId, r])).values()].filter((user) =>
      [`${user.firstName ?? ''} ${user.lastName ?? ''}`, user.email].some((text) => text.toLowerCase().includes(q)),
    );
    const sort = params.get('sort') ?? 'name';
    const key = (user: AdminUserRow) =>
      sort.endsWith('email') ? user.email : sort.endsWith('role') ? user.role : `${user.firstName} ${user.lastName}`;
    users.sort((a, b) => key(a).localeCompare(key(b)));
    if (sort.startsWith('-')) users.reverse();
    const offset = Number(params.get('offset'));
    const page = users.slice(offset, offset + Number(params.get('limit')));
    const answer = page.flatMap((user) => list().filter((r) => r.userId === user.userId));
    return fakeResponse(200, answer, '', { 'X-Total-Count': String(users.length) });
  };
}

/** The user list calls the page made, as query parameters. */
const userListCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/users?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

/** For the waits after rendering a page of 50 rows, which a busy machine draws slowly. */
const slow = { timeout: 10_000 };

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function renderPage({
  role = 'admin',
  routes = {},
  language = 'en',
}: { role?: Role; routes?: Record<string, FakeHandler>; language?: 'en' | 'ar' } = {}) {
  const server = fakeServer({
    'GET /api/admin/users?*': userPages(() => rows),
    'GET /api/pharmacies': () => fakeResponse(200, [downtown, abdoun, irbid]),
    ...routes,
  });
  const signedIn: AuthState = { status: 'signedIn', user: { ...me, role } };
  renderWithProviders(<UserManagementPage />, {
    role,
    language,
    path: '/user-management',
    prepare: (queryClient) => queryClient.setQueryData(currentUserQueryKey, signedIn),
  });
  return server;
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('User management', () => {
  it('tells a pharmacist access is denied, without asking the server', () => {
    const { calls } = renderPage({ role: 'pharmacist' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText('You do not have permission to access user management. Only administrators can manage users.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows one card per user with role, pharmacy access and the right controls', async () => {
    renderPage();
    const omar = within(await card('Omar Khalil'));
    expect(omar.getByText('omar@pharmacy.example')).toBeTruthy();
    expect(omar.getByText('Pharmacist')).toBeTruthy();
    expect(omar.getByText('Downtown')).toBeTruthy();
    expect(omar.getByText('Abdoun')).toBeTruthy();
    expect(
      (omar.getByRole('switch', { name: 'Administrator role for Omar Khalil' }) as HTMLElement).getAttribute(
        'aria-checked',
      ),
    ).toBe('false');
    expect((omar.getByRole('button', { name: 'Delete Omar Khalil' }) as HTMLButtonElement).disabled).toBe(false);

    const sara = within(await card('Sara Haddad'));
    expect(sara.getByText('Admin', { selector: '.rt-Badge' })).toBeTruthy();
    expect(sara.getByText('No pharmacy access assigned')).toBeTruthy();
    // One's own account cannot be deleted.
    expect((sara.getByRole('button', { name: 'Delete Sara Haddad' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows an auditor as such, with nothing to assign: auditors read every pharmacy', async () => {
    renderPage({
      routes: {
        'GET /api/admin/users?*': userPages(() => [
          ...rows,
          row({
            userId: 'rami',
            email: 'auditor@pharmacy.example',
            firstName: 'Rami',
            lastName: 'Saleh',
            role: 'auditor',
          }),
        ]),
      },
    });
    const rami = within(await card('Rami Saleh'));
    expect(rami.getByText('Auditor', { selector: '.rt-Badge' })).toBeTruthy();
    expect(
      rami.getByText('Auditors see every pharmacy and change nothing: no pharmacy access to assign.'),
    ).toBeTruthy();
    expect(rami.queryByText('No pharmacy access assigned')).toBeNull();
    expect(rami.queryByRole('button', { name: 'Add Pharmacy Access' })).toBeNull();
    // A pharmacist's card keeps its assignments.
    expect(within(await card('Omar Khalil')).getByRole('button', { name: 'Add Pharmacy Access' })).toBeTruthy();
  });

  it('asks the server for the first page of users by name', async () => {
    const { calls } = renderPage();
    await card('Omar Khalil');
    expect(userListCalls(calls)).toEqual([{ sort: 'name', limit: '50', offset: '0' }]);
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('has the server search by name or e-mail once one stops typing', async () => {
    const { calls } = renderPage();
    await card('Omar Khalil');
    const search = screen.getByPlaceholderText('Search users by name or email...');
    fireEvent.change(search, { target: { value: 'ADMI' } });
    fireEvent.change(search, { target: { value: 'ADMIN@' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Omar Khalil' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Sara Haddad' })).toBeTruthy();
    expect(userListCalls(calls).filter((call) => call.q)).toEqual([
      { q: 'ADMIN@', sort: 'name', limit: '50', offset: '0' },
    ]);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No users found matching your search.')).toBeTruthy();
  });

  it('pages users on the server, each with all their pharmacies, and sorts them', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      row({
        userId: `user-${i}`,
        email: `user${String(i).padStart(2, '0')}@pharmacy.example`,
        firstName: 'User',
        lastName: String(i).padStart(2, '0'),
        role: 'pharmacist',
      }),
    );
    const { calls } = renderPage({ routes: { 'GET /api/admin/users?*': userPages(() => [...rows, ...many]) } });
    expect(await screen.findByText('Showing 1 to 50 of 62 users', {}, slow)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    // Omar's two rows make one card with both pharmacies.
    const omar = within(await card('Omar Khalil'));
    expect(omar.getByText('Downtown')).toBeTruthy();
    expect(omar.getByText('Abdoun')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 62 of 62 users', {}, slow)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByRole('heading', { name: 'User 59' })).toBeTruthy();
    expect(userListCalls(calls).at(-1)).toEqual({ sort: 'name', limit: '50', offset: '50' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Sort users' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Newest first' }));
    await waitFor(() => expect(userListCalls(calls).at(-1)).toEqual({ sort: '-created', limit: '50', offset: '0' }));
    expect(await screen.findByText('Showing 1 to 50 of 62 users', {}, slow)).toBeTruthy();
  });

  it('asks for the opposite role with the switch, and refreshes the list', async () => {
    const { calls, callsTo } = renderPage({
      routes: { 'PATCH /api/admin/users/omar/role': () => fakeResponse(200, { message: 'ok' }) },
    });
    fireEvent.click(within(await card('Omar Khalil')).getByRole('switch'));
    expect((await screen.findAllByText('User role updated successfully!')).length).toBeGreaterThan(0);
    expect(callsTo('PATCH', '/api/admin/users/omar/role')[0]?.body).toEqual({ role: 'admin' });
    await waitFor(() => expect(userListCalls(calls).length).toBeGreaterThan(1));
  });

  it('explains a refusal under "Action Blocked", in the reader’s language', async () => {
    const blocked = () =>
      fakeResponse(409, {
        statusCode: 409,
        code: 'OWN_ROLE',
        message: 'You cannot change your own role. Have another admin change it for you.',
      });
    renderPage({ routes: { 'PATCH /api/admin/users/admin-1/role': blocked } });
    fireEvent.click(within(await card('Sara Haddad')).getByRole('switch'));
    expect((await screen.findAllByText('Action Blocked')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('You cannot change your own role. Have another admin change it for you.').length,
    ).toBeGreaterThan(0);
  });

  it('says "Error" with the fallback when the server gives no reason', async () => {
    renderPage({ routes: { 'PATCH /api/admin/users/omar/role': () => fakeResponse(500, '') } });
    fireEvent.click(within(await card('Omar Khalil')).getByRole('switch'));
    expect((await screen.findAllByText('Failed to update user role')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it('offers only pharmacies the user does not have yet, and assigns one', async () => {
    const { callsTo } = renderPage({
      routes: { 'POST /api/admin/users/omar/pharmacies': () => fakeResponse(200, { message: 'ok' }) },
    });
    const omar = within(await card('Omar Khalil'));
    const add = omar.getByRole('button', { name: 'Add Pharmacy Access' }) as HTMLButtonElement;
    // Enabled once the pharmacies are known.
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    fireEvent.click(omar.getByRole('combobox', { name: 'Pharmacy to assign to Omar Khalil' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Irbid']);
    fireEvent.click(screen.getByRole('option', { name: 'Irbid' }));
    fireEvent.click(omar.getByRole('button', { name: 'Assign' }));
    expect((await screen.findAllByText('Pharmacy assigned successfully!')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/admin/users/omar/pharmacies')[0]?.body).toEqual({
      pharmacyId: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03',
    });
  });

  it('removes a pharmacy assignment', async () => {
    const { callsTo } = renderPage({
      routes: {
        'DELETE /api/admin/users/omar/pharmacies/5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02': () =>
          fakeResponse(200, { message: 'ok' }),
      },
    });
    fireEvent.click(
      within(await card('Omar Khalil')).getByRole('button', { name: 'Remove access to Abdoun for Omar Khalil' }),
    );
    expect((await screen.findAllByText('Pharmacy assignment removed successfully!')).length).toBeGreaterThan(0);
    expect(callsTo('DELETE', '/api/admin/users/omar/pharmacies/5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02')).toHaveLength(1);
  });

  it('deletes a user after confirmation, and says so once the card is gone', async () => {
    let list = rows;
    const { callsTo } = renderPage({
      routes: {
        'GET /api/admin/users?*': userPages(() => list),
        'DELETE /api/admin/users/omar': () => {
          list = rows.filter((item) => item.userId !== 'omar');
          return fakeResponse(200, { message: 'ok' });
        },
      },
    });
    fireEvent.click(within(await card('Omar Khalil')).getByRole('button', { name: 'Delete Omar Khalil' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('User deleted successfully!')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Omar Khalil' })).toBeNull());
    expect(callsTo('DELETE', '/api/admin/users/omar')).toHaveLength(1);
  });

  it('resets a password only when both fields agree and are long enough', async () => {
    const { callsTo } = renderPage({
      routes: { 'POST /api/admin/users/omar/reset-password': () => fakeResponse(200, { message: 'ok' }) },
    });
    fireEvent.click(within(await card('Omar Khalil')).getByRole('button', { name: 'Reset password for Omar Khalil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset User Password' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    submit();
    expect((await screen.findAllByText('Please enter and confirm the new password.')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('New Password'), { target: { value: 'short' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm Password'), { target: { value: 'short' } });
    submit();
    expect((await screen.findAllByText('Password must be at least 8 characters long.')).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('New Password'), { target: { value: 'Renewed#2026' } });
    fireEvent.change(within(dialog).getByLabelText('Confirm Password'), { target: { value: 'Renewed#2026' } });
    submit();
    expect((await screen.findAllByText('Password reset successfully!')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/admin/users/omar/reset-password')[0]?.body).toEqual({ newPassword: 'Renewed#2026' });
  });

  describe('Create New User', () => {
    async function openDialog() {
      fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
      return screen.findByRole('dialog', { name: 'Create New User' });
    }
    const fill = (dialog: HTMLElement, label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

    it('reports each problem in a "Validation Error" toast, in the specification’s order, sending nothing', async () => {
      const { calls } = renderPage();
      const dialog = await openDialog();
      expect(within(dialog).getByText('They will be able to log in using their email and password.')).toBeTruthy();
      const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));

      submit();
      expect((await screen.findAllByText('Validation Error')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('All fields are required.').length).toBeGreaterThan(0);

      fill(dialog, 'First Name', 'Nadia');
      fill(dialog, 'Last Name', 'Saleh');
      fill(dialog, 'Email Address', 'nadia@pharmacy');
      fill(dialog, 'Password', 'short');
      fill(dialog, 'Confirm Password', 'other');
      submit();
      expect((await screen.findAllByText('Passwords do not match.')).length).toBeGreaterThan(0);

      fill(dialog, 'Confirm Password', 'short');
      submit();
      expect((await screen.findAllByText('Password must be at least 8 characters long.')).length).toBeGreaterThan(0);

      fill(dialog, 'Password', 'Nadia#2026');
      fill(dialog, 'Confirm Password', 'Nadia#2026');
      submit();
      expect((await screen.findAllByText('Please enter a valid email address.')).length).toBeGreaterThan(0);
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('creates a pharmacist by default, with the body the server expects', async () => {
      const { callsTo } = renderPage({
        routes: {
          'POST /api/auth/register': () => fakeResponse(201, { message: 'User created successfully!', userId: 'n' }),
        },
      });
      const dialog = await openDialog();
      fill(dialog, 'First Name', ' Nadia ');
      fill(dialog, 'Last Name', 'Saleh');
      fill(dialog, 'Email Address', 'nadia@pharmacy.example');
      fill(dialog, 'Password', 'Nadia#2026');
      fill(dialog, 'Confirm Password', 'Nadia#2026');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
      expect((await screen.findAllByText('User created successfully!')).length).toBeGreaterThan(0);
      expect(callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
        firstName: 'Nadia',
        lastName: 'Saleh',
        email: 'nadia@pharmacy.example',
        password: 'Nadia#2026',
        role: 'pharmacist',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('creates an auditor when asked to, saying what an auditor may do', async () => {
      const { callsTo } = renderPage({
        routes: {
          'POST /api/auth/register': () => fakeResponse(201, { message: 'User created successfully!', userId: 'r' }),
        },
      });
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'Pharmacist',
        'Admin',
        'Auditor',
      ]);
      fireEvent.click(screen.getByRole('option', { name: 'Auditor' }));
      expect(
        within(dialog).getByText('Sees everything, including the audit trail, and can change nothing.'),
      ).toBeTruthy();
      fill(dialog, 'First Name', 'Rami');
      fill(dialog, 'Last Name', 'Saleh');
      fill(dialog, 'Email Address', 'rami@pharmacy.example');
      fill(dialog, 'Password', 'Audit#2026');
      fill(dialog, 'Confirm Password', 'Audit#2026');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
      expect((await screen.findAllByText('User created successfully!')).length).toBeGreaterThan(0);
      expect(callsTo('POST', '/api/auth/register')[0]?.body).toMatchObject({ role: 'auditor' });
    });

    it('speaks Arabic in Arabic', async () => {
      renderPage({ language: 'ar' });
      fireEvent.click(await screen.findByRole('button', { name: 'إضافة مستخدم' }));
      const dialog = await screen.findByRole('dialog', { name: 'إنشاء مستخدم جديد' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'إنشاء المستخدم' }));
      expect((await screen.findAllByText('خطأ في البيانات')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('جميع الحقول مطلوبة.').length).toBeGreaterThan(0);
    });
  });
});
