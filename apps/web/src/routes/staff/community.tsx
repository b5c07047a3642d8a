import { createFileRoute } from '@tanstack/react-router';
import { communityPostsQueryOptions } from '#app/features/staff-moderation/api/get-community-posts.ts';
import { CommunityModerationPage } from '#app/features/staff-moderation/components/community-moderation-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The community's posts in the staff console (shark community).
export const Route = createFileRoute('/staff/community')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(communityPostsQueryOptions());
  },
  component: Community,
});

function Community() {
  usePageTitle('Community posts');
  return <CommunityModerationPage />;
}
