import { createContext, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogues } from './messages';
import {
  applyLanguageToDocument,
  directionOf,
  hasStoredLanguage,
  intlLocaleOf,
  readStoredLanguage,
  storeLanguage,
  type Direction,
  type Language,
} from './languages';

export interface LanguageContextValue {
  language: Language;
  direction: Direction;
  /** The person's own choice: applied and remembered in this browser. */
  setLanguage(language: Language): void;
  /** The installation's default (Settings → System): applied only while this browser has no choice of its own. */
  adoptDefaultLanguage(language: Language): void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export interface LanguageProviderProps {
  children: ReactNode;
  /** For tests and stories; the app starts from the stored choice. */
  initialLanguage?: Language;
}

export function LanguageProvider({ children, initialLanguage }: LanguageProviderProps) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? readStoredLanguage());

  // Layout effect: the `dir` attribute must change in the same frame as the text,
  // or the new language paints once in the old direction.
  useLayoutEffect(() => applyLanguageToDocument(language), [language]);

  const setLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    setLanguageState(next);
  }, []);

  const adoptDefaultLanguage = useCallback((next: Language) => {
    if (!hasStoredLanguage()) setLanguageState(next);
  }, []);

  const value = useMemo(
    () => ({ language, direction: directionOf(language), setLanguage, adoptDefaultLanguage }),
    [language, setLanguage, adoptDefaultLanguage],
  );

  return (
    <LanguageContext value={value}>
      <IntlProvider locale={intlLocaleOf(language)} defaultLocale="en" messages={catalogues[language]}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
