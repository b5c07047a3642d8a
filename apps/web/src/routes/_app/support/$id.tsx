import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { supportRequestQueryOptions } from '#app/features/support/api/get-support-request.ts';
import { SupportRequestPage } from '#app/features/support/components/support-request-page.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/support/$id')({
  beforeLoad: async ({ context, location }) => ({
    supportOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(
        supportRequestQueryOptions(context.supportOwner.id, params.id),
      );
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router expects its notFound() to be thrown
      if (isApiClientError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: SupportRequest,
  notFoundComponent: SupportRequestNotFound,
});

function SupportRequest() {
  const user = useUser();
  const { id } = Route.useParams();
  usePageTitle('Help');
  return <SupportRequestPage userId={user.id} requestId={id} />;
}

function SupportRequestNotFound() {
  usePageTitle('Help');
  return (
    <PageFrame
      title="No such request"
      description="This support request does not exist, or it belongs to another account."
    >
      <Button asChild>
        <Link to="/support">All your requests</Link>
      </Button>
    </PageFrame>
  );
}
