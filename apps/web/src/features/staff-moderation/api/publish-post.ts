// POST /api/staff/community: an announcement or a resource on /community, at once.
import {
  operatorCommunityPostSchema,
  type PublishCommunityPost,
} from '@shark/contracts/community.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { communityPostsQueryOptions } from './get-community-posts.ts';

export function publishPost(post: PublishCommunityPost) {
  return api.post('/api/staff/community', post, operatorCommunityPostSchema);
}

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: communityPostsQueryOptions().queryKey }),
  });
}
