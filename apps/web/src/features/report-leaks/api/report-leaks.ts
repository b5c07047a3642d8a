// POST /api/report-leaks: pasted addresses with her statement of ownership; answered address by address.
import {
  reportLeaksResultSchema,
  type ReportLeaks,
  type ReportLeaksResult,
} from '@shark/contracts/report-leaks.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateReportedUrls } from './get-reported-urls.ts';

export function reportLeaks(input: ReportLeaks): Promise<ReportLeaksResult> {
  return api.post('/api/report-leaks', input, reportLeaksResultSchema);
}

export function useReportLeaks(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportLeaks,
    onSettled: () => invalidateReportedUrls(queryClient, userId),
  });
}
