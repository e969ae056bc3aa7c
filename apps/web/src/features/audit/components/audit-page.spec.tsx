import { afterEach, describe, expect, it } from '@jest/globals';
import type { AuditEventPage, StockCard, StockOnHand, VerificationRun } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withQuery } from '../../../lib/api';
import { aPharmacy } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown } from '../../../test/users';
import { AuditPage } from './audit-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ADMIN_ID = '0f6a7c2e-1111-4a4a-8b8b-000000000001';
const BATCH_ID = '7a1b2c3d-0000-4000-8000-0000000000b1';
const PRODUCT_ID = '7a1b2c3d-0000-4000-8000-0000000000a1';

const anEvent = (overrides: Partial<AuditEventPage['events'][number]> = {}): AuditEventPage['events'][number] => ({
  position: '120',
  eventId: '9e0e0000-0000-4000-8000-000000000120',
  type: 'BatchReceived',
  streamId: `stock-${downtown.id}`,
  occurredAt: '2026-11-17T07:00:00.000Z',
  recordedAt: '2026-11-17T07:00:02.000Z',
  userId: ADMIN_ID,
  userName: 'Sara Haddad',
  pharmacyId: downtown.id,
  description: 'Batch received',
  facts: { quantity: '10', product: 'Paracetamol 500 mg', batch: 'LOT-1', pharmacy: 'Downtown Pharmacy' },
  data: { batchId: BATCH_ID, batchNumber: 'LOT-1', quantity: 10 },
  ...overrides,
});

const aRun = (overrides: Partial<VerificationRun> = {}): VerificationRun => ({
  status: 'ok',
  startedAt: '2026-11-23T00:30:00.000Z',
  finishedAt: '2026-11-23T00:30:04.000Z',
  trigger: ADMIN_ID,
  eventsReplayed: 1234,
  tables: [
    { projection: 'inventory', table: 'inventory_batches', rows: 40, unexpected: 0, missing: 0, samples: [] },
    { projection: 'ledger', table: 'stock_ledger', rows: 300, unexpected: 0, missing: 0, samples: [] },
  ],
  error: null,
  ...overrides,
});

const firstEvents = 'GET /api/audit/events?limit=50&lang=en';

function renderAudit({
  role = 'auditor',
  tab,
  routes = {},
}: { role?: 'admin' | 'auditor' | 'pharmacist'; tab?: string; routes?: Record<string, FakeHandler> } = {}) {
  const rendered = renderSignedIn(<AuditPage />, {
    user: aUser({ role, id: role === 'admin' ? ADMIN_ID : '0f6a7c2e-1111-4a4a-8b8b-000000000009' }),
    routes: {
      'GET /api/pharmacies': () =>
        fakeResponse(200, [aPharmacy(), aPharmacy({ id: abdoun.id, name: abdoun.name, nameAr: null })]),
      'GET /api/admin/users': () =>
        fakeResponse(200, [
          {
            userId: ADMIN_ID,
            email: 'sara@pharmacy.example',
            firstName: 'Sara',
            lastName: 'Haddad',
            role: 'admin',
            profileImageUrl: null,
            pharmacyId: null,
            pharmacyName: null,
            isAssignmentActive: null,
          },
        ]),
      'GET /api/audit/verification': () => fakeResponse(200, aRun()),
      [firstEvents]: () => fakeResponse(200, { events: [anEvent()], nextCursor: null }),
      ...routes,
    },
  });
  if (tab) openTab(tab);
  return rendered;
}

/** Radix Tabs switch on mouse down; a tab's name starts with its label (Radix Themes repeats it for sizing). */
function openTab(label: string) {
  const trigger = screen.getByRole('tab', { name: new RegExp(`^${label}`) });
  fireEvent.mouseDown(trigger);
  fireEvent.click(trigger);
}

