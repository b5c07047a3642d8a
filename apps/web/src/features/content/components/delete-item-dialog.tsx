// Confirms deleting an item; its reference files stay in Uploaded Files.
import type { ContentItem } from '@shark/contracts/content.ts';
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
import { useDeleteItem } from '#app/features/content/api/delete-item.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function DeleteItemDialog({
  userId,
  item,
  onClose,
}: {
  userId: string;
  /** Open while set. */
  item: ContentItem | undefined;
  onClose: () => void;
}) {
  const remove = useDeleteItem(userId);
  const [error, setError] = useState<string>();

  function changeOpen(open: boolean) {
    if (open) return;
    setError(undefined);
    onClose();
  }

  return (
    <Dialog open={item !== undefined} onOpenChange={changeOpen}>
      <DialogContent>
        {item ? (
          <>
            <DialogHeader>
              <DialogTitle>Delete “{item.title}”?</DialogTitle>
              <DialogDescription>
                The item and its sale links are removed from Your Content. Its reference files stay
                in your uploads.
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
                onClick={() =>
                  remove.mutate(item.id, {
                    onSuccess: () => {
                      toast.success(`“${item.title}” deleted`);
                      changeOpen(false);
                    },
                    onError: (failure) =>
                      setError(
                        isApiClientError(failure)
                          ? failure.message
                          : 'The item could not be deleted.',
                      ),
                  })
                }
              >
                {remove.isPending ? <Spinner /> : null}
                Delete item
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
