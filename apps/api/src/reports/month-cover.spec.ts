import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '@pharmacy/test-harness/seeded';
import { monthCover, type MonthCover } from './month-cover';

const DAY = 86_400_000;
const FIRST = '2023-12-01';
const LAST = '2028-03-31';
const day = (time: number) => new Date(time).toISOString().slice(0, 10);
const every = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) out.push(day(t));
  return out;
};
const UNIVERSE = every(FIRST, LAST);

/** How many times the cover counts each day of the universe: months whole, plus added days, less those taken away. */
function counts(cover: MonthCover): Map<string, number> {
  const count = new Map<string, number>();
  const move = (date: string, by: number) => count.set(date, (count.get(date) ?? 0) + by);
  if (cover.months) {
    for (const date of UNIVERSE) {
      const month = `${date.slice(0, 7)}-01`;
      if ((!cover.months.from || month >= cover.months.from) && (!cover.months.to || month <= cover.months.to)) {
        move(date, 1);
      }
    }
  }
  for (const range of cover.add) for (const date of every(range.from, range.to)) move(date, 1);
  for (const range of cover.subtract) for (const date of every(range.from, range.to)) move(date, -1);
  return count;
}

/** Every day of the universe counted once when in the period and not at all outside it; a month read whole is whole. */
function expectExact(start: string | undefined, end: string | undefined): MonthCover {
  const cover = monthCover(start, end);
  const count = counts(cover);
  for (const date of UNIVERSE) {
    const inside = (!start || date >= start) && (!end || date <= end);
    if ((count.get(date) ?? 0) !== (inside ? 1 : 0)) {
      throw new Error(`${start ?? '…'}–${end ?? '…'}: ${date} counted ${count.get(date) ?? 0} times`);
    }
  }
  for (const month of [cover.months?.from, cover.months?.to]) if (month) expect(month.endsWith('-01')).toBe(true);
  // Each edge touches at most about half a month of days.
  const touched = [...cover.add, ...cover.subtract].reduce(
    (n, r) => n + (Date.parse(r.to) - Date.parse(r.from)) / DAY + 1,
    0,
  );
  const sameMonth = start && end && start.slice(0, 7) === end.slice(0, 7);
  if (!sameMonth) expect(touched).toBeLessThanOrEqual(2 * 15);
  return cover;
}

describe('monthCover', () => {
  it('reads the default thirty days as the month so far, less the days to come, and the edge days before it', () => {
    expect(expectExact('2026-10-30', '2026-11-28')).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      add: [{ from: '2026-10-30', to: '2026-10-31' }],
      subtract: [{ from: '2026-11-29', to: '2026-11-30' }],
    });
  });

  it('reads whole months from the months alone', () => {
    expect(expectExact('2026-01-01', '2026-03-31')).toEqual({
      months: { from: '2026-01-01', to: '2026-03-01' },
      add: [],
      subtract: [],
    });
    expect(expectExact('2024-02-01', '2024-02-29')).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      add: [],
      subtract: [],
    });
  });

  it('reads a few days of one month from the days alone', () => {
    expect(expectExact('2026-11-22', '2026-11-28')).toEqual({
      months: null,
      add: [{ from: '2026-11-22', to: '2026-11-28' }],
      subtract: [],
    });
  });

  it('reads most of one month as the month less the days on either side', () => {
    expect(expectExact('2026-06-03', '2026-06-27')).toEqual({
      months: { from: '2026-06-01', to: '2026-06-01' },
      add: [],
      subtract: [
        { from: '2026-06-01', to: '2026-06-02' },
        { from: '2026-06-28', to: '2026-06-30' },
      ],
    });
  });

  it('reads a period open at either end from every month up to or from its edge', () => {
    expect(expectExact(undefined, '2026-11-28')).toEqual({
      months: { from: undefined, to: '2026-11-01' },
      add: [],
      subtract: [{ from: '2026-11-29', to: '2026-11-30' }],
    });
    expect(expectExact('2026-11-20', undefined)).toEqual({
      months: { from: '2026-12-01', to: undefined },
      add: [{ from: '2026-11-20', to: '2026-11-30' }],
      subtract: [],
    });
  });

  it('covers nothing when the start comes after the end', () => {
    expect(monthCover('2026-11-28', '2026-11-01')).toEqual({ months: null, add: [], subtract: [] });
  });

  it('counts every day of a period once and no other day, for seeded random periods', () => {
    const next = seededRandom(20261128);
    const span = UNIVERSE.length - 62;
    for (let i = 0; i < 400; i += 1) {
      const a = 31 + Math.floor(next() * span);
      const length = next() < 0.5 ? Math.floor(next() * 70) : Math.floor(next() * 800);
      const start = UNIVERSE[a]!;
      const end = UNIVERSE[Math.min(a + length, UNIVERSE.length - 32)]!;
      const open = next();
      expectExact(open < 0.1 ? undefined : start, open > 0.9 ? undefined : end);
    }
  });
});
