import type en from './en.json';
import type { Language } from './languages';

/** English is the reference catalogue: every id must exist there (and a test checks Arabic has the same ids). */
export type MessageId = keyof typeof en;

export type Catalogue = Record<MessageId, string>;

/**
 * Each language's messages are a chunk of their own, fetched when the language
 * is first shown: a visitor downloads the one they read, not both.
 */
const importers: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./en.json'),
  ar: () => import('./ar.json'),
};

const loading = new Map<Language, Promise<Catalogue>>();
const loaded = new Map<Language, Catalogue>();

/** The language's messages if they have already arrived, so a switch to it can happen in the same render. */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return loaded.get(language);
}

/** Fetches the language's messages once; a failed fetch is forgotten, so the next call tries again. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  let promise = loading.get(language);
  if (!promise) {
    promise = importers[language]().then(
      (module) => {
        loaded.set(language, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, promise);
  }
  return promise;
}

// Lets TypeScript reject an unknown id in `formatMessage({ id })` and `<FormattedMessage id>`.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
