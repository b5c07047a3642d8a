// Confirms deleting a reference file (or stopping its upload): the file, its thumbnail and its fingerprint go.
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { useDeleteReferenceFile } from '#app/features/reference-files/api/delete-reference-file.ts';
import { isApiClientError } from '#app/lib/api.ts';
import type { FileView } from './file-row.tsx';

export function DeleteFileDialog({
  userId,
  view,
  onStopUpload,
  onClose,
}: {
  userId: string;
  /** Open while set. */
  view: FileView | undefined;
  /** Stops this tab's upload of the file before the server removes it. */
  onStopUpload: (uploadKey: string) => Promise<void>;
  onClose: () => void;
}) {
  const remove = useDeleteReferenceFile(userId);
  const [error, setError] = useState<string>();
  const isUploading = view?.file?.status === 'uploading';

  function changeOpen(open: boolean) {
    if (open) return;
    setError(undefined);
    onClose();
  }

  async function confirm(target: FileView) {
    if (!target.file) return;
    if (target.upload) await onStopUpload(target.upload.key);
    remove.mutate(target.file.id, {
      onSuccess: () => {
        toast.success(`“${target.fileName}” deleted`);
        changeOpen(false);
      },
      onError: (failure) =>
        setError(isApiClientError(failure) ? failure.message : 'The file could not be deleted.'),
    });
  }

  return (
    <ConfirmDialog
      open={view !== undefined}
      onOpenChange={changeOpen}
      title={view ? `Delete “${view.fileName}”?` : ''}
      description={
        isUploading
          ? 'The upload stops and what was received so far is removed.'
          : 'The file, its thumbnail and its fingerprint are removed, and new leaks of it can no longer be matched. Works in Your Content that show it lose the link.'
      }
      confirmLabel="Delete file"
      pending={remove.isPending}
      error={error}
      onConfirm={() => {
        if (view) void confirm(view);
      }}
    />
  );
}
