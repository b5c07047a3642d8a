// POST /api/findings/{id}/review: confirm, not mine, or whitelist. The lists change at once
// (optimistic) and are put back if the server refuses.
import {
  reviewFindingResultSchema,
  type Finding,
  type FindingPage,
  type LikenessNature,
  type ReviewFindingResult,
} from '@shark/contracts/findings.ts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { invalidateWhitelist } from '#app/features/whitelist/api/get-whitelist.ts';
import { STATUS_AFTER, withReview, type ReviewAction } from '#app/features/findings/lib/review.ts';
import { filterOfKey, findingKeys } from './finding-keys.ts';

/** Confirming a likeness finding says what the picture is. */
export type ReviewInput = {
  finding: Finding;
  action: ReviewAction;
  likenessNature?: LikenessNature | undefined;
};

export function reviewFinding(
  findingId: string,
  action: ReviewAction,
  likenessNature?: LikenessNature,
): Promise<ReviewFindingResult> {
  return api.post(
    `/api/findings/${encodeURIComponent(findingId)}/review`,
    likenessNature ? { action, likenessNature } : { action },
    reviewFindingResultSchema,
  );
}

type Snapshot = [readonly unknown[], InfiniteData<FindingPage> | undefined][];

export function useReviewFinding(userId: string) {
  const queryClient = useQueryClient();
  const mutationKey = ['review-finding', userId];
  return useMutation({
    mutationKey,
    mutationFn: ({ finding, action, likenessNature }: ReviewInput) =>
      reviewFinding(finding.id, action, likenessNature),
    onMutate: async ({ finding, action }): Promise<{ snapshot: Snapshot }> => {
      await queryClient.cancelQueries({ queryKey: findingKeys.lists(userId) });
      const snapshot: Snapshot = queryClient.getQueriesData<InfiniteData<FindingPage>>({
        queryKey: findingKeys.lists(userId),
      });
      for (const [key, data] of snapshot) {
        const filter = filterOfKey(key);
        if (!data || !filter) continue;
        queryClient.setQueryData<InfiniteData<FindingPage>>(key, {
          ...data,
          pages: withReview(data.pages, finding, STATUS_AFTER[action], filter.status),
        });
      }
      return { snapshot };
    },
    onSuccess: async (_result, { action }) => {
      // Whitelisting adds the page to the Whitelist screen and counts against its limit.
      if (action === 'whitelist') await invalidateWhitelist(queryClient, userId);
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: async () => {
      // Read the lists again once the last of several quick reviews has answered, so an earlier
      // answer does not bring back a finding a later review has moved.
      if (queryClient.isMutating({ mutationKey }) === 1) {
        await queryClient.invalidateQueries({ queryKey: findingKeys.all(userId) });
      }
    },
  });
}
