export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];
export type Direction = 'ltr' | 'rtl';

export const defaultLanguage: Language = 'en';
/** Specification §4: the choice survives reloads under this key. `index.html` reads it too, before first paint. */
export const languageStorageKey = 'pharmacy-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The locale react-intl formats with. Arabic uses Western digits (0-9): phone
 * numbers, ids and prices are written that way in Jordan and the Gulf, and mixing
 * them with Arabic-Indic digits on one card reads badly.
 */
export function intlLocaleOf(language: Language): string {
  return language === 'ar' ? 'ar-u-nu-latn' : 'en';
}

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    // Storage can be unavailable (private modes, blocked cookies); the default is a safe answer.
    return defaultLanguage;
  }
}

/** Whether this browser has a language of its own (chosen with the switch), as opposed to the default. */
export function hasStoredLanguage(): boolean {
  try {
    return isLanguage(localStorage.getItem(languageStorageKey));
  } catch {
    return false;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Not being able to remember the choice must not stop the switch itself.
  }
}

/** Keeps the document in step with the language so CSS, fonts and screen readers follow it. */
export function applyLanguageToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
