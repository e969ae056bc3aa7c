import { describe, expect, it } from '@jest/globals';
import { validationMessages as m } from '@pharmacy/contracts';
import { anExpiringBatch } from '../../../test/expiry';
import { discountPercentOf, expiryStatus, isPastExpiry, shortSku } from './expiry';
import { csvIn } from '../../../test/csv';
import { expiryCsvColumns, expiryCsvFileName } from './expiry-csv';
import { validateExpiryTransfer, validateWriteOff } from './expiry-forms';

describe('expiry management status (specification 001 §4)', () => {
  it.each([
    [-30, 'expired'],
    [-1, 'expired'],
    [0, 'expired'],
    [1, 'critical'],
    [7, 'critical'],
    [8, 'high'],
    [14, 'high'],
    [15, 'monitor'],
    [90, 'monitor'],
  ] as const)('%i days left is %s', (days, status) => {
    expect(expiryStatus(days)).toBe(status);
  });

  it('lets a batch on its last day still be discounted and moved: only a past date is refused by the server', () => {
    expect(isPastExpiry(anExpiringBatch({ daysToExpiry: 0 }))).toBe(false);
    expect(isPastExpiry(anExpiringBatch({ daysToExpiry: -1 }))).toBe(true);
  });
});

describe('the expiry list', () => {
  it('shows the product identifier as SKU: its last 8 characters, upper-case (§9)', () => {
    expect(shortSku('7a1b2c3d-0000-4000-8000-0000000000a1')).toBe('000000A1');
  });

  it('reads the discount as a number, none when absent or zero', () => {
    expect(discountPercentOf(anExpiringBatch({ discountPercentage: '25.00' }))).toBe(25);
    expect(discountPercentOf(anExpiringBatch({ discountPercentage: '12.50' }))).toBe(12.5);
    expect(discountPercentOf(anExpiringBatch({ discountPercentage: null }))).toBeNull();
    expect(discountPercentOf(anExpiringBatch({ discountPercentage: '0.00' }))).toBeNull();
  });
});

describe('the expiry CSV', () => {
  it('is named with the date in the user calendar (§9)', () => {
    expect(expiryCsvFileName(new Date(2026, 10, 3, 23, 59))).toBe('expiry-report-2026-11-03.csv');
  });

  it('has the table columns, status words and discount, with a byte order mark', () => {
    const csv = csvIn(
      [anExpiringBatch({ daysToExpiry: -2, discountPercentage: '25.00', expiredOn: '2026-11-20' })],
      expiryCsvColumns(),
      {
        'expiry.column.product': 'Product',
        'expiry.column.sku': 'SKU',
        'expiry.column.batch': 'Batch',
        'expiry.column.pharmacy': 'Pharmacy',
        'expiry.column.quantity': 'Quantity',
        'expiry.column.expiryDate': 'Expiry Date',
        'expiry.column.daysLeft': 'Days Left',
        'expiry.column.status': 'Status',
        'expiry.csv.discount': 'Discount (%)',
        'expiry.csv.recordedExpired': 'Recorded expired on',
        'expiry.status.expired': 'Expired',
        'expiry.status.critical': 'Critical',
        'expiry.status.high': 'High Priority',
        'expiry.status.monitor': 'Monitor',
      },
      'ar',
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Product,SKU,Batch,Pharmacy,Quantity,Expiry Date,Days Left,Status,Discount (%),Recorded expired on',
      'باراسيتامول ٥٠٠ ملغ,000000A1,LOT-E1,Downtown Pharmacy,12,2026-12-01,-2,Expired,25,2026-11-20',
      '',
    ]);
  });
});

describe('the transfer form (specification 001 §5)', () => {
  it('needs a destination and at least 1 pack, no more than the batch holds', () => {
    expect(validateExpiryTransfer({ toPharmacyId: '', quantity: '0', available: 5 }).errors).toEqual({
      toPharmacyId: m.destinationPharmacyRequired,
      quantity: m.transferQuantityMin,
    });
    expect(validateExpiryTransfer({ toPharmacyId: 'x', quantity: '2.5', available: 5 }).errors).toEqual({
      quantity: m.transferQuantityMin,
    });
    expect(validateExpiryTransfer({ toPharmacyId: 'x', quantity: '6', available: 5 }).errors).toEqual({
      quantity: { id: 'expiry.transfer.tooMany', values: { count: 5 } },
    });
    expect(validateExpiryTransfer({ toPharmacyId: 'x', quantity: ' 5 ', available: 5 })).toEqual({
      valid: true,
      quantity: 5,
      errors: {},
    });
  });
});

describe('the write-off form', () => {
  const values = { quantity: '3', reason: 'expired' as const, witness: ' Omar ', note: '' };

  it('sends whole packs, the reason, the witness and the note', () => {
    expect(validateWriteOff(values, 5)).toEqual({
      valid: true,
      input: { quantity: 3, looseUnits: 0, reason: 'expired', witness: 'Omar', note: null },
    });
  });

  it('needs at least one pack, a reason and a witness', () => {
    expect(validateWriteOff({ quantity: '0', reason: '', witness: ' ', note: '' }, 5)).toEqual({
      valid: false,
      errors: { quantity: m.writeOffQuantity, reason: m.writeOffReasonInvalid, witness: m.witnessRequired },
    });
    expect(validateWriteOff({ ...values, quantity: '1.5' }, 5)).toEqual({
      valid: false,
      errors: { quantity: m.wholeNumber },
    });
    expect(validateWriteOff({ ...values, quantity: '9' }, 5)).toEqual({
      valid: false,
      errors: { quantity: { id: 'expiry.writeOff.tooMany', values: { count: 5 } } },
    });
  });
});
