// POST /api/staff/community/{id}/archive: the post leaves /community.
import { operatorCommunityPostSchema } from '@shark/contracts/community.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { communityPostsQueryOptions } from './get-community-posts.ts';

export function archivePost(id: string) {
  return api.post(
    `/api/staff/community/${encodeURIComponent(id)}/archive`,
    {},
    operatorCommunityPostSchema,
  );
}

export function useArchivePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archivePost,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: communityPostsQueryOptions().queryKey }),
  });
}
