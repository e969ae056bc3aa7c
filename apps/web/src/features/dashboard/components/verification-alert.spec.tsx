import { afterEach, describe, expect, it } from '@jest/globals';
import type { CurrentUser, VerificationRun } from '@pharmacy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeResponse } from '../../../test/fake-response';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser, downtown } from '../../../test/users';
import { DashboardPage } from './dashboard-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const aRun = (overrides: Partial<VerificationRun>): VerificationRun => ({
  status: 'ok',
  startedAt: '2026-11-23T00:30:00.000Z',
  finishedAt: '2026-11-23T00:30:04.000Z',
  trigger: 'schedule',
  eventsReplayed: 1234,
  tables: [],
  error: null,
  ...overrides,
});

// The rest of the dashboard's reads are left unanswered (500): each widget reports its own failure.
// The router knows the audit page, which the alert leads to.
function dashboardAs(user: CurrentUser, run: VerificationRun) {
  return renderSignedIn(<DashboardPage />, {
    user,
    path: '/',
    pages: ['/audit'],
    routes: {
      'GET /api/pharmacies': () => fakeResponse(200, []),
      'GET /api/audit/verification': () => fakeResponse(200, run),
    },
  });
}

describe('the verification alert on the dashboard', () => {
  it('tells an administrator the read models differ from a replay, and leads to the Verification tab', async () => {
    dashboardAs(aUser(), aRun({ status: 'differences' }));
    // The file's first render (the dashboard's screens and messages) can take seconds on a busy CI machine.
    const alert = await screen.findByTestId('verification-alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('The read models differ from a replay of the event log')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Open verification' }).getAttribute('href')).toBe(
      '/audit?tab=verification',
    );
  });

  it('tells an auditor when the last run could not finish', async () => {
    dashboardAs(aUser({ role: 'auditor', pharmacies: [downtown] }), aRun({ status: 'failed', error: 'boom' }));
    const alert = await screen.findByTestId('verification-alert');
    expect(within(alert).getByText(/could not finish/)).toBeTruthy();
  });

  it('stays away after a clean run', async () => {
    const { callsTo } = dashboardAs(aUser(), aRun({ status: 'ok' }));
    await waitFor(() => expect(callsTo('GET', '/api/audit/verification')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByTestId('verification-alert')).toBeNull();
  });

  it('is not asked about for pharmacists, who do not audit', async () => {
    const { callsTo } = dashboardAs(
      aUser({ role: 'pharmacist', pharmacies: [downtown] }),
      aRun({ status: 'differences' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByTestId('verification-alert')).toBeNull();
    expect(callsTo('GET', '/api/audit/verification')).toEqual([]);
  });
});
