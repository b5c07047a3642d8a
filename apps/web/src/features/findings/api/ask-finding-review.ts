// POST /api/findings/{id}/ask-review: the creator hands a finding she is unsure of to Shark's team.
// It stays waiting for review; the lists show that Shark was asked.
import {
  askFindingReviewResultSchema,
  type AskFindingReviewResult,
} from '@shark/contracts/findings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { findingKeys } from './finding-keys.ts';

export function askFindingReview(findingId: string): Promise<AskFindingReviewResult> {
  return api.post(
    `/api/findings/${encodeURIComponent(findingId)}/ask-review`,
    {},
    askFindingReviewResultSchema,
  );
}

export function useAskFindingReview(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (findingId: string) => askFindingReview(findingId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: findingKeys.lists(userId) }),
  });
}