describe('the Audit screen', () => {
  it('is refused to pharmacists, without asking the server', async () => {
    const { calls } = renderAudit({ role: 'pharmacist' });
    expect(await screen.findByText('Only administrators and auditors can see the audit trail.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/audit'))).toEqual([]);
  });

  it('draws only the tab it opens on, and keeps a tab drawn once it was opened', async () => {
    renderAudit();
    await screen.findByRole('tabpanel', { name: /^Events/ });
    const panels = () => screen.getAllByRole('tabpanel', { hidden: true }).map((panel) => panel.id.split('-').at(-1));
    expect(panels()).toEqual(['events']);
    openTab('Verification');
    await screen.findByRole('tabpanel', { name: /^Verification/ });
    expect(panels()).toEqual(['events', 'verification']);
    openTab('Events');
    expect(panels()).toEqual(['events', 'verification']);
  });

  it('lists events newest first, flags the ones recorded late and pages on with the cursor', async () => {
    const late = anEvent({
      position: '121',
      eventId: '9e0e0000-0000-4000-8000-000000000121',
      type: 'StockAdjusted',
      occurredAt: '2026-11-17T07:00:00.000Z',
      recordedAt: '2026-11-18T06:00:00.000Z',
      description: 'Stock adjusted',
      facts: { batch: 'LOT-1', change: '-3', direction: 'down', reason: 'damaged' },
    });
    const { callsTo } = renderAudit({
      routes: {
        [firstEvents]: () => fakeResponse(200, { events: [late], nextCursor: '121' }),
        'GET /api/audit/events?cursor=121&limit=50&lang=en': () =>
          fakeResponse(200, { events: [anEvent()], nextCursor: null }),
      },
    });
    const table = within(await screen.findByRole('tabpanel', { name: /^Events/ })).getByRole('table');
    const lateRow = (await within(table).findByText('Batch LOT-1 adjusted by -3 packs (damaged)')).closest('tr')!;
    expect(within(lateRow).getByText('Recorded late')).toBeTruthy();
    expect(within(lateRow).getByText('Stock adjusted')).toBeTruthy();
    expect(screen.getByText('1 event shown')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const receipt = '10 packs of Paracetamol 500 mg received into batch LOT-1 at Downtown Pharmacy';
    const onTime = (await within(table).findByText(receipt)).closest('tr')!;
    expect(within(onTime).queryByText('Recorded late')).toBeNull();
    expect(screen.getByText('2 events shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo('GET', '/api/audit/events?cursor=121&limit=50&lang=en')).toHaveLength(1);

    // The event's data, as the log holds it.
    fireEvent.click(within(onTime).getByRole('button', { name: receipt }));
    const dialog = await screen.findByRole('dialog', { name: 'Batch received' });
    expect(within(dialog).getByLabelText('Event data').textContent).toContain('"batchNumber": "LOT-1"');
  });

  it('answers stock as of an instant with the replay’s proof, and opens a batch’s stock card up to that instant', async () => {
    const today = new Date();
    const asOf = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 14, 0, 0).toISOString();
    const stock: StockOnHand = {
      pharmacyId: downtown.id,
      asOf,
      batches: [
        {
          batchId: BATCH_ID,
          productId: PRODUCT_ID,
          productName: 'Paracetamol 500 mg',
          productNameAr: null,
          productSku: 'PAR-500',
          batchNumber: 'LOT-1',
          expiryDate: '2027-03-31',
          quantity: 10,
          looseUnits: 0,
        },
      ],
      products: [
        {
          productId: PRODUCT_ID,
          productName: 'Paracetamol 500 mg',
          productNameAr: null,
          productSku: 'PAR-500',
          quantity: 10,
          looseUnits: 0,
        },
      ],
      verification: { matches: true, eventsReplayed: 42, differences: [] },
    };
    const card: StockCard = {
      from: null,
      to: asOf,
      opening: 0,
      closing: 10,
      movements: [
        {
          position: '120',
          seq: 0,
          batchId: BATCH_ID,
          batchNumber: 'LOT-1',
          movement: 'received',
          quantityChange: 10,
          looseChange: 0,
          reservedChange: 0,
          balance: 10,
          occurredAt: '2026-11-17T07:00:00.000Z',
          recordedAt: '2026-11-17T07:00:02.000Z',
          userName: 'Sara Haddad',
          eventId: '9e0e0000-0000-4000-8000-000000000120',
          eventType: 'BatchReceived',
          reference: null,
        },
      ],
    };
    const { callsTo } = renderAudit({
      tab: 'Stock as of',
      routes: {
        [`GET ${withQuery('/api/audit/stock-on-hand', { pharmacyId: downtown.id, asOf, verify: 'true' })}`]: () =>
          fakeResponse(200, stock),
        [`GET ${withQuery('/api/audit/stock-card', { batchId: BATCH_ID, to: asOf })}`]: () => fakeResponse(200, card),
      },
    });
    fireEvent.change(await screen.findByLabelText('Time'), { target: { value: '14:00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    expect(await screen.findByText('Matches the replay')).toBeTruthy();
    expect(screen.getByText('Proven equal to a replay of 42 events of the log up to that moment.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Batches of Paracetamol 500 mg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stock card of batch LOT-1 up to that moment' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^Stock card/ }).getAttribute('aria-selected')).toBe('true'),
    );
    const movements = within(screen.getByRole('tabpanel', { name: /^Stock card/ })).getByRole('table');
    const received = (await within(movements).findByText('Received')).closest('tr')!;
    expect(within(received).getByText('+10')).toBeTruthy();
    expect(received.querySelector('[data-cell="balance"]')?.textContent).toBe('10');
    expect(callsTo('GET', withQuery('/api/audit/stock-card', { batchId: BATCH_ID, to: asOf }))).toHaveLength(1);
  });

  it('says when a replay differs from the ledger, batch by batch', async () => {
    const asOf = new Date(new Date().setHours(9, 30, 0, 0)).toISOString();
    renderAudit({
      tab: 'Stock as of',
      routes: {
        [`GET ${withQuery('/api/audit/stock-on-hand', { pharmacyId: downtown.id, asOf, verify: 'true' })}`]: () =>
          fakeResponse(200, {
            pharmacyId: downtown.id,
            asOf,
            batches: [],
            products: [],
            verification: {
              matches: false,
              eventsReplayed: 7,
              differences: [{ batchId: BATCH_ID, ledger: 5, replay: 4, ledgerLoose: 0, replayLoose: 0 }],
            },
          } satisfies StockOnHand),
      },
    });
    fireEvent.change(await screen.findByLabelText('Time'), { target: { value: '09:30:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show stock' }));
    const differences = (await screen.findByText('Ledger loose units')).closest('table')!;
    expect(screen.getByText('Differs from the replay')).toBeTruthy();
    expect(within(differences).getAllByRole('row')[1]?.textContent).toBe(`${BATCH_ID.slice(0, 8)}5400`);
  });

  it('shows an auditor the last verification and who ran it, with no way to run one', async () => {
    renderAudit({ tab: 'Verification' });
    expect(await screen.findByText('Sara Haddad')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getAllByText('Equal')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Verify now' })).toBeNull();
  });

  it('lets an administrator verify now, and says what the run found', async () => {
    const found = aRun({
      status: 'differences',
      tables: [
        {
          projection: 'inventory',
          table: 'inventory_batches',
          rows: 40,
          unexpected: 1,
          missing: 1,
          samples: [
            { side: 'live', row: { id: BATCH_ID, quantity: 6 } },
            { side: 'replay', row: { id: BATCH_ID, quantity: 5 } },
          ],
        },
      ],
    });
    const { routes, callsTo } = renderAudit({
      role: 'admin',
      tab: 'Verification',
      routes: { 'POST /api/audit/verification': () => fakeResponse(200, found) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Verify now' }));
    expect((await screen.findAllByText('Verification Found Problems')).length).toBeGreaterThan(0);
    expect(screen.getByText('1 table differs from a replay of the event log.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sample rows of inventory_batches' }));
    expect(screen.getByText('Read model')).toBeTruthy();
    expect(callsTo('POST', '/api/audit/verification')).toHaveLength(1);

    // Another run already under way.
    routes['POST /api/audit/verification'] = () =>
      fakeResponse(409, { statusCode: 409, code: 'VERIFICATION_RUNNING', message: 'A verification is running.' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('A verification is already running. Its result will show here when it ends.').length,
      ).toBeGreaterThan(0),
    );
  });
});
