import {
  createContext,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalogue, loadedCatalogue, type Catalogue } from './messages';
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

/** The language on screen, with its messages: they change together, so no id or other-language text shows. */
interface Shown {
  language: Language;
  messages: Catalogue;
}

function shownIfLoaded(language: Language): Shown | null {
  const messages = loadedCatalogue(language);
  return messages ? { language, messages } : null;
}

export function LanguageProvider({ children, initialLanguage }: LanguageProviderProps) {
  const wanted = useRef<Language>(initialLanguage ?? readStoredLanguage());
  const [shown, setShown] = useState<Shown | null>(() => shownIfLoaded(wanted.current));

  /**
   * Switches at once when the language's messages are here, otherwise as soon
   * as they arrive; the page stays in the current language meanwhile. Only the
   * last language asked for is applied.
   */
  const show = useCallback((next: Language) => {
    wanted.current = next;
    const messages = loadedCatalogue(next);
    if (messages) {
      setShown({ language: next, messages });
      return;
    }
    void loadCatalogue(next).then((arrived) => {
      if (wanted.current === next) setShown({ language: next, messages: arrived });
    });
  }, []);

  // The first language, when its messages were not fetched yet: nothing renders until they are.
  useEffect(() => {
    if (!shown) show(wanted.current);
  }, [shown, show]);

  const language = shown?.language;
  // Layout effect: the `dir` attribute must change in the same frame as the text,
  // or the new language paints once in the old direction.
  useLayoutEffect(() => {
    if (language) applyLanguageToDocument(language);
  }, [language]);

  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(next);
      show(next);
    },
    [show],
  );

  const adoptDefaultLanguage = useCallback(
    (next: Language) => {
      if (!hasStoredLanguage()) show(next);
    },
    [show],
  );

  const value = useMemo(
    () => language && { language, direction: directionOf(language), setLanguage, adoptDefaultLanguage },
    [language, setLanguage, adoptDefaultLanguage],
  );

  if (!shown || !value) return null;
  return (
    <LanguageContext value={value}>
      <IntlProvider locale={intlLocaleOf(shown.language)} defaultLocale="en" messages={shown.messages}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
