// POST /api/staff/registry/{id}/publish | reject: the review of a report; the reporter sees the note.
import { operatorRiskEntrySchema } from '@shark/contracts/risk-registry.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { pendingReportsQueryOptions } from './get-pending-reports.ts';

export type Review =
  | { id: string; decision: 'publish'; note: string | null }
  | { id: string; decision: 'reject'; reason: string };

export function reviewReport(review: Review) {
  const path = `/api/staff/registry/${encodeURIComponent(review.id)}/${review.decision}`;
  return review.decision === 'publish'
    ? api.post(path, { note: review.note }, operatorRiskEntrySchema)
    : api.post(path, { reason: review.reason }, operatorRiskEntrySchema);
}

export function useReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: pendingReportsQueryOptions().queryKey }),
  });
}
