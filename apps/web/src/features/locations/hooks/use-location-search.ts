import type { Pharmacy } from '@pharmacy/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { filterLocations } from '../utils/filter-locations';

export function useLocationSearch(locations: readonly Pharmacy[] | undefined) {
  const [query, setQuery] = useState('');
  // Typing stays responsive with many cards: the grid re-renders after the keystroke.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => filterLocations(locations ?? [], deferredQuery), [locations, deferredQuery]);
  return { query, setQuery, results, isSearching: query.trim() !== '' };
}
