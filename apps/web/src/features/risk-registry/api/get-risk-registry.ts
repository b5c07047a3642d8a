// GET /api/risk-registry: a page of published entries for the search and kind.
import { riskRegistryPageSchema, type RiskRegistryPage } from '@shark/contracts/risk-registry.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import {
  apiSearchOf,
  type RegistryQuery,
} from '#app/features/risk-registry/lib/registry-search.ts';
import { registryKeys } from './registry-keys.ts';

export function getRiskRegistry(
  query: RegistryQuery,
  signal?: AbortSignal,
): Promise<RiskRegistryPage> {
  return api.get(
    `/api/risk-registry?${apiSearchOf(query).toString()}`,
    riskRegistryPageSchema,
    signal,
  );
}

export function riskRegistryQueryOptions(userId: string, query: RegistryQuery) {
  return queryOptions({
    queryKey: registryKeys.list(userId, query),
    queryFn: ({ signal }) => getRiskRegistry(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRiskRegistry(userId: string, query: RegistryQuery) {
  return useQuery(riskRegistryQueryOptions(userId, query));
}
