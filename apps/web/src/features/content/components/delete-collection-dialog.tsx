// Deleting a collection asks what happens to its items: kept (in no collection) or deleted too.
import type { CollectionDeleteMode, ContentCollection } from '@shark/contracts/content.ts';
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
import { useDeleteCollection } from '#app/features/content/api/delete-collection.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { plural } from '#app/features/content/lib/plural.ts';

export function DeleteCollectionDialog({
  userId,
  collection,
  onOpenChange,
  onDeleted,
}: {
  userId: string;
  /** Open while set. */
  collection: ContentCollection | undefined;
  onOpenChange: (open: boolean) => void;
  onDeleted: (collection: ContentCollection) => void;
}) {
  const remove = useDeleteCollection(userId);
  const [error, setError] = useState<string>();
  const [pendingMode, setPendingMode] = useState<CollectionDeleteMode>();

  function changeOpen(open: boolean) {
    if (!open) setError(undefined);
    onOpenChange(open);
  }

  function confirm(target: ContentCollection, items: CollectionDeleteMode) {
    setError(undefined);
    setPendingMode(items);
    remove.mutate(
      { id: target.id, items },
      {
        onSuccess: (result) => {
          const detail =
            result.deletedItemCount > 0
              ? `${plural(result.deletedItemCount, 'item')} deleted with it.`
              : result.uncollectedItemCount > 0
                ? `${plural(result.uncollectedItemCount, 'item')} moved to Not in a collection.`
                : undefined;
          toast.success(`Collection “${target.title}” deleted`, { description: detail });
          changeOpen(false);
          onDeleted(target);
        },
        onError: (failure) =>
          setError(
            isApiClientError(failure) ? failure.message : 'The collection could not be deleted.',
          ),
      },
    );
  }

  const count = collection?.itemCount ?? 0;
  return (
    <Dialog open={collection !== undefined} onOpenChange={changeOpen}>
      <DialogContent>
        {collection ? (
          <>
            <DialogHeader>
              <DialogTitle>Delete “{collection.title}”?</DialogTitle>
              <DialogDescription>
                {count === 0
                  ? 'This collection holds no items.'
                  : count === 1
                    ? 'This collection holds 1 item. You can keep it (it moves to Not in a collection) or delete it with the collection. Its reference files stay either way.'
                    : `This collection holds ${plural(count, 'item')}. You can keep them (they move to Not in a collection) or delete them with it. Their reference files stay either way.`}
              </DialogDescription>
            </DialogHeader>
            {error ? <Alert variant="error">{error}</Alert> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              {count === 0 ? (
                <Button
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() => confirm(collection, 'keep')}
                >
                  {remove.isPending ? <Spinner /> : null}
                  Delete collection
                </Button>
              ) : (
                <>
                  <Button
                    variant="secondary"
                    disabled={remove.isPending}
                    onClick={() => confirm(collection, 'keep')}
                  >
                    {remove.isPending && pendingMode === 'keep' ? <Spinner /> : null}
                    Delete collection only
                  </Button>
                  <Button
                    variant="destructive"
                    disabled={remove.isPending}
                    onClick={() => confirm(collection, 'delete')}
                  >
                    {remove.isPending && pendingMode === 'delete' ? <Spinner /> : null}
                    Delete with {plural(count, 'item')}
                  </Button>
                </>
              )}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
