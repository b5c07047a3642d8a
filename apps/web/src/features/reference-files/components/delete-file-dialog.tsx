// Confirms deleting a reference file (or stopping its upload): the file, its thumbnail and its fingerprint go.
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
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
    <Dialog open={view !== undefined} onOpenChange={changeOpen}>
      <DialogContent>
        {view ? (
          <>
            <DialogHeader>
              <DialogTitle>Delete “{view.fileName}”?</DialogTitle>
              <DialogDescription>
                {isUploading
                  ? 'The upload stops and what was received so far is removed.'
                  : 'The file, its thumbnail and its fingerprint are removed, and new leaks of it can no longer be matched. Works in Your Content that show it lose the link.'}
              </DialogDescription>
            </DialogHeader>
            {error ? <Alert variant="error">{error}</Alert> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => void confirm(view)}
              >
                {remove.isPending ? <Spinner /> : null}
                Delete file
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
