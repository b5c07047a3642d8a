import { badgePublicIdSchema } from '@shark/contracts/dmca-badges.ts';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { NoIndex } from '#app/components/no-index.tsx';
import { PublicFrame } from '#app/components/ui/public-frame.tsx';
import { publicBadgeQueryOptions } from '#app/features/badge-verification/api/get-public-badge.ts';
import {
  BadgeNotFoundView,
  BadgeVerificationView,
} from '#app/features/badge-verification/components/badge-verification-view.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The public page a DMCA badge links to: anyone can confirm the protection; nothing private is shown.
export const Route = createFileRoute('/verified/$badgeId')({
  loader: async ({ context, params }) => {
    const isKnown = await loadBadge(context.queryClient, params.badgeId);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router expects its notFound() to be thrown
    if (!isKnown) throw notFound();
  },
  component: VerifiedBadgePage,
  notFoundComponent: VerifiedBadgeNotFound,
});

/** Puts the badge in the cache; false when no badge has this id (malformed ids never reach the API). */
async function loadBadge(queryClient: QueryClient, badgeId: string): Promise<boolean> {
  if (!badgePublicIdSchema.safeParse(badgeId).success) return false;
  try {
    await queryClient.ensureQueryData(publicBadgeQueryOptions(badgeId));
    return true;
  } catch (error) {
    if (isApiClientError(error) && error.status === 404) return false;
    throw error;
  }
}

function VerifiedBadgePage() {
  const { badgeId } = Route.useParams();
  const { data } = useSuspenseQuery(publicBadgeQueryOptions(badgeId));
  usePageTitle('Protection Check');
  return (
    <PublicFrame>
      <NoIndex />
      <BadgeVerificationView badge={data} />
    </PublicFrame>
  );
}

function VerifiedBadgeNotFound() {
  usePageTitle('Badge Not Found');
  return (
    <PublicFrame>
      <NoIndex />
      <BadgeNotFoundView />
    </PublicFrame>
  );
}
