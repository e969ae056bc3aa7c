import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse } from '../../../test/fake-response';
import { deferred, fakeServer, type FakeHandler } from '../../../test/fake-server';
import {
  codeField,
  emailField,
  fillVerify,
  loginServer,
  passwordField,
  signedOut,
  toVerifyStep,
  verifyFailure,
} from '../../../test/login';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

/** A signed-out visitor at /login, with a server that knows one user. */
function setUp(routes: Record<string, FakeHandler> = {}) {
  const server = loginServer(routes);
  renderWithProviders(<LoginPage />, { path: '/login' });
  return server;
}

// Signing in and going on to the dashboard, and back to the welcome page: src/app/journeys.spec.tsx.
describe('Login', () => {
  beforeEach(() => localStorage.clear());

  it('asks for an e-mail address first, as an email input, and checks it before sending', async () => {
    const { calls } = setUp();
    const email = await screen.findByRole('textbox', { name: /Email Address/ });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('requests a code, says so with the server message, and asks for the password and the 6-digit code', async () => {
    const { callsTo } = setUp();
    await toVerifyStep();
    expect(callsTo('POST', '/api/auth/login-request')[0]?.body).toEqual({ email: 'sara@pharmacy.example' });
    expect(screen.getAllByText('Verification Code Sent').length).toBeGreaterThan(0);
    expect(screen.getAllByText('A verification code has been sent to your email address.').length).toBeGreaterThan(0);
    const code = codeField();
    expect(code.getAttribute('placeholder')).toBe('Enter 6-digit code');
    expect(code.maxLength).toBe(6);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(passwordField().type).toBe('password');
  });

  it('says "Login Failed" with the server message when the code cannot be sent', async () => {
    setUp({
      'POST /api/auth/login-request': () =>
        fakeResponse(429, {
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts. Try again later.',
        }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Email Address/ }), {
      target: { value: 'sara@pharmacy.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect((await screen.findAllByText('Login Failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Too many attempts. Try again later.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Verify Identity' })).toBeNull();
  });

  it('clears only the code when the server says the verification code was wrong', async () => {
    setUp({ 'POST /api/auth/login-verify': verifyFailure('Invalid verification code. 4 attempts left.') });
    await toVerifyStep();
    fillVerify('Secret#2026', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findAllByText('Invalid verification code. 4 attempts left.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(codeField().value).toBe(''));
    expect(passwordField().value).toBe('Secret#2026');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Identity' })).toBeTruthy();
  });

  it('starts over from the e-mail step when the server says the password was wrong', async () => {
    const { callsTo } = setUp({ 'POST /api/auth/login-verify': verifyFailure('Invalid password') });
    await toVerifyStep();
    fillVerify('wrong', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    expect((await screen.findAllByText('Login Failed')).length).toBeGreaterThan(0);
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect((emailField() as HTMLInputElement).value).toBe('');
    expect(callsTo('POST', '/api/auth/login-verify')[0]?.body).toEqual({
      userId: 'user-1',
      password: 'wrong',
      otpCode: '123456',
    });
  });

  it('"Change Email" goes back and forgets the password, the code and the user id', async () => {
    let nextUserId = 0;
    const { callsTo } = setUp({
      'POST /api/auth/login-request': () => fakeResponse(200, { message: 'Sent', userId: `user-${(nextUserId += 1)}` }),
      'POST /api/auth/login-verify': verifyFailure('Too many attempts'),
    });
    await toVerifyStep();
    fillVerify('Secret#2026', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    // The e-mail stays, to correct it.
    expect((emailField() as HTMLInputElement).value).toBe('sara@pharmacy.example');

    await toVerifyStep('layla@pharmacy.example');
    expect(passwordField().value).toBe('');
    expect(codeField().value).toBe('');
    fillVerify('Other#2026', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(callsTo('POST', '/api/auth/login-verify')).toHaveLength(1));
    expect(callsTo('POST', '/api/auth/login-verify')[0]?.body).toMatchObject({ userId: 'user-2' });
  });

  it('disables every input and button while a request runs', async () => {
    const pending = deferred<Response>();
    setUp({ 'POST /api/auth/login-verify': () => pending.promise });
    await toVerifyStep();
    fillVerify('Secret#2026', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Login' }));
    await waitFor(() => expect(passwordField().disabled).toBe(true));
    expect(codeField().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Change Email' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back to Welcome' }) as HTMLButtonElement).disabled).toBe(true);
    pending.resolve(verifyFailure('Invalid verification code')(undefined) as Response);
    await waitFor(() => expect(passwordField().disabled).toBe(false));
  });

  it('shows the form checks in Arabic', async () => {
    fakeServer({ 'GET /api/auth/user': signedOut });
    renderWithProviders(<LoginPage />, { path: '/login', language: 'ar' });
    fireEvent.click(await screen.findByRole('button', { name: 'إرسال رمز التحقق' }));
    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeTruthy();
  });
});
