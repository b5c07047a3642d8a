// GET /api/risk-registry/{id}: a published entry, or one of the creator's own reports.
import { riskEntryDetailSchema, type RiskEntryDetail } from '@shark/contracts/risk-registry.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { registryKeys } from './registry-keys.ts';

export function getRiskEntry(id: string, signal?: AbortSignal): Promise<RiskEntryDetail> {
  return api.get(`/api/risk-registry/${encodeURIComponent(id)}`, riskEntryDetailSchema, signal);
}

export function riskEntryQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: registryKeys.entry(userId, id),
    queryFn: ({ signal }) => getRiskEntry(id, signal),
    retry: false,
  });
}

export function useRiskEntry(userId: string, id: string) {
  return useQuery(riskEntryQueryOptions(userId, id));
}
