import { pharmacyListSchema, type Pharmacy } from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from './api';

// Shared: the locations page lists these and user management offers them for assignment.
export const pharmaciesQueryKey = ['/api/pharmacies'] as const;

export async function getPharmacies({ signal }: { signal?: AbortSignal } = {}): Promise<Pharmacy[]> {
  // Parsing guards the screens against a server that drifted from the contract.
  return pharmacyListSchema.parse(await fetchJson(pharmaciesQueryKey, { signal }));
}

export function pharmaciesQueryOptions() {
  return queryOptions({
    queryKey: pharmaciesQueryKey,
    queryFn: ({ signal }) => getPharmacies({ signal }),
  });
}

export function usePharmacies() {
  return useQuery(pharmaciesQueryOptions());
}
