// GET /api/community: a page of announcements and resources, and the brand's community channels.
import { communityPageSchema, type CommunityPage } from '@shark/contracts/community.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getCommunity(page: number, signal?: AbortSignal): Promise<CommunityPage> {
  return api.get(`/api/community?page=${page}`, communityPageSchema, signal);
}

/** Keyed by the user: what is shown depends on the brand and sign-in, never shared across accounts. */
export function communityQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: ['community', userId, page] as const,
    queryFn: ({ signal }) => getCommunity(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCommunity(userId: string, page: number) {
  return useQuery(communityQueryOptions(userId, page));
}
