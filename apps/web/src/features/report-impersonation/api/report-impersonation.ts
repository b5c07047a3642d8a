// POST /api/report-impersonation: one fake profile with her evidence; answered with the report made.
import {
  impersonationReportSchema,
  type ImpersonationReport,
  type ReportImpersonation,
} from '@shark/contracts/report-leaks.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateImpersonationReports } from './get-impersonation-reports.ts';

export function reportImpersonation(input: ReportImpersonation): Promise<ImpersonationReport> {
  return api.post('/api/report-impersonation', input, impersonationReportSchema);
}

export function useReportImpersonation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportImpersonation,
    onSettled: () => invalidateImpersonationReports(queryClient, userId),
  });
}
