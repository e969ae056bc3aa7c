import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccounts, demoPharmacyIds, startTestApp, type TestApp } from '@pharmacy/test-harness';

/**
 * Big lists (issue 13): the audit trail's events come a page at a time, newest
 * (highest position) first, with a cursor; a period is read from the index of
 * business time when that is narrower than walking the log back to it, and
 * either way the pages are the same.
 */
type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Event = { position: string; occurredAt: string; pharmacyId: string | null; type: string };
type Page = { events: Event[]; nextCursor: string | null };

describe('audit event pages', () => {
  let app: TestApp;
  let admin: Agent;
  /** Every event of the log, newest first (the seed's three weeks of backdated sales among them). */
  let all: Event[] = [];

  const walk = async (query: Record<string, string | number>) => {
    const events: Event[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await admin
          .get('/api/audit/events')
          .query({ ...query, ...(cursor ? { cursor } : {}) })
          .expect(200)
      ).body as Page;
      expect(page.events.length).toBeLessThanOrEqual(Number(query.limit ?? 50));
      events.push(...page.events);
      cursor = page.nextCursor;
    } while (cursor);
    return events;
  };
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    // The demo catalogue comes with three weeks of sales, recorded with the business time they happened at.
    app = await startTestApp({ seed: true, seedCatalogue: true });
    admin = await app.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    all = await walk({ limit: 200 });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('walks the whole log newest first, each event once', () => {
    expect(all.length).toBeGreaterThan(200);
    const positions = all.map((event) => BigInt(event.position));
    for (let i = 1; i < positions.length; i += 1) expect(positions[i]! < positions[i - 1]!).toBe(true);
  });

  it.each([
    ['a day two weeks ago (read from the period)', -14, -14],
    ['a week ending ten days ago', -17, -10],
    ['everything up to a week ago', null, -7],
    ['the last three days (read from the newest event back)', -3, null],
    ['a period reaching today', -20, 0],
  ])('pages %s exactly like filtering the whole log', async (_name, fromDay, toDay) => {
    const from = fromDay === null ? undefined : `${day(fromDay)}T00:00:00.000Z`;
    const to = toDay === null ? undefined : `${day(toDay)}T23:59:59.999Z`;
    const expected = all.filter((event) => (!from || event.occurredAt >= from) && (!to || event.occurredAt <= to));
    expect(expected.length).toBeGreaterThan(0);
    const query = { limit: 7, ...(from ? { from } : {}), ...(to ? { to } : {}) };
    expect((await walk(query)).map((event) => event.position)).toEqual(expected.map((event) => event.position));
    // With another filter as well.
    const downtown = expected.filter((event) => event.pharmacyId === demoPharmacyIds.downtown);
    expect((await walk({ ...query, pharmacyId: demoPharmacyIds.downtown })).map((event) => event.position)).toEqual(
      downtown.map((event) => event.position),
    );
  });

  it('answers an empty period with no page to follow', async () => {
    const page = (
      await admin
        .get('/api/audit/events')
        .query({ from: `${day(-4000)}T00:00:00.000Z`, to: `${day(-3999)}T00:00:00.000Z` })
        .expect(200)
    ).body as Page;
    expect(page).toEqual({ events: [], nextCursor: null });
  });
});
