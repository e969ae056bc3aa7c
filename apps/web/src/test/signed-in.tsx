import type { CurrentUser } from '@pharmacy/contracts';
import type { ReactElement } from 'react';
import type { Language } from '../i18n/languages';
import { currentUserQueryKey, type AuthState } from '../lib/session';
import { fakeResponse } from './fake-response';
import { fakeServer, type FakeHandler } from './fake-server';
import { renderWithProviders } from './render';
import { aUser } from './users';

/** The system settings every money-showing screen reads (USD, as a fresh installation has). */
export const defaultSettingsRoute = {
  'GET /api/settings': () =>
    fakeResponse(200, {
      lowStockThreshold: 10,
      expiryWarningDays: 30,
      autoLogoutMinutes: 60,
      enableNotifications: true,
      enableSoundAlerts: true,
      enableEmailAlerts: false,
      currency: 'USD',
      language: 'en',
      theme: 'system',
    }),
} satisfies Record<string, FakeHandler>;

/**
 * A screen of the signed-in area, rendered with a fake server and the signed-in
 * user already in the cache (as the shell would have it); `path` and `pages`
 * as for `renderWithProviders`.
 */
export function renderSignedIn(
  ui: ReactElement,
  {
    user = aUser(),
    routes,
    language = 'en',
    path,
    pages,
  }: {
    user?: CurrentUser;
    routes: Record<string, FakeHandler>;
    language?: Language;
    path?: string;
    pages?: readonly string[];
  },
) {
  const server = fakeServer({ ...defaultSettingsRoute, ...routes });
  const signedIn: AuthState = { status: 'signedIn', user };
  const result = renderWithProviders(ui, {
    role: user.role,
    language,
    path,
    pages,
    prepare: (queryClient) => queryClient.setQueryData(currentUserQueryKey, signedIn),
  });
  return { ...server, ...result };
}
