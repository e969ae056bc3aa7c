import { describe, expect, it } from '@jest/globals';
import { normalisePhotoExpiry } from './expiry-from-photo';

const date = (value: string) => ({ kind: 'date', date: value });

describe('normalisePhotoExpiry', () => {
  it('reads day/month/year with slashes', () => {
    expect(normalisePhotoExpiry('31/03/2027')).toEqual(date('2027-03-31'));
    expect(normalisePhotoExpiry('5/3/2027')).toEqual(date('2027-03-05'));
  });

  it('takes month/year as the last day of that month', () => {
    expect(normalisePhotoExpiry('03/2027')).toEqual(date('2027-03-31'));
    expect(normalisePhotoExpiry('2/2028')).toEqual(date('2028-02-29'));
    expect(normalisePhotoExpiry('04/27')).toEqual(date('2027-04-30'));
  });

  it('puts 20 in front of a two-digit year', () => {
    expect(normalisePhotoExpiry('15/08/29')).toEqual(date('2029-08-15'));
  });

  it('pads dash formats with zeros', () => {
    expect(normalisePhotoExpiry('2027-3-5')).toEqual(date('2027-03-05'));
    expect(normalisePhotoExpiry('2027-03-31')).toEqual(date('2027-03-31'));
    expect(normalisePhotoExpiry('2027-6')).toEqual(date('2027-06-30'));
    expect(normalisePhotoExpiry('5-3-2027')).toEqual(date('2027-03-05'));
  });

  it('says when nothing was read', () => {
    expect(normalisePhotoExpiry(undefined)).toEqual({ kind: 'missing' });
    expect(normalisePhotoExpiry(null)).toEqual({ kind: 'missing' });
    expect(normalisePhotoExpiry('  ')).toEqual({ kind: 'missing' });
  });

  it('refuses days that do not exist, for the user to enter', () => {
    expect(normalisePhotoExpiry('31/02/2027')).toEqual({ kind: 'invalid', text: '31/02/2027' });
    expect(normalisePhotoExpiry('13/2027')).toEqual({ kind: 'invalid', text: '13/2027' });
    expect(normalisePhotoExpiry('2027-00-10')).toEqual({ kind: 'invalid', text: '2027-00-10' });
  });

  it('refuses formats it does not know', () => {
    expect(normalisePhotoExpiry('March 2027')).toEqual({ kind: 'unreadable', text: 'March 2027' });
    expect(normalisePhotoExpiry('31.03.2027')).toEqual({ kind: 'unreadable', text: '31.03.2027' });
    expect(normalisePhotoExpiry('2027/03/31')).toEqual({ kind: 'unreadable', text: '2027/03/31' });
  });
});
