// GET /api/risk-registry/reports: the creator's own reports with their review, and today's allowance.
import { riskReportListSchema, type RiskReportList } from '@shark/contracts/risk-registry.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { registryKeys } from './registry-keys.ts';

export function getMyRiskReports(signal?: AbortSignal): Promise<RiskReportList> {
  return api.get('/api/risk-registry/reports', riskReportListSchema, signal);
}

export function myRiskReportsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: registryKeys.mine(userId),
    queryFn: ({ signal }) => getMyRiskReports(signal),
  });
}

export function useMyRiskReports(userId: string) {
  return useQuery(myRiskReportsQueryOptions(userId));
}
