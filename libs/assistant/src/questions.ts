import { addDaysIso } from '@pharmacy/domain';

/** What a question asks for, as far as the local assistant understands it. */
export type Question =
  | { kind: 'batch'; batchNumber: string }
  | { kind: 'expiring'; days: number | null }
  | { kind: 'low' }
  /** days: the last N days, today included; null: this calendar month so far. */
  | { kind: 'sales'; product: string; days: number | null }
  | { kind: 'stock'; product: string }
  | { kind: 'clinical' }
  | { kind: 'unknown' };

/** Arabic letters in one form (alef and yeh variants, taa marbuta), diacritics and tatweel dropped; Arabic digits as ASCII. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The language a question is written in, from its words: Arabic when at
 * least 40 % of their letters are Arabic (an Arabic question often names a
 * product in Latin letters: "كم مخزون Panadol؟"), English when fewer than 15 %
 * are; null when it cannot tell (only codes such as `PAN-500` or a batch
 * number, which carry no language, or an even mix), and the interface
 * language is used.
 */
export function languageOfQuestion(text: string): 'en' | 'ar' | null {
  const words = text.split(/\s+/).filter((word) => !/\d/.test(word) && !/^[^a-z]*[A-Z]{2,}[^a-z]*$/.test(word));
  const arabic = words.join(' ').match(/[\u0621-\u064A\u0671-\u06D3]/g)?.length ?? 0;
  const latin = words.join(' ').match(/[A-Za-z\u00C0-\u024F]/g)?.length ?? 0;
  const letters = arabic + latin;
  if (letters < 2) return null;
  if (arabic / letters >= 0.4) return 'ar';
  if (arabic / letters < 0.15) return 'en';
  return null;
}

/** Days from today to the last day of this month, both included (a question about "this month"). */
export function daysInMonthLeft(today: string): number {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  let days = 0;
  while (addDaysIso(today, days) < last) days += 1;
  return days;
}

const CLINICAL =
  /\b(dos(e|age)|interact\w*|side[- ]effects?|pregnan\w*|breast ?feed\w*|contraindicat\w*|allerg\w*|symptoms?|treat(ment)?|diagnos\w*|prescribe|overdose|children|child|kids?)\b|جرعه|تداخل|اثار جانبيه|اعراض|حامل|رضاعه|حساسيه|علاج|تشخيص|اطفال|طفل/i;
// A batch number has a digit in it ("batches" is not batch "es").
const BATCH =
  /\b(?:batch|lot)\b\s*(?:no\.?|number|#)?\s*[:#]?\s*((?=[A-Za-z._/-]*\d)[A-Za-z0-9][A-Za-z0-9._/-]{1,63})|(?:الدفعه|دفعه|التشغيله|تشغيله|اللوط)\s*(?:رقم)?\s*[:#]?\s*((?=[A-Za-z._/-]*\d)[A-Za-z0-9][A-Za-z0-9._/-]{1,63})/i;
const EXPIRY = /expir|expiring|go(es|ing)? off|out of date|صلاحي|تنتهي|ينتهي|منتهي/i;
const LOW =
  /\blow\b|short(age)?s?|running out|run out|reorder|below (the )?min|منخفض|نقص|نواقص|ينفد|نفد|قارب على النفاد|قليل/i;
const SALES = /\b(sold|sell|sales|selling)\b|بعنا|بيع|مبيعات|باع/i;
const STOCK =
  /\bwhere\b|in stock|\bstock\b|\bhave\b|available|availability|\bfind\b|how many .* (left|on hand)|اين|وين|يتوفر|متوفر|متاح|مخزون|عندنا|لدينا/i;

/** A number of days asked for ("next 14 days", "خلال 30 يومًا"), or what "today", "this week" and "this month" mean. */
function daysAsked(text: string): number | null {
  const n = /(\d{1,4})\s*(days?|يوم|ايام|يوما)/i.exec(text);
  if (n) return Number(n[1]);
  if (/\bweeks?\b|اسبوع|الاسبوع/i.test(text)) {
    const weeks = /(\d{1,2})\s*(weeks?|اسابيع)/i.exec(text);
    return weeks ? Number(weeks[1]) * 7 : 7;
  }
  if (/\btoday\b|اليوم/i.test(text)) return 1;
  if (/\byesterday\b|امس/i.test(text)) return 2;
  return null;
}

const MONTH = /\bthis month\b|هذا الشهر|الشهر الحالي/i;

/** The product a question names: the question with its question words taken out. */
function productIn(text: string): string {
  return (
    text
      .replace(/[?؟!.,،:;"'()]/g, ' ')
      .replace(
        /\b(how (much|many)|did|do|does|we|you|our|us|i|sell|sold|sales|selling|of|the|a|an|where|is|are|in|stock|have|has|available|availability|find|at|which|pharmac(y|ies)|branch(es)?|this|last|past|next|week|weeks|month|today|yesterday|days?|packs?|units?|left|on hand|can|get|show|me|please|there|any)\b/gi,
        ' ',
      )
      .replace(
        /(^|\s)(كم|بعنا|بيع|مبيعات|باع|من|هذا|الاسبوع|اسبوع|الشهر|اليوم|امس|خلال|يوم|ايام|يوما|اين|وين|يتوفر|متوفر|متاح|مخزون|عندنا|لدينا|هل|في|الصيدليه|الصيدليات|لو سمحت|عبوه|عبوات)(?=\s|$)/g,
        ' ',
      )
      // A number on its own ("14 days"); digits inside a code (a SKU, a barcode) stay.
      .replace(/(^|\s)\d+(?=\s|$)/g, ' ')
      .replace(/[?؟!.,،:;"'()]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Reads a question in English or Arabic. */
export function parseQuestion(message: string): Question {
  const text = normalise(message);
  const batch = BATCH.exec(text);
  if (batch) return { kind: 'batch', batchNumber: (batch[1] ?? batch[2])!.replace(/[?؟.,،]+$/, '') };
  if (CLINICAL.test(text)) return { kind: 'clinical' };
  if (EXPIRY.test(text)) return { kind: 'expiring', days: MONTH.test(text) ? null : (daysAsked(text) ?? 30) };
  if (SALES.test(text)) {
    const product = productIn(text);
    const days = MONTH.test(text) ? null : (daysAsked(text) ?? 7);
    if (product) return { kind: 'sales', product, days };
  }
  if (LOW.test(text)) return { kind: 'low' };
  if (STOCK.test(text)) {
    const product = productIn(text);
    if (product) return { kind: 'stock', product };
  }
  return { kind: 'unknown' };
}
