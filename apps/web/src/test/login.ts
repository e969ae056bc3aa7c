import { fireEvent, screen } from '@testing-library/react';
import { fakeResponse } from './fake-response';
import { fakeServer, type FakeHandler } from './fake-server';
import { unauthorizedBody } from './users';

// Signing in (/login), for the sign-in page's spec and the journeys through it (src/app/journeys.spec.tsx).

export const signedOut: FakeHandler = () => fakeResponse(401, unauthorizedBody);

/** A server that knows one user, to a signed-out visitor. */
export function loginServer(routes: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/user': signedOut,
    'POST /api/auth/login-request': () =>
      fakeResponse(200, { message: 'A verification code has been sent to your email address.', userId: 'user-1' }),
    'GET /api/pharmacies': () => fakeResponse(200, []),
    ...routes,
  });
}

export const emailField = () => screen.getByRole('textbox', { name: /Email Address/ });
export const passwordField = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
export const codeField = () => screen.getByRole('textbox', { name: /Verification Code/ }) as HTMLInputElement;

export async function toVerifyStep(email = 'sara@pharmacy.example') {
  fireEvent.change(await screen.findByRole('textbox', { name: /Email Address/ }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
  await screen.findByRole('heading', { level: 1, name: 'Verify Identity' });
}

export function fillVerify(password: string, code: string) {
  fireEvent.change(passwordField(), { target: { value: password } });
  fireEvent.change(codeField(), { target: { value: code } });
}

export const verifyFailure =
  (message: string): FakeHandler =>
  () =>
    fakeResponse(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message });
