// GET /api/staff/community: every community post, archived ones too.
import {
  staffCommunityPostListSchema,
  type StaffCommunityPostList,
} from '@shark/contracts/staff-moderation.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getCommunityPosts(signal?: AbortSignal): Promise<StaffCommunityPostList> {
  return api.get('/api/staff/community', staffCommunityPostListSchema, signal);
}

export function communityPostsQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'community'] as const,
    queryFn: ({ signal }) => getCommunityPosts(signal),
  });
}

export function useCommunityPosts() {
  return useQuery(communityPostsQueryOptions());
}
