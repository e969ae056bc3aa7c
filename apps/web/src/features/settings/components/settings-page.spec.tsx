import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { defaultSystemSettings, type CurrentUser } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../../../lib/authorization';
import { browserNavigation } from '../../../lib/browser';
import { currentUserQueryKey, type AuthState } from '../../../lib/session';
import { fakeResponse } from '../../../test/fake-response';
import { fakeServer, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { abdoun, aUser } from '../../../test/users';
import { SettingsPage } from './settings-page';

const profile = {
  firstName: 'Sara',
  lastName: 'Haddad',
  email: 'sara@pharmacy.example',
  phone: null,
  defaultPharmacyId: null,
};

const realFetch = globalThis.fetch;
let assign: jest.SpiedFunction<typeof browserNavigation.assign>;
beforeEach(() => {
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
  globalThis.fetch = realFetch;
});

function renderSettings({
  role = 'admin',
  language = 'en',
  user = {},
  routes = {},
}: {
  role?: Role;
  language?: 'en' | 'ar';
  user?: Partial<CurrentUser>;
  routes?: Record<string, FakeHandler>;
} = {}) {
  const server = fakeServer({
    'GET /api/settings/profile': () => fakeResponse(200, profile),
    'GET /api/settings': () => fakeResponse(200, defaultSystemSettings),
    'GET /api/auth/user': () => fakeResponse(200, aUser({ role, ...user })),
    ...routes,
  });
  const signedIn: AuthState = { status: 'signedIn', user: aUser({ role, ...user }) };
  renderWithProviders(<SettingsPage />, {
    role,
    language,
    prepare: (queryClient) => queryClient.setQueryData(currentUserQueryKey, signedIn),
  });
  return server;
}

const openTab = (name: string) => {
  // Radix Themes repeats a tab's label in a hidden sizing copy, so the name starts with the label.
  const tab = screen.getByRole('tab', { name: new RegExp(`^${name}`) });
  // Radix Tabs switch on mouse down (and on focus with the keyboard).
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
};

describe('Settings → Profile', () => {
  it('checks the fields with the shared messages, in English', async () => {
    const { calls } = renderSettings();
    const firstName = await screen.findByRole('textbox', { name: /First Name/ });
    fireEvent.change(firstName, { target: { value: ' ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last Name/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('checks the fields in Arabic too', async () => {
    renderSettings({ language: 'ar' });
    const firstName = await screen.findByRole('textbox', { name: /الاسم الأول/ });
    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /البريد الإلكتروني/ }), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ الملف الشخصي' }));
    expect(await screen.findByText('الاسم الأول مطلوب')).toBeTruthy();
    expect(screen.getByText('عنوان البريد الإلكتروني غير صالح')).toBeTruthy();
  });

  it('saves the profile and says "Settings Saved"', async () => {
    const { callsTo } = renderSettings({
      routes: { 'PUT /api/settings/profile': (body) => fakeResponse(200, body) },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /First Name/ }), { target: { value: 'Sarah' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '+962 6 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findAllByText('Settings Saved')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('User settings have been saved.').length).toBeGreaterThan(0);
    expect(callsTo('PUT', '/api/settings/profile')[0]?.body).toEqual({
      firstName: 'Sarah',
      lastName: 'Haddad',
      email: 'sara@pharmacy.example',
      phone: '+962 6 555 0100',
      defaultPharmacyId: null,
    });
  });

  it('offers the user’s pharmacies as the default one', async () => {
    const { callsTo } = renderSettings({
      routes: { 'PUT /api/settings/profile': (body) => fakeResponse(200, body) },
    });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Default pharmacy' }));
    fireEvent.click(await screen.findByRole('option', { name: abdoun.name }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/settings/profile')[0]?.body).toMatchObject({ defaultPharmacyId: abdoun.id }),
    );
  });
});

describe('Settings → System and Notifications', () => {
  it('saves the whole settings object, and checks the minimums', async () => {
    const { callsTo } = renderSettings({ routes: { 'PUT /api/settings': (body) => fakeResponse(200, body) } });
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('System');
    const threshold = await screen.findByRole('spinbutton', { name: /Low stock threshold/ });
    fireEvent.change(threshold, { target: { value: '0' } });
    // An emptied box gets the minimum's message too.
    fireEvent.change(screen.getByRole('spinbutton', { name: /Expiry warning/ }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save System Settings' }));
    expect(await screen.findByText('Must be at least 1')).toBeTruthy();
    expect(screen.getByText('Must be at least 1 day')).toBeTruthy();

    fireEvent.change(threshold, { target: { value: '15' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Expiry warning/ }), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save System Settings' }));
    expect((await screen.findAllByText('System settings have been saved.')).length).toBeGreaterThan(0);
    expect(callsTo('PUT', '/api/settings')[0]?.body).toEqual({
      ...defaultSystemSettings,
      lowStockThreshold: 15,
      expiryWarningDays: 45,
    });
  });

  it('shows the currency as money will look', async () => {
    renderSettings();
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('System');
    expect(await screen.findByText('Amounts are shown like $1,234.50.')).toBeTruthy();
  });

  it('checks the auto-logout minimum in Arabic', async () => {
    renderSettings({ language: 'ar' });
    await screen.findByRole('textbox', { name: /الاسم الأول/ });
    openTab('الإشعارات');
    const minutes = await screen.findByRole('spinbutton', { name: /تسجيل الخروج التلقائي/ });
    fireEvent.change(minutes, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ إعدادات الإشعارات' }));
    expect(await screen.findByText('يجب ألا تقل المدة عن 5 دقائق')).toBeTruthy();
  });

  it('shows a pharmacist the values, read-only, and why', async () => {
    const { calls } = renderSettings({ role: 'pharmacist' });
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('Notifications');
    const notifications = await screen.findByRole('switch', { name: /Enable notifications/ });
    expect(notifications.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Only administrators can change these settings. They apply to everyone.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Notification Settings' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('Settings → Security', () => {
  it('shows the active session and signs out through the server', async () => {
    renderSettings();
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('Security');
    expect(await screen.findByText('Active session')).toBeTruthy();
    expect(
      screen.getByText(
        'Passwords are managed by administrators. If you forgot yours or need a new one, ask an administrator to reset it.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });

  it('enrols an authenticator: QR code and key, a username the first time, then the backup codes once', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    const { callsTo, routes } = renderSettings({
      routes: {
        'POST /api/auth/totp/setup': () =>
          fakeResponse(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeSvg: svg }),
        'POST /api/auth/totp/confirm': () => {
          routes['GET /api/auth/user'] = () => fakeResponse(200, aUser({ totpEnabled: true, username: 'sara.h' }));
          return fakeResponse(200, { message: 'Authenticator app enabled', backupCodes: ['aaaa-1111', 'bbbb-2222'] });
        },
      },
    });
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('Security');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator' }));

    const qr = (await screen.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    const turnOn = () => fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    turnOn();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('OTP code must be 6 digits')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: 'a b' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Code from the app/ }), { target: { value: '123456' } });
    turnOn();
    expect(
      await screen.findByText('Username may use letters, digits, dots, dashes and underscores (3 to 40)'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Username/ }), { target: { value: 'sara.h' } });
    turnOn();

    const codes = await screen.findByTestId('totp-backup-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaa-1111', 'bbbb-2222']);
    expect(callsTo('POST', '/api/auth/totp/confirm')[0]?.body).toEqual({ code: '123456', username: 'sara.h' });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByTestId('totp-backup-codes')).toBeNull();
  });

  it('turns the authenticator off with the password', async () => {
    const { callsTo } = renderSettings({
      user: { totpEnabled: true, username: 'sara.h' },
      routes: { 'POST /api/auth/totp/disable': () => fakeResponse(200, { message: 'Authenticator app turned off' }) },
    });
    await screen.findByRole('textbox', { name: /First Name/ });
    openTab('Security');
    expect(await screen.findByText('Authenticator enabled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off authenticator' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'Admin#2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await screen.findAllByText('Authenticator turned off')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/auth/totp/disable')[0]?.body).toEqual({ password: 'Admin#2026' });
  });
});
