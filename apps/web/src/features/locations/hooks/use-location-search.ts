import type { Pharmacy } from '@pharmacy/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { filterLocations } from '../utils/filter-locations';

export function useLocationSearch(locations: readonly Pharmacy[] | undefined) {
  const [query, setQuery] = useState('');
  // Typing stays responsive with many cards: the grid re-renders after the keystroke.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => filterLocations(locations ?? [], deferredQuery), [locations, deferredQuery]);
  // Both come from the deferred query so the empty-state wording always matches the cards shown.
  return { query, setQuery, results, isSearching: deferredQuery.trim() !== '' };
}
