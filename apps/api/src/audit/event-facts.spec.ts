import { describe, expect, it } from '@jest/globals';
import { eventFacts, eventTypeInWords, type Names } from './event-facts';

const names: Names = {
  product: (id) => (id === 'p-1' ? 'Paracetamol' : undefined),
  batch: (id) => (id === 'b-1' ? 'LOT-1' : String(id).slice(-8)),
  pharmacy: (id) => ({ d: 'Downtown', a: 'Abdoun' })[String(id)],
};

describe('the facts of an event’s sentence', () => {
  it('name what the event touched, and leave out a product or pharmacy nobody knows', () => {
    expect(
      eventFacts('BatchReceived', { productId: 'p-1', pharmacyId: 'd', quantity: 1200, batchNumber: 'B-9' }, names),
    ).toEqual({ quantity: '1200', product: 'Paracetamol', batch: 'B-9', pharmacy: 'Downtown' });
    expect(eventFacts('TransferApproved', { fromPharmacyId: 'gone' }, names)).toEqual({});
    expect(eventFacts('BatchDiscountEnded', { batchId: '0000-1234abcd' }, names)).toEqual({ batch: '1234abcd' });
  });

  it('add up the packs and items of lines, and count what a count changed', () => {
    const items = [
      { quantity: 4, receivedQuantity: 3 },
      { quantity: 1, receivedQuantity: 1 },
    ];
    expect(eventFacts('TransferReceived', { toPharmacyId: 'a', items }, names)).toEqual({
      toPharmacy: 'Abdoun',
      received: '4',
      packs: '5',
    });
    const adjustments = [{ change: 0 }, { change: 2 }, { change: -1 }];
    expect(eventFacts('StockCountPosted', { pharmacyId: 'd', adjustments }, names)).toEqual({
      pharmacy: 'Downtown',
      adjusted: '2',
    });
    expect(eventFacts('StockCounted', {}, names)).toEqual({ batches: '0' });
  });

  it('say which wording applies: the direction of an adjustment, an offline sale, a transfer awaiting approval', () => {
    expect(
      eventFacts('StockAdjusted', { batchId: 'b-1', quantityChange: 3, reason: 'count_correction' }, names),
    ).toEqual({ batch: 'LOT-1', change: '3', direction: 'up', reason: 'count correction' });
    expect(eventFacts('StockAdjusted', { batchId: 'b-1', quantityChange: -2, reason: 'lost' }, names)).toMatchObject({
      change: '-2',
      direction: 'down',
    });
    const lines = [{ quantity: 2 }, { quantity: 3 }];
    expect(eventFacts('SaleCompleted', { lines, totalAmount: '12.50', pharmacyId: 'd' }, names)).toEqual({
      sale: 'online',
      number: '',
      items: '5',
      amount: '12.50',
      pharmacy: 'Downtown',
    });
    expect(
      eventFacts('SaleCompleted', { lines, totalAmount: '1.00', pharmacyId: 'd', offline: { number: 'T1-7' } }, names),
    ).toMatchObject({ sale: 'offline', number: 'T1-7' });
    const transfer = { items: [{ quantity: 4 }], fromPharmacyId: 'a', toPharmacyId: 'd' };
    expect(eventFacts('TransferRequested', { ...transfer, reserved: false }, names)).toMatchObject({ awaiting: 'yes' });
    expect(eventFacts('TransferRequested', transfer, names)).toMatchObject({ awaiting: 'no' });
  });

  it('are none for a type that reads as its name, whose deprecated description is that name', () => {
    expect(eventFacts('ProductDetailsChanged', { productId: 'p-1' }, names)).toEqual({});
    expect(eventFacts('toString', {}, names)).toEqual({});
    expect(eventTypeInWords('ProductDetailsChanged')).toBe('Product details changed');
  });
});
