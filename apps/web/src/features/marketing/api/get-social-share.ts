// GET /api/marketing/social-share: the ready-to-post texts for each network, the share images and her badge.
import { socialShareSchema, type SocialShare } from '@shark/contracts/marketing.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getSocialShare(signal?: AbortSignal): Promise<SocialShare> {
  return api.get('/api/marketing/social-share', socialShareSchema, signal);
}

/** Keyed by the user, so one account's texts are never shown to the next account signed in. */
export function socialShareQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['marketing', 'social-share', userId],
    queryFn: ({ signal }) => getSocialShare(signal),
  });
}

export function useSocialShare(userId: string) {
  return useQuery(socialShareQueryOptions(userId));
}
