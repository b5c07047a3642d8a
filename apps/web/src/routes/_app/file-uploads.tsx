import { createFileRoute, Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/file-uploads')({
  beforeLoad: async ({ context, location }) => {
    await requireAccess({ queryClient: context.queryClient, location }, ACCESS_RULES.fileUploads);
  },
  component: UploadedFilesPage,
});

function UploadedFilesPage() {
  usePageTitle('Uploaded Files');
  return (
    <PageFrame title="Uploaded Files">
      <EmptyState
        icon={Upload}
        title="Your uploaded files will be kept here"
        action={
          <Button asChild variant="outline">
            <Link to="/branches">Go to Your Content</Link>
          </Button>
        }
      >
        Files you upload will be kept here, so that leaked copies can be matched against your
        originals.
      </EmptyState>
    </PageFrame>
  );
}
