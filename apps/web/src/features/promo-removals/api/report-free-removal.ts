// POST /api/promo-removals: one address with her statement of ownership; spends one free removal.
import {
  reportFreeRemovalResultSchema,
  type ReportFreeRemoval,
  type ReportFreeRemovalResult,
} from '@shark/contracts/promo-removals.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateFreeRemovals } from './get-free-removals.ts';

export function reportFreeRemoval(input: ReportFreeRemoval): Promise<ReportFreeRemovalResult> {
  return api.post('/api/promo-removals', input, reportFreeRemovalResultSchema);
}

export function useReportFreeRemoval(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportFreeRemoval,
    onSettled: () => invalidateFreeRemovals(queryClient, userId),
  });
}
