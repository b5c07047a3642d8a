// Uploaded Files: add reference photos and videos (resumable uploads), follow each one to its fingerprint, delete.
import { useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useReferenceFiles } from '#app/features/reference-files/api/get-reference-files.ts';
import { UsageMeter } from '#app/features/usage/components/usage-meter.tsx';
import { useUploads } from '../lib/use-uploads.ts';
import { DeleteFileDialog } from './delete-file-dialog.tsx';
import { DropZone } from './drop-zone.tsx';
import { FileRow, type FileView } from './file-row.tsx';

export function UploadedFilesPage({ userId }: { userId: string }) {
  const list = useReferenceFiles(userId);
  const { uploads, add, retry, stop, dismiss } = useUploads(userId);
  const [deleting, setDeleting] = useState<FileView>();

  const files = list.data?.files ?? [];
  const uploadByFileId = new Map(uploads.filter((u) => u.fileId).map((u) => [u.fileId!, u]));
  const listedIds = new Set(files.map((f) => f.id));
  const views: FileView[] = [
    // Newest first, like the server's list: uploads this tab started that the list does not show yet
    // (still starting, or refused before the server kept them).
    ...uploads
      .filter((u) => !u.fileId || !listedIds.has(u.fileId))
      .reverse()
      .map((upload) => ({
        key: upload.key,
        fileName: upload.fileName,
        sizeBytes: upload.size,
        file: null,
        upload,
      })),
    ...files.map((file) => ({
      key: file.id,
      fileName: file.fileName,
      sizeBytes: file.sizeBytes,
      file,
      upload: uploadByFileId.get(file.id) ?? null,
    })),
  ];

  return (
    <PageFrame
      title="Uploaded Files"
      description="Upload the photos and videos you sell. Each one is fingerprinted, so that leaked copies, even cropped or re-encoded, are matched to your originals."
    >
      <div className="flex flex-col gap-6">
        <UsageMeter limit="referenceStorageBytes" />
        <DropZone
          onFiles={(picked) => add(picked, list.data?.maxUploadBytes)}
          maxUploadBytes={list.data?.maxUploadBytes}
        />

        <section aria-labelledby="files-heading" className="flex flex-col gap-3">
          <h2 id="files-heading" className="text-lg font-semibold tracking-tight">
            Your files
          </h2>
          {list.isPending ? (
            <div className="flex flex-col gap-3" aria-label="Loading your files">
              <Skeleton className="h-22 w-full rounded-xl" />
              <Skeleton className="h-22 w-full rounded-xl" />
            </div>
          ) : list.isError && views.length === 0 ? (
            <Alert variant="error" className="items-center justify-between">
              Your files could not be loaded.
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : views.length === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              No files yet. The photos and videos you add appear here, with their progress and, once
              fingerprinted, a thumbnail.
            </p>
          ) : (
            <ul aria-label="Your files" className="flex flex-col gap-3">
              {views.map((view) => (
                <FileRow
                  key={view.key}
                  view={view}
                  onRetry={retry}
                  onDismiss={dismiss}
                  onDelete={setDeleting}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <DeleteFileDialog
        userId={userId}
        view={deleting}
        onStopUpload={stop}
        onClose={() => setDeleting(undefined)}
      />
    </PageFrame>
  );
}
