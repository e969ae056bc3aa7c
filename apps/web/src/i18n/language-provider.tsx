import {
  createContext,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import {
  arrivedCatalogue,
  cataloguesVersion,
  isCatalogueReady,
  loadCatalogue,
  subscribeToCatalogues,
} from './messages';
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

/**
 * The language on screen changes only once its messages are here, so no id or
 * other-language text shows. Its messages are read from the catalogue store:
 * the rest of them arrive while it is shown (before the first page that needs them).
 */
export function LanguageProvider({ children, initialLanguage }: LanguageProviderProps) {
  const wanted = useRef<Language>(initialLanguage ?? readStoredLanguage());
  const [shown, setShown] = useState<Language | null>(() => (isCatalogueReady(wanted.current) ? wanted.current : null));
  const version = useSyncExternalStore(subscribeToCatalogues, cataloguesVersion, cataloguesVersion);
  // `version` changes whenever a part of a catalogue arrives: the messages are read again then.
  const messages = useMemo(() => (shown ? arrivedCatalogue(shown) : null), [shown, version]);

  /**
   * Switches at once when the language's messages are here, otherwise as soon
   * as they arrive; the page stays in the current language meanwhile. Only the
   * last language asked for is applied.
   */
  const show = useCallback((next: Language) => {
    wanted.current = next;
    if (isCatalogueReady(next)) {
      setShown(next);
      return;
    }
    void loadCatalogue(next).then(() => {
      if (wanted.current === next) setShown(next);
    });
  }, []);

  // The first language, when its messages were not fetched yet: nothing renders until they are.
  useEffect(() => {
    if (!shown) show(wanted.current);
  }, [shown, show]);

  const language = shown;
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

  if (!shown || !value || !messages) return null;
  return (
    <LanguageContext value={value}>
      <IntlProvider locale={intlLocaleOf(shown)} defaultLocale="en" messages={messages}>
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
