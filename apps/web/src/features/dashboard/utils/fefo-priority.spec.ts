import { describe, expect, it } from '@jest/globals';
import { fefoUrgency } from './fefo-priority';

describe('fefoUrgency', () => {
  it('is Critical at 90% up to 7 days', () => {
    expect(fefoUrgency(0)).toEqual({ priority: 'critical', bar: 90 });
    expect(fefoUrgency(7)).toEqual({ priority: 'critical', bar: 90 });
  });

  it('is High Priority at 75% from 8 to 14 days', () => {
    expect(fefoUrgency(8)).toEqual({ priority: 'high', bar: 75 });
    expect(fefoUrgency(14)).toEqual({ priority: 'high', bar: 75 });
  });

  it('is Medium after 14 days, its bar 100 minus twice the days but never under 45%', () => {
    expect(fefoUrgency(15)).toEqual({ priority: 'medium', bar: 70 });
    expect(fefoUrgency(27)).toEqual({ priority: 'medium', bar: 46 });
    expect(fefoUrgency(28)).toEqual({ priority: 'medium', bar: 45 });
    expect(fefoUrgency(90)).toEqual({ priority: 'medium', bar: 45 });
  });
});
