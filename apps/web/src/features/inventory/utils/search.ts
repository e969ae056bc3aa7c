/** A search box asks the server once typing pauses this long, not at every key. */
export const SEARCH_DEBOUNCE_MS = 250;
