import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NewSupportRequestPage } from '#app/features/support/components/new-support-request-page.tsx';
import { newSupportSearchSchema } from '#app/features/support/lib/support-search.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/support/new')({
  validateSearch: newSupportSearchSchema,
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.signedIn);
  },
  component: NewSupportRequest,
});

function NewSupportRequest() {
  const user = useUser();
  const search = Route.useSearch();
  const navigate = useNavigate();
  usePageTitle('New Request');
  return (
    <NewSupportRequestPage
      userId={user.id}
      search={search}
      onOpened={(request) => void navigate({ to: '/support/$id', params: { id: request.id } })}
    />
  );
}
