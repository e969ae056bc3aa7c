import { describe, expect, it } from '@jest/globals';
import { shortProductId } from './expiry-tracking';

describe('Expiry Tracking', () => {
  it('shows the product id’s last 8 characters, upper-case', () => {
    expect(shortProductId('7a1b2c3d-0000-4000-8000-0000000000a1')).toBe('000000A1');
  });
});
