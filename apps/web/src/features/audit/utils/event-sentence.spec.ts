import { afterEach, describe, expect, it } from '@jest/globals';
import { createIntl } from 'react-intl';
import ar from '../../../i18n/ar.json';
import en from '../../../i18n/en.json';
import { eventSentence } from './event-sentence';

const errors: string[] = [];
const onError = (error: Error) => errors.push(error.message);
const english = createIntl({ locale: 'en', messages: en, onError });
const arabic = createIntl({ locale: 'ar', messages: ar, onError });
afterEach(() => expect(errors.splice(0)).toEqual([]));

describe('an event in plain words', () => {
  it('words a receipt from the facts the server answered, in either language', () => {
    const facts = { quantity: '1200', product: 'Paracetamol', batch: 'LOT-1', pharmacy: 'Downtown' };
    expect(eventSentence(english, { type: 'BatchReceived', facts })).toBe(
      '1200 packs of Paracetamol received into batch LOT-1 at Downtown',
    );
    expect(
      eventSentence(arabic, {
        type: 'BatchReceived',
        facts: { ...facts, product: 'باراسيتامول', pharmacy: 'وسط البلد' },
      }),
    ).toBe('استلام 1200 عبوة من باراسيتامول في الدفعة LOT-1 في وسط البلد');
  });

  it('says what the English sentence says and the Arabic one leaves out', () => {
    const up = { batch: 'LOT-1', change: '3', direction: 'up', reason: 'count correction' };
    expect(eventSentence(english, { type: 'StockAdjusted', facts: up })).toBe(
      'Batch LOT-1 adjusted by +3 packs (count correction)',
    );
    expect(eventSentence(arabic, { type: 'StockAdjusted', facts: up })).toBe('تعديل الدفعة LOT-1 بمقدار 3 عبوة');
    const down = { ...up, change: '-2', direction: 'down' };
    expect(eventSentence(english, { type: 'StockAdjusted', facts: down })).toBe(
      'Batch LOT-1 adjusted by -2 packs (count correction)',
    );
    const posted = { pharmacy: 'Downtown', adjusted: '2' };
    expect(eventSentence(english, { type: 'StockCountPosted', facts: posted })).toBe(
      'Stock count posted at Downtown: 2 batch(es) adjusted',
    );
    expect(eventSentence(arabic, { type: 'StockCountPosted', facts: posted })).toBe('ترحيل جرد المخزون في Downtown');
  });

  it('words the parts that depend on the facts: an offline sale, a request awaiting approval', () => {
    const sale = { sale: 'online', number: '', items: '5', amount: '12.50', pharmacy: 'Downtown' };
    expect(eventSentence(english, { type: 'SaleCompleted', facts: sale })).toBe(
      'Sale of 5 item(s) for 12.50 at Downtown',
    );
    const offline = { ...sale, sale: 'offline', number: 'T1-7' };
    expect(eventSentence(english, { type: 'SaleCompleted', facts: offline })).toBe(
      'Offline sale T1-7 of 5 item(s) for 12.50 at Downtown',
    );
    expect(eventSentence(arabic, { type: 'SaleCompleted', facts: offline })).toBe(
      'بيع دون اتصال T1-7: 5 صنف بمبلغ 12.50 في Downtown',
    );
    const request = { packs: '4', fromPharmacy: 'Abdoun', toPharmacy: 'Downtown', awaiting: 'yes' };
    expect(eventSentence(english, { type: 'TransferRequested', facts: request })).toBe(
      'Transfer of 4 packs requested from Abdoun to Downtown, awaiting approval at Abdoun',
    );
    expect(eventSentence(english, { type: 'TransferRequested', facts: { ...request, awaiting: 'no' } })).toBe(
      'Transfer of 4 packs requested from Abdoun to Downtown',
    );
    const reserved = { packs: '4', pharmacy: 'Abdoun', toPharmacy: 'Downtown', approval: 'yes' };
    expect(eventSentence(arabic, { type: 'TransferStockReserved', facts: reserved })).toBe(
      'حجز 4 عبوة في Abdoun لنقلها إلى Downtown بالموافقة على طلبه',
    );
  });

  it('says a product or pharmacy the server does not know is unknown, and takes text in facts as it is', () => {
    expect(eventSentence(english, { type: 'ProductRegistered', facts: {} })).toBe(
      'Product Unknown Product added to the catalogue',
    );
    expect(eventSentence(arabic, { type: 'TransferApproved', facts: {} })).toBe('الموافقة على النقل من موقع غير معروف');
    expect(
      eventSentence(english, { type: 'StockDiscrepancyResolved', facts: { pharmacy: 'Downtown', note: "it's {x}" } }),
    ).toBe("Stock discrepancy at Downtown resolved: it's {x}");
  });

  it('reads a type without a sentence of its own as its name', () => {
    expect(eventSentence(english, { type: 'ProductDetailsChanged', facts: {} })).toBe('Product details changed');
    expect(eventSentence(arabic, { type: 'ProductDetailsChanged', facts: {} })).toBe('حدث: ProductDetailsChanged');
  });
});
