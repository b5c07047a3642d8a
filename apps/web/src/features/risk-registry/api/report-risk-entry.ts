// POST /api/risk-registry/reports: a new report, pending until an operator reviews it.
import {
  riskReportSchema,
  type ReportRiskEntryInput,
  type RiskReport,
} from '@shark/contracts/risk-registry.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { registryKeys } from './registry-keys.ts';

export function reportRiskEntry(input: ReportRiskEntryInput): Promise<RiskReport> {
  return api.post('/api/risk-registry/reports', input, riskReportSchema);
}

export function useReportRiskEntry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportRiskEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registryKeys.mine(userId) }),
  });
}
