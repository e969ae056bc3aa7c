import type en from './en.json';
import type { CataloguePart } from './areas';
import type { Language } from './languages';

/** English is the reference catalogue: every id must exist there (and a test checks Arabic has the same ids). */
export type MessageId = keyof typeof en;

export type Catalogue = Record<MessageId, string>;

/**
 * Each language's messages are two chunks of their own (issue 13): the part
 * the first screens need (sign-in, the shell, the dashboard: the areas of
 * ./areas.ts) and the rest, fetched when the first page outside them opens
 * (`loadWholeCatalogues`, from the signed-in pages' layout route). A visitor
 * downloads the language they read, not both, and the sign-in page a sixth of it.
 */
const importers: Record<Language, Record<CataloguePart, () => Promise<{ default: Partial<Catalogue> }>>> = {
  en: { first: () => import('./en.json?first'), rest: () => import('./en.json?rest') },
  ar: { first: () => import('./ar.json?first'), rest: () => import('./ar.json?rest') },
};

const loading = new Map<string, Promise<void>>();
const parts = new Map<string, Partial<Catalogue>>();
const asked = new Set<Language>();
let wholeWanted = false;

const listeners = new Set<() => void>();
let version = 0;

/** For `useSyncExternalStore`: told whenever a part arrives. */
export function subscribeToCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever a part arrives. */
export function cataloguesVersion(): number {
  return version;
}

function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const key = `${language}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = importers[language][part]().then(
      (module) => {
        parts.set(key, module.default);
        version += 1;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        // A failed fetch is forgotten, so the next call tries again.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** Whether the language's messages needed now have arrived (the first part, and the rest once a page needed it). */
export function isCatalogueReady(language: Language): boolean {
  return parts.has(`${language}:first`) && (!wholeWanted || parts.has(`${language}:rest`));
}

/** Every message of the language that has arrived: what the language renders with. */
export function arrivedCatalogue(language: Language): Catalogue {
  return { ...parts.get(`${language}:first`), ...parts.get(`${language}:rest`) } as Catalogue;
}

/** Fetches what the language needs now (its first part, and the rest once a page needed it). */
export async function loadCatalogue(language: Language): Promise<void> {
  asked.add(language);
  await Promise.all([loadPart(language, 'first'), ...(wholeWanted ? [loadPart(language, 'rest')] : [])]);
}

/**
 * Every message of each language asked for so far: before a page outside the
 * first screens renders. From then on, a language switched to is fetched whole.
 */
export async function loadWholeCatalogues(): Promise<void> {
  wholeWanted = true;
  await Promise.all([...asked].map((language) => loadCatalogue(language)));
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
