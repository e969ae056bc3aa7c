/**
 * The one way a search term and the text it is looked for in are made comparable, on the server
 * (the products' `search_text`, the patterns matched against it) and in the offline till: what a
 * person types finds the spelling the catalogue holds (issue 31).
 *
 * - Compatibility forms unfolded (NFKC): Arabic presentation forms (ﻻ, ﺍ…) become their letters.
 * - Lower case, independent of the locale.
 * - Arabic: the short vowels and other marks (tashkeel, U+064B–U+065F, the dagger alif U+0670,
 *   Quranic marks) and the tatweel (U+0640) dropped; alif with hamza or madda (أ إ آ, and ٱ) → ا;
 *   alif maqsura ى → ي; taa marbuta ة → ه; the Persian keyboard's ی and ک → ي and ك.
 * - Arabic-Indic and Eastern Arabic-Indic digits → 0–9 (a barcode typed on an Arabic keyboard).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/[\u0649\u06cc]/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u06a9/g, '\u0643')
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0));
}
