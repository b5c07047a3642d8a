import { createFileRoute } from '@tanstack/react-router';
import { referenceFilesQueryOptions } from '#app/features/reference-files/api/get-reference-files.ts';
import { UploadedFilesPage } from '#app/features/reference-files/components/uploaded-files-page.tsx';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/file-uploads')({
  beforeLoad: async ({ context, location }) => ({
    filesOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.fileUploads,
    ),
  }),
  // Started early but not awaited: the drop zone is usable while the list loads.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(referenceFilesQueryOptions(context.filesOwner.id));
  },
  component: UploadedFiles,
});

function UploadedFiles() {
  const user = useUser();
  usePageTitle('Uploaded Files');
  return <UploadedFilesPage userId={user.id} />;
}
