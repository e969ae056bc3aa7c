import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { useDebouncedValue } from './use-debounced-value';

// A list's page, order, search and filters live in the address (`?page=2&sort=-price&q=amox`),
// so a reload, the back button or a shared link shows the same rows. Each list's route
// validates them with a schema made of these parameters (`validateSearch`); the page reads
// and writes them with `useListSearch`. A value the address cannot hold (a page of "abc", an
// order the server does not know) falls back to the list's default rather than failing the page.

/** A search box asks the server once typing pauses this long, not at every key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** `?page=`: 1-based; the first page is left out of the address. */
export const pageParam = z.coerce.number().int().min(1).optional().catch(undefined);

/**
 * `?q=`: the search, trimmed. The router reads `?q=123` typed into the address as a
 * number, so numbers (and `true`) are text here too.
 */
export const textParam = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value).trim() || undefined)
  .optional()
  .catch(undefined);

/** `?pharmacy=` and other ids. */
export const idParam = z.guid().optional().catch(undefined);

/** `?sort=` and other choices among fixed values. */
export function choiceParam<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values).optional().catch(undefined);
}

/** A choice among fixed numbers (`?days=30`). */
export function numberChoiceParam<const Values extends readonly [number, ...number[]]>(values: Values) {
  return z.coerce.number().pipe(z.literal(values)).optional().catch(undefined);
}

/** What every list's address may hold; a list adds its own filters. */
export interface ListParams {
  page?: number | undefined;
  q?: string | undefined;
}

/** The values of a list's address, those with a default never missing. */
export type ListValues<Values, Defaults> = Omit<Values, keyof Defaults> & {
  [Key in keyof Defaults & keyof Values]-?: Exclude<Values[Key], undefined>;
};

export interface ListSearch<Values extends ListParams> {
  /** The address's values, the list's defaults where it has none. */
  values: Values;
  /** 1-based. */
  page: number;
  /** The search the list asks for: the box's text once typing paused, trimmed. */
  q: string;
  /** The search box's text, as typed. */
  text: string;
  setText(text: string): void;
  setPage(page: number): void;
  /** Changes the order or filters; the list starts again at its first page. */
  update(changes: Partial<Values>): void;
}

/**
 * The state of a list page, kept in the address. `schema` is the one the route
 * validates its search with; `defaults` (a constant) fills in what the address
 * leaves out, and a value equal to its default is left out of the address again.
 * Typing in the search box waits for a pause before it changes the address (and
 * the list), replacing the history entry rather than adding one per search.
 */
export function useListSearch<
  Schema extends z.ZodType<ListParams>,
  Defaults extends Partial<z.output<Schema>> = object,
>(
  schema: Schema,
  defaults: Defaults = {} as Defaults,
  { debounceMs = SEARCH_DEBOUNCE_MS }: { debounceMs?: number } = {},
): ListSearch<ListValues<z.output<Schema>, Defaults>> {
  type Values = ListValues<z.output<Schema>, Defaults>;
  // In a route, its validated search; in a component test's bare router, the address's own.
  const matched = useSearch({ strict: false, shouldThrow: false });
  const addressed = useRouterState({ select: (state) => (matched ? undefined : state.location.search) });
  const raw: unknown = matched ?? addressed;
  const values = useMemo((): Values => {
    const parsed = schema.parse(raw ?? {}) as Record<string, unknown>;
    const given = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
    return { ...defaults, ...given } as Values;
  }, [schema, raw, defaults]);
  const q = (values as ListParams).q ?? '';
  const page = (values as ListParams).page ?? 1;

  const navigate = useNavigate();
  const write = useCallback(
    (changes: Record<string, unknown>) => {
      void navigate({
        // `next` drops what equals a default: the shortest address that says the same.
        search: ((previous: Record<string, unknown>) => leanSearch({ ...previous, ...changes }, defaults)) as never,
        replace: true,
        // The list changes under the reader's eyes: the window stays where it is.
        resetScroll: false,
      });
    },
    [navigate, defaults],
  );

  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text, debounceMs);
  const handled = useRef(settled);
  const written = useRef(q);
  useEffect(() => {
    if (handled.current === settled) return;
    handled.current = settled;
    const next = settled.trim();
    written.current = next;
    if (next !== q) write({ q: next || undefined, page: undefined });
  }, [settled, q, write]);
  // A search the box did not write (the back button, a link to the page) shows in the box;
  // the one it wrote does not overwrite what has been typed since.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (q !== written.current && text.trim() !== q) setText(q);
  }

  return {
    values,
    page,
    q,
    text,
    setText: useCallback(
      (next: string) => {
        setText(next);
        // A new search starts from the first page, which shows at once.
        if (page > 1) write({ page: undefined });
      },
      [page, write],
    ),
    setPage: useCallback((next: number) => write({ page: next > 1 ? next : undefined }), [write]),
    update: useCallback((changes: Partial<Values>) => write({ ...changes, page: undefined }), [write]),
  };
}

/** The search without empty values and without values equal to their defaults (the first page included). */
function leanSearch(search: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(search).filter(
      ([key, value]) => value !== undefined && value !== null && value !== '' && value !== defaults[key],
    ),
  );
}

/**
 * A page past the last one (the address of a longer list, or the last row of the
 * last page deleted meanwhile) shows the page that is now last.
 */
export function useLastPageClamp(
  list: Pick<ListSearch<ListParams>, 'page' | 'setPage'>,
  { settled, pageCount }: { settled: boolean; pageCount: number },
) {
  const { page, setPage } = list;
  useEffect(() => {
    if (settled && page > pageCount) setPage(pageCount);
  }, [settled, page, pageCount, setPage]);
}
