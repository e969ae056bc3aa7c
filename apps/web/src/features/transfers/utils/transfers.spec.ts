import { describe, expect, it } from '@jest/globals';
import { transferNumber } from './transfers';
import { receivedQuantity, shortfall } from './receipt';

describe('the transfers list', () => {
  it('names a transfer by # and the last 8 characters of its id', () => {
    expect(transferNumber('9a1b2c3d-0000-4000-8000-00000000ab12')).toBe('#0000AB12');
  });
});

describe('receiving a transfer', () => {
  it('reads a count between 0 and what was sent, everything when nothing sensible was typed', () => {
    expect(receivedQuantity('3', 5)).toBe(3);
    expect(receivedQuantity('0', 5)).toBe(0);
    expect(receivedQuantity('9', 5)).toBe(5);
    expect(receivedQuantity('-1', 5)).toBe(0);
    expect(receivedQuantity('', 5)).toBe(5);
    expect(receivedQuantity('x', 5)).toBe(5);
  });

  it('adds up what did not arrive', () => {
    const sent = [
      { batchId: 'b1', quantity: 4 },
      { batchId: 'b2', quantity: 2 },
    ];
    expect(
      shortfall(sent, [
        { batchId: 'b1', receivedQuantity: 3 },
        { batchId: 'b2', receivedQuantity: 0 },
      ]),
    ).toBe(3);
    expect(shortfall(sent, [{ batchId: 'b1', receivedQuantity: 4 }])).toBe(0);
  });
});
