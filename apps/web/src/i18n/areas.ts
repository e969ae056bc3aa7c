/**
 * The message areas (an id's first segment) the first screens need: sign-in,
 * the welcome page, pharmacy selection, the shell and the dashboard, and what
 * every page shares (validation, errors, pagination). Their messages are a
 * chunk of their own, the rest another, fetched when the first page outside
 * them opens (issue 13: the first load is 1 of 6 parts of the catalogue). A
 * test keeps every id those screens use in one of these areas.
 */
export const firstLoadAreas: ReadonlySet<string> = new Set([
  'accessDenied',
  'api',
  'app',
  'appearance',
  'common',
  'dashboard',
  'datePicker',
  'errorPage',
  'language',
  'login',
  'logout',
  'nav',
  'notFound',
  'pagination',
  'pharmacistLogin',
  'pharmacySelection',
  'role',
  'salesUnit',
  'session',
  'shell',
  'staleEdit',
  'toast',
  'validation',
  'welcome',
]);

export type CataloguePart = 'first' | 'rest';

export function partOf(id: string): CataloguePart {
  return firstLoadAreas.has(id.slice(0, id.indexOf('.'))) ? 'first' : 'rest';
}

/** The messages of one part of a catalogue. */
export function cataloguePart<T extends Record<string, string>>(messages: T, part: CataloguePart): Partial<T> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => partOf(id) === part)) as Partial<T>;
}
