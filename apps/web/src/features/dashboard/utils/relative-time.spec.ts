import { describe, expect, it } from '@jest/globals';
import { relativeTimeOf } from './relative-time';

const now = Date.parse('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;

describe('relativeTimeOf', () => {
  it('says "just now" under a minute, and for a time a little ahead of this clock', () => {
    expect(relativeTimeOf(ago(0), now)).toEqual({ unit: 'now' });
    expect(relativeTimeOf(ago(59_999), now)).toEqual({ unit: 'now' });
    expect(relativeTimeOf(ago(-5_000), now)).toEqual({ unit: 'now' });
  });

  it('counts whole minutes under an hour', () => {
    expect(relativeTimeOf(ago(MINUTE), now)).toEqual({ unit: 'minute', value: 1 });
    expect(relativeTimeOf(ago(59 * MINUTE + 59_000), now)).toEqual({ unit: 'minute', value: 59 });
  });

  it('counts whole hours under 1440 minutes', () => {
    expect(relativeTimeOf(ago(60 * MINUTE), now)).toEqual({ unit: 'hour', value: 1 });
    expect(relativeTimeOf(ago(1439 * MINUTE), now)).toEqual({ unit: 'hour', value: 23 });
  });

  it('counts whole days from 1440 minutes', () => {
    expect(relativeTimeOf(ago(1440 * MINUTE), now)).toEqual({ unit: 'day', value: 1 });
    expect(relativeTimeOf(ago(10 * 1440 * MINUTE + 5 * MINUTE), now)).toEqual({ unit: 'day', value: 10 });
  });

  it('does not break on an unreadable time', () => {
    expect(relativeTimeOf('not a date', now)).toEqual({ unit: 'now' });
  });
});
