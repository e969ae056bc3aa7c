import { describe, expect, it } from '@jest/globals';
import { daysInMonthLeft, languageOfQuestion, parseQuestion } from './questions';

describe('the questions the local assistant understands', () => {
  it.each([
    ['What is low in stock?', { kind: 'low' }],
    ['ما الأصناف منخفضة المخزون؟', { kind: 'low' }],
    ['What expires this month?', { kind: 'expiring', days: null }],
    ['ما الذي تنتهي صلاحيته هذا الشهر؟', { kind: 'expiring', days: null }],
    ['what expires in the next 14 days?', { kind: 'expiring', days: 14 }],
    ['ما الذي تنتهي صلاحيته خلال ٣٠ يومًا؟', { kind: 'expiring', days: 30 }],
    ['Which batches are expiring?', { kind: 'expiring', days: 30 }],
    ['Where is Amoxicillin in stock?', { kind: 'stock', product: 'Amoxicillin' }],
    ['أين يتوفر أموكسيسيلين؟', { kind: 'stock', product: 'اموكسيسيلين' }],
    ['How much Panadol did we sell this week?', { kind: 'sales', product: 'Panadol', days: 7 }],
    ['كم بعنا من بنادول هذا الأسبوع؟', { kind: 'sales', product: 'بنادول', days: 7 }],
    ['How many Panadol Extra did we sell today?', { kind: 'sales', product: 'Panadol Extra', days: 1 }],
    ['Sales of Ventolin this month', { kind: 'sales', product: 'Ventolin', days: null }],
    ['What happened to batch LOT-123?', { kind: 'batch', batchNumber: 'LOT-123' }],
    ['Why did batch AMX-2026-07 drop at Downtown?', { kind: 'batch', batchNumber: 'AMX-2026-07' }],
    ['ماذا حدث للدفعة LOT-123؟', { kind: 'batch', batchNumber: 'LOT-123' }],
    ['What is the dose of amoxicillin for children?', { kind: 'clinical' }],
    ['هل يوجد تداخل بين الوارفارين والأسبرين؟', { kind: 'clinical' }],
    ['hello', { kind: 'unknown' }],
  ])('%s', (message, expected) => {
    expect(parseQuestion(message)).toEqual(expected);
  });

  it('counts the days left in the month, today included', () => {
    expect(daysInMonthLeft('2026-11-23')).toBe(7);
    expect(daysInMonthLeft('2026-11-30')).toBe(0);
    expect(daysInMonthLeft('2026-02-01')).toBe(27);
  });
});

describe('the language a question is written in (issue 28)', () => {
  it.each([
    ['What expires in the next 14 days?', 'en'],
    ['ما الذي تنتهي صلاحيته خلال 14 يومًا؟', 'ar'],
    ['كم مخزون Panadol؟', 'ar'],
    ['كم بعنا من PAN-500 هذا الأسبوع؟', 'ar'],
    ['How much Panadol is left at صيدلية الشفاء?', null],
    ['Where is Zyrtec in stock?', 'en'],
    ['PAN-500', null],
    ['AST-1B2C', null],
    ['What happened to batch LOT-22A?', 'en'],
    ['123456', null],
    ['؟', null],
  ] as const)('%s → %s', (question, language) => {
    expect(languageOfQuestion(question)).toBe(language);
  });
});
